// Open model and connection policies chosen in the run form, as a lab run stores and shows them.
import assert from 'node:assert/strict';
import test from 'node:test';
import { showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { chartCount, openFinishedRun, startLabTarget } from '../helpers/uiFlows.ts';

test(
  'an open-model run at 500 ops/s shows its target line and intended latency',
  { timeout: 240_000 },
  async (t) => {
    const { page } = await startUi(t);
    await waitReady(page);
    const targetId = await startLabTarget(page, 2000);

    await showRoute(page, '#/run');
    await page.getByLabel('Target', { exact: true }).selectOption(targetId);
    await page.getByLabel('Warm-up (s)').fill('1');
    await page.getByLabel('Duration (s)').fill('4');
    await page.getByRole('radio', { name: /Open: target rate/ }).check();
    await page.getByLabel('Target (ops/s)').fill('500');
    assert.match(
      await page.getByTestId('run-form-summary').innerText(),
      /^read-random · target 500 ops\/s · up to 16 in flight · 5 s in total$/,
    );
    await page.getByLabel('Target (ops/s)').press('Enter');
    await page.getByTestId('live-run').waitFor({ timeout: 30_000 });

    await openFinishedRun(page);
    assert.ok((await chartCount(page, 'throughput-chart')) > 0, 'throughput has points');
    assert.ok(
      (await chartCount(page, 'throughput-chart', 'data-target-points')) > 0,
      'the target rate is drawn',
    );
    assert.ok(
      (await chartCount(page, 'latency-chart', 'data-intended-points')) > 0,
      'p99 from the intended start is drawn',
    );
    assert.equal(await page.getByTestId('summary-load-model').innerText(), 'Open');
    assert.match(
      await page.getByTestId('summary-time-to-full-speed').innerText(),
      /^(\d+|never settled)$/,
    );
    assert.match(await page.getByTestId('open-achieved-vs-target').innerText(), /^\d+/);
    assert.match(
      await page.getByTestId('run-configuration').innerText(),
      /open model at 500 ops\/s/,
    );
  },
);

test(
  'the reconnect policy chosen in the form is stored with the run',
  { timeout: 240_000 },
  async (t) => {
    const { page } = await startUi(t);
    await waitReady(page);
    const targetId = await startLabTarget(page, 2000);

    await showRoute(page, '#/run');
    await page.getByLabel('Target', { exact: true }).selectOption(targetId);
    await page.getByLabel('Warm-up (s)').fill('0');
    await page.getByLabel('Duration (s)').fill('2');
    await page.getByLabel('Connection policy').selectOption('reconnect');
    await page.getByLabel('N (ops)').fill('50');
    assert.match(await page.getByTestId('run-form-summary').innerText(), /reconnect every 50 ops/);
    await page.getByRole('button', { name: 'Start run' }).click();
    await page.getByTestId('live-run').waitFor({ timeout: 30_000 });

    await openFinishedRun(page);
    assert.match(
      await page.getByTestId('run-configuration').innerText(),
      /Connections\s+reconnect every 50 ops/,
    );
    assert.equal(await page.getByTestId('summary-policy').innerText(), 'Reconnect every 50 ops');
  },
);
