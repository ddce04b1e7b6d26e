// The end-to-end path: build a matrix in the GUI (2 index profiles x 2 sizes x 2 workloads on
// an OpenLDAP lab), run it, read the trend chart, export PNG, SVG and CSV and check each file.
import assert from 'node:assert/strict';
import test from 'node:test';
import type { Page } from 'playwright-core';
import { downloadOf, saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { apiCall } from '../helpers/uiFlows.ts';

/** Toggles a chip of the builder by its text inside the fieldset `id`. */
async function chip(page: Page, id: string, text: string): Promise<void> {
  await page.locator(`#${id}`).getByRole('button', { name: text, exact: true }).click();
}

test(
  'a 2 x 2 x 2 matrix built in the GUI runs; its trend chart and exports hold every cell',
  { timeout: 300_000 },
  async (t) => {
    const { page } = await startUi(t);
    await waitReady(page);
    await showRoute(page, '#/matrix');

    await page.getByLabel('Name', { exact: true }).fill('e2e-profiles');
    // Sizes: 1K and 2K instead of the default 10K and 100K, so two lab builds per profile stay quick.
    await chip(page, 'matrix-sizes', '10K');
    await chip(page, 'matrix-sizes', '100K');
    await chip(page, 'matrix-sizes', '1K');
    await page.getByLabel('Add a size').fill('2000');
    await page.getByLabel('Add a size').press('Enter');
    await chip(page, 'matrix-index-profiles', 'salford-unindexed');
    await page.locator('[data-workload-id="salford/S.1"]').check();
    await chip(page, 'matrix-connections', '8');
    await chip(page, 'matrix-connections', '4');
    await page.getByLabel('Warm-up (s)').fill('1');
    await page.getByLabel('Measured (s)').fill('2');

    const summary = page.getByTestId('matrix-summary');
    await page.locator('[data-testid="matrix-summary"][data-state="valid"]').waitFor();
    assert.equal(await page.getByTestId('matrix-cells').innerText(), '8');
    assert.match(await summary.innerText(), /4\s+lab builds/);

    // A mistake is named next to its field before anything runs.
    await page.getByLabel('Measured (s)').fill('0');
    await page.locator('[data-testid="matrix-summary"][data-state="invalid"]').waitFor();
    assert.match(await page.locator('[data-field="matrix-duration"]').innerText(), /durationS/);
    await page.getByLabel('Measured (s)').fill('2');
    await page.locator('[data-testid="matrix-summary"][data-state="valid"]').waitFor();
    await page.setViewportSize({ width: 1280, height: 1500 });
    await page.evaluate(() => document.querySelector('.main')?.scrollTo(0, 0));
    await saveScreenshot(page, 'matrix-builder.png');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Run matrix' }).click();
    await page.waitForURL(/#\/campaigns\/.+/);
    await waitReady(page);
    const campaignId = decodeURIComponent(page.url().split('#/campaigns/')[1] ?? '');
    await page.getByTestId('campaign-progress').waitFor();
    // The time left counts the lab builds still to come, and says how much of it they are.
    await page
      .getByTestId('campaign-eta')
      .filter({ hasText: /about .+ left \(.+ of it building labs\)/ })
      .waitFor({ timeout: 30_000 });
    // While a cell runs, its throughput is charted live on the campaign screen.
    await page
      .locator('[data-testid="campaign-throughput-chart"]:not([data-points="0"])')
      .first()
      .waitFor({ timeout: 90_000 });

    // Every cell finishes; the progress card goes once the campaign completes.
    await page
      .locator('[data-testid="campaign-cells"] tr[data-status="done"]')
      .nth(7)
      .waitFor({ timeout: 240_000 });
    await page.getByTestId('campaign-progress').waitFor({ state: 'detached', timeout: 30_000 });
    const campaign = await apiCall(page, 'campaigns/get', { campaignId });
    assert.equal(campaign.status, 'completed');
    assert.equal(campaign.cellsDone, 8);
    assert.ok(campaign.cells.every((c) => c.opsPerSec !== null && c.opsPerSec > 0));

    // The trend chart of one test: a series per index profile, a point per size, none empty.
    const chart = page.locator('[data-testid="compare-chart"][data-series="2"][data-points="4"]');
    await chart.waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId('compare-panel').getAttribute('data-chart'), 'trend');
    assert.equal(await page.getByTestId('paper-table').locator('tbody tr').count(), 4);
    await page.setViewportSize({ width: 1280, height: 1100 });
    await page.getByTestId('compare-panel').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'campaign-trend.png');

    const png = await downloadOf(page, 'compare-chart-export-png');
    assert.match(png.name, /\.png$/);
    assert.deepEqual(
      [...png.bytes.subarray(0, 8)],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    );
    assert.ok(png.bytes.length > 5_000, `PNG of ${png.bytes.length} bytes`);
    const width = png.bytes.readUInt32BE(16);
    assert.ok(width >= 640, `PNG ${width} px wide`);

    const svg = await downloadOf(page, 'compare-chart-export-svg');
    assert.match(svg.name, /\.svg$/);
    const svgCheck = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      return {
        root: doc.documentElement.nodeName,
        error: doc.getElementsByTagName('parsererror').length,
        paths: doc.getElementsByTagName('path').length,
      };
    }, svg.bytes.toString('utf8'));
    assert.deepEqual({ root: svgCheck.root, error: svgCheck.error }, { root: 'svg', error: 0 });
    assert.ok(svgCheck.paths > 4, `SVG with ${svgCheck.paths} paths`);

    const csv = await downloadOf(page, 'export-csv');
    assert.match(csv.name, /\.csv$/);
    const lines = csv.bytes.toString('utf8').trim().split(/\r?\n/);
    assert.equal(lines.length, 9, `CSV lines:\n${lines.join('\n')}`);
    const header = (lines[0] ?? '').split(',');
    for (const column of ['entries', 'workload', 'connections'])
      assert.ok(
        header.some((h) => h.includes(column)),
        `CSV header ${lines[0]}`,
      );
    const runIds = new Set(campaign.cells.map((c) => c.runId));
    for (const line of lines.slice(1))
      assert.ok(
        [...runIds].some((id) => id !== null && line.includes(id)),
        line,
      );
  },
);

test('an imported matrix file with missing lists opens in the builder; a file that is no matrix is refused', async (t) => {
  const { page } = await startUi(t);
  await waitReady(page);
  await showRoute(page, '#/matrix');
  const file = page.getByTestId('matrix-import-file');

  await file.setInputFiles({
    name: 'partial.matrix.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ name: 'partial', sizes: [1000] })),
  });
  await page.getByRole('status').filter({ hasText: 'Imported partial.matrix.json' }).waitFor();
  await page.locator('[data-testid="matrix-summary"][data-state="invalid"]').waitFor();
  assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'partial');

  await file.setInputFiles({
    name: 'list.json',
    mimeType: 'application/json',
    buffer: Buffer.from('[1, 2]'),
  });
  const alert = page.getByRole('alert').filter({ hasText: 'list.json is not a matrix file' });
  await alert.waitFor();
  assert.match(await alert.innerText(), /holds no JSON object/);
  assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'partial');
});
