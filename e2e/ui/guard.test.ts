// The run form asks before heavy load goes to a server that is not a DirBench lab, naming target, connections and rate.
import assert from 'node:assert/strict';
import test from 'node:test';
import { startTestSlapd } from '../integration/engine-slapd.ts';
import { showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { apiCall, openFinishedRun } from '../helpers/uiFlows.ts';

const THRESHOLD_VAR = 'DIRBENCH_CONFIRM_ABOVE_CONNECTIONS';

test(
  'heavy load on a plain server needs a yes in a dialog; cancel sends nothing',
  { timeout: 120_000 },
  async (t) => {
    // A low threshold keeps the run light; the served host inherits it.
    const saved = process.env[THRESHOLD_VAR];
    process.env[THRESHOLD_VAR] = '2';
    t.after(() => {
      if (saved === undefined) Reflect.deleteProperty(process.env, THRESHOLD_VAR);
      else process.env[THRESHOLD_VAR] = saved;
    });
    const slapd = await startTestSlapd(200);
    t.after(() => slapd.stop());
    const { page } = await startUi(t);
    await waitReady(page);
    const target = await apiCall(page, 'targets/save', {
      name: 'Shared directory',
      url: slapd.url,
      startTls: false,
      bindDn: '',
      baseDn: slapd.baseDn,
    });

    await showRoute(page, '#/run');
    await page.getByLabel('Target', { exact: true }).selectOption(target.id);
    await page.getByLabel('Connections').fill('3');
    await page.getByLabel('Depth').fill('1');
    await page.getByLabel('Warm-up (s)').fill('0');
    await page.getByLabel('Duration (s)').fill('1');
    await page.getByLabel('Workers').fill('1');
    const dialog = page.getByRole('dialog', { name: /Send heavy load/ });

    await page.getByTestId('start-run').click();
    await dialog.waitFor({ timeout: 15_000 });
    assert.equal(
      await dialog.getByTestId('confirm-target').innerText(),
      `Shared directory (${slapd.url})`,
    );
    assert.equal(
      await dialog.getByTestId('confirm-connections').innerText(),
      '3 connections x depth 1',
    );
    assert.match(await dialog.getByTestId('confirm-rate').innerText(), /closed model/);
    assert.match(await dialog.innerText(), /above 2 connections or 1,?000 ops\/s/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await apiCall(page, 'runs/active', undefined), null);
    assert.equal((await apiCall(page, 'history/list', {})).length, 0, 'cancel stores no run');

    await page.getByTestId('start-run').click();
    await dialog.getByRole('button', { name: 'Start the run' }).click();
    await dialog.waitFor({ state: 'detached' });
    const runId = await openFinishedRun(page);
    const run = await apiCall(page, 'history/get', { runId });
    assert.equal(run.config.connections, 3);
    assert.equal(run.config.targetId, target.id);
  },
);
