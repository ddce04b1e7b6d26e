// The compare view's baseline against a real `dirbench serve`: pick a setting with the keyboard, read
// each other setting's change in percent, its direction in words and Welch's p-value.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import test from 'node:test';
import type { Page } from 'playwright-core';
import { storeRuns } from '../helpers/baselineRuns.ts';
import { showRoute, startUi, waitReady } from '../helpers/ui.ts';

const BASELINE = 'OpenLDAP 2.5.13 · 8 conn';
const SLOWER = 'OpenLDAP 2.5.13 · 16 conn';
const SINGLE = 'OpenLDAP 2.5.13 · 32 conn';

/** The text of one cell of the baseline table: a candidate setting's figure for `metric`. */
function cell(page: Page, setting: string, metric: string) {
  return page
    .locator(`[data-testid="baseline-candidate"][data-setting="${setting}"]`)
    .locator(`td[data-metric="${metric}"]`);
}

test('compare: pick a baseline, read changes in percent, direction and p-values', async (t) => {
  const { page, serve } = await startUi(t);
  await waitReady(page);
  // Three settings: the baseline (3 repeats), a slower one (3 repeats), one run plus a failed repeat.
  storeRuns(join(serve.dataDir, 'dirbench.sqlite'), [
    { id: 'run_base_1', opsPerSec: 1000, p99Us: 1500 },
    { id: 'run_base_2', opsPerSec: 1020, p99Us: 1480 },
    { id: 'run_base_3', opsPerSec: 980, p99Us: 1520 },
    { id: 'run_slow_1', opsPerSec: 900, p99Us: 1900, connections: 16 },
    { id: 'run_slow_2', opsPerSec: 910, p99Us: 1880, connections: 16 },
    { id: 'run_slow_3', opsPerSec: 890, p99Us: 1920, connections: 16, errors: 40 },
    { id: 'run_one_1', opsPerSec: 1200, p99Us: 1200, connections: 32 },
    { id: 'run_one_2', opsPerSec: 50, p99Us: 9000, connections: 32, status: 'failed' },
  ]);
  const ids = ['base_1', 'slow_1', 'one_1', 'base_2', 'slow_2', 'base_3', 'slow_3', 'one_2'];
  await showRoute(page, `#/compare?runs=${ids.map((id) => `run_${id}`).join(',')}`);
  const section = page.getByTestId('baseline-section');
  await section.waitFor();
  // Default: no baseline, and the section says what picking one gives.
  assert.equal(await page.getByTestId('baseline-picker').inputValue(), '');
  assert.match(await section.innerText(), /No baseline\. Choose one of the 3 settings/);
  assert.equal(await page.getByTestId('baseline-table').count(), 0);
  const options = await page.getByTestId('baseline-picker').locator('option').allInnerTexts();
  assert.deepEqual(options, [
    'None',
    `${BASELINE} (3 runs)`,
    `${SLOWER} (3 runs)`,
    `${SINGLE} (2 runs)`,
  ]);

  // Keyboard only: focus the picker by its label and move to the first setting.
  await page.getByRole('combobox', { name: /^Baseline/ }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByTestId('baseline-table').waitFor();
  assert.equal(await page.getByTestId('baseline-picker').inputValue(), BASELINE);

  const baselineRow = page.getByTestId('baseline-row');
  assert.match(await baselineRow.innerText(), /Baseline\s+OpenLDAP 2\.5\.13 · 8 conn\s+3 runs/);
  assert.match(
    await baselineRow.locator('td[data-metric="opsPerSec"]').innerText(),
    /1,000 ops\/s\s+mean of 3/,
  );

  // The slower setting: 900 ops/s is 10% less, worse, significant; its p99 1.90 ms is 26.7% more.
  const ops = cell(page, SLOWER, 'opsPerSec');
  assert.equal(await ops.getAttribute('data-direction'), 'worse');
  assert.equal(await ops.getAttribute('data-significant'), 'true');
  // scipy.stats.ttest_ind([900, 910, 890], [1000, 1020, 980], equal_var=False).pvalue = 0.0048
  // Significance is a solid mark on screen and ", significant" for screen readers.
  assert.match(
    await ops.innerText(),
    /^900 ops\/s\s+▼ -10\.0% worse\s+p = 0\.005\s*, significant$/,
  );
  assert.match(
    await cell(page, SLOWER, 'p99Us').innerText(),
    /^1\.90 ms\s+▲ \+26\.7% worse\s+p < 0\.001\s*, significant$/,
  );
  // Errors (in one repeat) where the baseline had none: no percentage ("from 0"), worse, not significant.
  assert.match(
    await cell(page, SLOWER, 'errorRate').innerText(),
    /^0\.37%\s+▲ from 0, worse\s+p = 0\.423$/,
  );

  // One counted run (its failed repeat does not count): changes without a p-value.
  const single = page.locator(`[data-testid="baseline-candidate"][data-setting="${SINGLE}"]`);
  assert.match(await single.locator('th').innerText(), /1 of 2 runs counted · 1 failed/);
  const singleOps = cell(page, SINGLE, 'opsPerSec');
  assert.equal(await singleOps.getAttribute('data-direction'), 'better');
  assert.match(await singleOps.innerText(), /^1,200 ops\/s\s+▲ \+20\.0% better\s+no p-value$/);

  assert.match(
    await page.getByTestId('baseline-summary').innerText(),
    /^2 settings against the baseline: \d+ figures? worse and \d+ figures? better at p < 0\.05\.$/,
  );

  // Another baseline re-bases the table; None hides it again.
  await page.getByTestId('baseline-picker').selectOption(SLOWER);
  assert.equal(await cell(page, BASELINE, 'opsPerSec').getAttribute('data-direction'), 'better');
  assert.match(await cell(page, BASELINE, 'opsPerSec').innerText(), /\+11\.1% better/);
  await page.getByTestId('baseline-picker').selectOption('');
  await page.getByTestId('baseline-table').waitFor({ state: 'detached' });
});
