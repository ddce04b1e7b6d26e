// The run form asks before heavy load goes to a server off this machine's loopback, naming target,
// connections and rate; a server on loopback (a plain slapd, not a lab) is not asked about.
import assert from 'node:assert/strict';
import test from 'node:test';
import { startTestSlapd } from '../integration/engine-slapd.ts';
import { showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { apiCall, openFinishedRun } from '../helpers/uiFlows.ts';

const THRESHOLD_VAR = 'DIRBENCH_CONFIRM_ABOVE_CONNECTIONS';
/**
 * A target off loopback. The host asks before anything connects, and a `.invalid` name never
 * resolves (RFC 6761), so even the confirmed start sends nothing anywhere: it fails at the lookup.
 */
const REMOTE_URL = 'ldap://dir.invalid:389';

test(
  'heavy load off loopback needs a yes in a dialog, cancel sends nothing; loopback is not asked about',
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
    const remote = await apiCall(page, 'targets/save', {
      name: 'Shared directory',
      url: REMOTE_URL,
      startTls: false,
      bindDn: '',
      baseDn: slapd.baseDn,
    });
    const local = await apiCall(page, 'targets/save', {
      name: 'Local slapd',
      url: slapd.url,
      startTls: false,
      bindDn: '',
      baseDn: slapd.baseDn,
    });

    await showRoute(page, '#/run');
    await page.getByLabel('Target', { exact: true }).selectOption(remote.id);
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
      `Shared directory (${REMOTE_URL})`,
    );
    assert.equal(
      await dialog.getByTestId('confirm-connections').innerText(),
      '3 connections x depth 1',
    );
    assert.match(await dialog.getByTestId('confirm-rate').innerText(), /closed model/);
    assert.match(await dialog.innerText(), /not on this machine.s loopback address/);
    assert.match(await dialog.innerText(), /above 2 connections or 1,?000 ops\/s/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await apiCall(page, 'runs/active', undefined), null);
    assert.equal((await apiCall(page, 'history/list', {})).length, 0, 'cancel stores no run');

    // Confirmed, the request passes the guard and the host goes on to reach the server, which fails
    // at the name lookup: the dialog shows that failure, not another confirmation.
    await page.getByTestId('start-run').click();
    await dialog.getByRole('button', { name: 'Start the run' }).click();
    const failure = dialog.getByRole('alert');
    await failure.waitFor({ timeout: 15_000 });
    assert.match(await failure.innerText(), /cannot reach Shared directory .*dir\.invalid/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal((await apiCall(page, 'history/list', {})).length, 0, 'nothing was stored');

    // The same load on slapd at 127.0.0.1 (not a lab) starts without a question.
    await page.getByLabel('Target', { exact: true }).selectOption(local.id);
    await page.getByTestId('start-run').click();
    const runId = await openFinishedRun(page);
    assert.equal(await dialog.count(), 0, 'no confirmation was asked');
    const run = await apiCall(page, 'history/get', { runId });
    assert.equal(run.config.connections, 3);
    assert.equal(run.config.targetId, local.id);
  },
);
