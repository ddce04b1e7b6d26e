// The run detail page draws every optional figure it is given, and nothing for data a run lacks.
import assert from 'node:assert/strict';
import test from 'node:test';
import type { Page } from 'playwright-core';
import type { RunDetail } from '../../src/shared/types.ts';
import { showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { syntheticLegacyRun, syntheticOpenRun } from '../helpers/syntheticRun.ts';
import { ARTIFACTS_DIR } from '../helpers/uiBrowser.ts';

/** Answers `history/get` with `run` instead of asking the host. */
async function serveRun(page: Page, run: RunDetail): Promise<void> {
  await page.route('**/api/history/get', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ ok: true, res: run }),
    }),
  );
}

async function count(page: Page, testId: string, attribute = 'data-points'): Promise<number> {
  return Number(await page.getByTestId(testId).getAttribute(attribute));
}

test('an open-model, per-op, client-bound run shows all its panels', async (t) => {
  const { page } = await startUi(t);
  await waitReady(page);
  const run = syntheticOpenRun();
  await serveRun(page, run);
  await showRoute(page, `#/runs/${run.id}`);
  await page.getByTestId('run-detail').waitFor();

  assert.equal(await count(page, 'throughput-chart', 'data-target-points'), run.samples.length);
  assert.equal(await count(page, 'latency-chart', 'data-intended-points'), run.samples.length);
  assert.equal(await page.getByTestId('summary-time-to-full-speed').innerText(), '3');
  assert.equal(await page.getByTestId('summary-load-model').innerText(), 'Open');
  assert.equal(
    await page.getByTestId('summary-policy').innerText(),
    'New connection per operation',
  );
  assert.equal(await page.getByTestId('open-achieved-vs-target').innerText(), '1,986');
  assert.equal(await page.getByTestId('open-behind-schedule').innerText(), '12');
  assert.equal(await page.getByTestId('open-intended-p99-ms').innerText(), '2.90');
  assert.match(await page.getByTestId('client-bound').innerText(), /Client-bound.*worker 2 ran/s);
  assert.equal(await page.getByTestId('client-headroom').count(), 0);
  assert.ok((await count(page, 'client-cpu-chart')) > 0);
  assert.ok((await count(page, 'client-elu-chart')) > 0);
  assert.equal(await count(page, 'client-gc-chart'), run.samples.length * 2);
  assert.ok((await count(page, 'server-chart')) > 0);
  assert.ok((await count(page, 'phase-latency-chart')) > 0);
  assert.equal(await page.getByTestId('conn-reconnects').innerText(), '2');
  const reconnectCard = page.locator('.stat-card', { has: page.getByTestId('conn-reconnects') });
  assert.equal(await reconnectCard.getAttribute('data-tone'), 'warning');
  assert.match(await page.getByTestId('run-configuration').innerText(), /2 s cool-down/);
  // The whole page at once, for a person to look at (the app scrolls inside its main pane).
  await page.setViewportSize({ width: 1280, height: 2300 });
  await page.screenshot({ path: `${ARTIFACTS_DIR}/synthetic-open-detail.png` });
});

test('a run stored before the load engine shows no empty panels', async (t) => {
  const { page } = await startUi(t);
  await waitReady(page);
  const run = syntheticLegacyRun();
  await serveRun(page, run);
  await showRoute(page, `#/runs/${run.id}`);
  await page.getByTestId('run-detail').waitFor();

  assert.equal(await count(page, 'throughput-chart', 'data-target-points'), 0);
  assert.equal(await count(page, 'latency-chart', 'data-intended-points'), 0);
  assert.equal(await page.getByTestId('summary-load-model').innerText(), 'Closed');
  assert.equal(await page.getByTestId('summary-policy').innerText(), 'Persistent connections');
  for (const absent of [
    'summary-time-to-full-speed',
    'open-achieved-vs-target',
    'client-bound',
    'client-headroom',
    'client-panel',
    'connection-figures',
    'phase-latency-chart',
    'server-chart',
    'client-gc-chart',
  ]) {
    assert.equal(await page.getByTestId(absent).count(), 0, `${absent} is not shown`);
  }
  assert.match(await page.getByTestId('run-configuration').innerText(), /closed model/);
});

test('a run recorded before GC pauses were measured shows its client charts without a GC chart', async (t) => {
  const { page } = await startUi(t);
  await waitReady(page);
  const measured = syntheticOpenRun();
  const run: RunDetail = {
    ...measured,
    samples: measured.samples.map((s) => ({
      ...s,
      workers: s.workers?.map(({ gcPauseMs: _p, gcCount: _c, majorGcCount: _m, ...w }) => w),
    })),
  };
  await serveRun(page, run);
  await showRoute(page, `#/runs/${run.id}`);
  await page.getByTestId('client-panel').waitFor();

  assert.ok((await count(page, 'client-cpu-chart')) > 0);
  assert.ok((await count(page, 'client-elu-chart')) > 0);
  assert.ok((await count(page, 'server-chart')) > 0);
  assert.equal(await page.getByTestId('client-gc-chart').count(), 0);
});
