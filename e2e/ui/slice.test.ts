// The first vertical slice through the UI: lab -> live run -> stored run -> history, on a real host.
import assert from 'node:assert/strict';
import test from 'node:test';
import type { Page } from 'playwright-core';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';

const SUMMARY_IDS = [
  'summary-ops-per-sec',
  'summary-p99-ms',
  'summary-errors',
  'summary-measured-s',
  'summary-mean-ms',
  'summary-p50-ms',
  'summary-p90-ms',
  'summary-p999-ms',
  'summary-max-ms',
  'summary-entries-per-op',
];

async function summaryTexts(page: Page): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const id of SUMMARY_IDS) texts[id] = await page.getByTestId(id).innerText();
  return texts;
}

async function chartPoints(page: Page, testId: string): Promise<number> {
  return Number(await page.getByTestId(testId).getAttribute('data-points'));
}

/** Waits until a chart shows at least `min` non-zero points. */
async function waitForPoints(
  page: Page,
  testId: string,
  min: number,
  timeoutMs: number,
): Promise<void> {
  await page.waitForFunction(
    ([id, least]) =>
      Number(document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-points')) >= least,
    [testId, min] as const,
    { timeout: timeoutMs },
  );
}

test('lab, live run, stored run and history agree', { timeout: 240_000 }, async (t) => {
  const { page } = await startUi(t);
  await waitReady(page);

  // Start a 2,000-entry OpenLDAP lab from the Labs screen and wait for it to run.
  await showRoute(page, '#/labs');
  await page.getByLabel('Entries').fill('2000');
  await page.getByRole('button', { name: 'Start OpenLDAP lab' }).click();
  const lab = page.locator('[data-testid="lab-row"][data-state="running"]');
  await lab.waitFor({ timeout: 120_000 });
  const labId = await lab.getAttribute('data-lab-id');
  assert.ok(labId);

  // The host adds the lab as a target.
  await showRoute(page, '#/targets');
  const labTarget = page
    .locator('[data-testid="target-row"]')
    .filter({ has: page.locator('.tag-lab') });
  await labTarget.waitFor({ timeout: 15_000 });
  const targetId = await labTarget.getAttribute('data-target-id');
  assert.ok(targetId);

  // A 5-second read run with 1 s of warm-up.
  await showRoute(page, '#/run');
  await page.getByLabel('Target', { exact: true }).selectOption(targetId);
  await page.getByLabel('Warm-up (s)').fill('1');
  await page.getByLabel('Duration (s)').fill('5');
  await page.getByRole('button', { name: 'Start run' }).click();
  await page.getByTestId('live-run').waitFor({ timeout: 30_000 });
  await waitForPoints(page, 'live-throughput-chart', 1, 30_000);
  await waitForPoints(page, 'live-throughput-chart', 4, 30_000);
  assert.ok((await chartPoints(page, 'live-latency-chart')) > 0);
  await saveScreenshot(page, 'live-run.png');

  // It ends completed, with a link to the stored run.
  const outcome = page.getByTestId('run-outcome');
  await outcome.waitFor({ timeout: 60_000 });
  assert.equal(await outcome.getAttribute('data-status'), 'completed');
  await page.getByTestId('open-run-detail').click();
  const detail = page.getByTestId('run-detail');
  await detail.waitFor({ timeout: 15_000 });
  const runId = await detail.getAttribute('data-run-id');
  assert.ok(runId);
  assert.ok(
    (await chartPoints(page, 'throughput-chart')) > 0,
    'stored throughput chart has points',
  );
  assert.ok((await chartPoints(page, 'latency-chart')) > 0, 'stored latency chart has points');
  const summary = await summaryTexts(page);
  assert.notEqual(summary['summary-ops-per-sec'], '0');
  await saveScreenshot(page, 'run-detail.png');

  // After a reload the history lists the run with the same figure, and opens the same summary.
  await page.reload();
  await waitReady(page);
  await showRoute(page, '#/history');
  const rows = page.locator('[data-testid="history-row"]').filter({
    has: page
      .getByTestId('history-ops-per-sec')
      .getByText(summary['summary-ops-per-sec'] ?? '', { exact: true }),
  });
  assert.equal(await rows.count(), 1);
  assert.equal(await rows.getAttribute('data-run-id'), runId);
  await rows.click();
  await page.locator(`[data-testid="run-detail"][data-run-id="${runId}"]`).waitFor();
  await waitReady(page);
  assert.deepEqual(await summaryTexts(page), summary);
});
