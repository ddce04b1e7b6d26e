// History explorer against a real `dirbench serve`: facet and text filters (kept in the URL),
// tags, delete with confirmation, and importing a peer tool's output through the GUI.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'node:test';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../src/core/store/database.ts';
import { seedRuns } from '../perf/history-seed.ts';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/imports/', import.meta.url));
const SEEDED = 40;

const rows = (page: Page) => page.getByTestId('history-row');

/** Waits until the table shows `count` rows (after a filter or a reload). */
async function expectRows(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="history-row"]').length === n,
    count,
    { timeout: 15_000 },
  );
}

test('history: filter by facet and text, tag, delete, import', { timeout: 120_000 }, async (t) => {
  const { page, serve } = await startUi(t);
  await waitReady(page);
  // The rows the engine writes, through the store (the host has the same file open, WAL).
  const db = openDatabase(join(serve.dataDir, 'dirbench.sqlite'));
  try {
    seedRuns(db, SEEDED, 11);
  } finally {
    db.close();
  }
  await showRoute(page, '#/history');
  await expectRows(page, SEEDED);
  assert.equal(await page.getByTestId('history-count').innerText(), `${SEEDED} runs`);

  // A facet: the dropdown lists targets with counts; picking one adds a chip and narrows the rows.
  const targetSelect = page.locator('select[data-facet="targetNames"]');
  const option = targetSelect.locator('option', { hasText: 'OpenDJ lab' });
  const expected = Number(/\((\d+)\)$/.exec(await option.innerText())?.[1]);
  assert.ok(expected > 0 && expected < SEEDED);
  await targetSelect.selectOption('OpenDJ lab');
  await expectRows(page, expected);
  for (const text of await rows(page).allInnerTexts()) assert.match(text, /OpenDJ lab/);
  await page.getByRole('button', { name: 'Remove filter Target: OpenDJ lab' }).waitFor();
  assert.match(await page.evaluate(() => window.location.hash), /^#\/history\?target=OpenDJ\+lab$/);
  // The filter survives a reload (it lives in the URL).
  await page.reload();
  await waitReady(page);
  await expectRows(page, expected);
  await page.getByRole('button', { name: 'Remove filter Target: OpenDJ lab' }).click();
  await expectRows(page, SEEDED);

  // Free text: every word must match somewhere (here the most used tag, as the tag facet says).
  const topTag = page.locator('select[data-facet="tags"] option').nth(1);
  const [, word = '', tagCount = '0'] = /^(.+) \((\d+)\)$/.exec(await topTag.innerText()) ?? [];
  await page.getByTestId('history-search').fill(word);
  await expectRows(page, Number(tagCount));
  for (const tags of await page.getByTestId('history-tags').allInnerTexts())
    assert.match(tags, new RegExp(word));
  assert.match(await page.evaluate(() => window.location.hash), new RegExp(`q=${word}`));
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expectRows(page, SEEDED);

  // Tag a run from its row; the new tag becomes a facet value that finds it.
  const first = rows(page).first();
  const runId = (await first.getAttribute('data-run-id')) ?? '';
  await page.getByRole('button', { name: `Notes and tags of run ${runId}` }).click();
  const editor = page.getByRole('dialog', { name: /Notes and tags/ });
  await editor.getByLabel('Tags').fill('bad;tag');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.locator('[data-field="annotate-tags"] .field-error').waitFor();
  assert.match(
    await editor.locator('[data-field="annotate-tags"] .field-error').innerText(),
    /tag "bad;tag" may only hold/,
  );
  await editor.getByLabel('Tags').fill('paper-table-3, warm cache');
  await editor.getByLabel('Notes').fill('Second run after the index rebuild');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.waitFor({ state: 'detached' });
  const tagged = page.locator(`[data-testid="history-row"][data-run-id="${runId}"]`);
  await tagged.getByText('paper-table-3').waitFor();
  await tagged.getByText('Second run after the index rebuild').waitFor();
  await page.locator('select[data-facet="tags"]').selectOption('paper-table-3');
  await expectRows(page, 1);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expectRows(page, SEEDED);

  // Select two runs: Compare links to them; Delete asks first, naming how many.
  const ids = await rows(page).evaluateAll((els) =>
    els.slice(1, 3).map((el) => el.getAttribute('data-run-id') ?? ''),
  );
  for (const id of ids) await page.getByLabel(`Select run ${id}`).check();
  const selection = page.getByTestId('history-selection');
  await selection.getByText('2 selected').waitFor();
  assert.equal(
    await selection.getByRole('link', { name: 'Compare' }).getAttribute('href'),
    `#/compare?runs=${ids.join(',')}`,
  );
  await saveScreenshot(page, 'history.png');
  await selection.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 runs?' });
  await confirm.getByRole('button', { name: 'Delete 2 runs' }).click();
  await confirm.waitFor({ state: 'detached' });
  await expectRows(page, SEEDED - 2);
  for (const id of ids)
    assert.equal(await page.locator(`[data-testid="history-row"][data-run-id="${id}"]`).count(), 0);

  // The seed holds some imported runs of its own; the one imported below is counted on top.
  const seededOpendjRows = await page
    .locator('[data-testid="history-row"][data-source="opendj-csv"]')
    .count();

  // Import through the GUI: the wrong format is refused next to the file field, naming the line.
  await page.getByRole('button', { name: 'Import results' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import results' });
  await dialog.getByText('OpenDJ searchrate -S').click();
  await dialog.getByLabel('File').setInputFiles(join(FIXTURES, 'searchrate-base-reads.csv'));
  await dialog.getByRole('button', { name: 'Import' }).click();
  const fileError = dialog.locator('[data-field="import-file"] .field-error');
  await fileError.waitFor();
  assert.match(
    await fileError.innerText(),
    /searchrate-base-reads\.csv line 1: not the header of OpenDJ/,
  );
  await dialog.getByLabel('File').setInputFiles(join(FIXTURES, 'opendj-percentiles-errors.csv'));
  await dialog.getByLabel(/Target name/).fill('dj1.example.com');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expectRows(page, SEEDED - 1);
  const importedRow = page
    .locator('[data-testid="history-row"][data-source="opendj-csv"]')
    .filter({ hasText: 'dj1.example.com' });
  assert.match(
    await importedRow.innerText(),
    /dj1\.example\.com[\s\S]*imported · OpenDJ searchrate/i,
  );
  await page.locator('select[data-facet="sources"]').selectOption('opendj-csv');
  await expectRows(page, seededOpendjRows + 1);

  // Its detail shows the tool's figures and says there are no histograms behind them.
  await page.getByTestId('import-done').getByRole('link', { name: 'Open it' }).click();
  await waitReady(page);
  await page.getByTestId('imported-banner').waitFor();
  assert.match(await page.getByTestId('imported-banner').innerText(), /no latency histograms/);
  assert.equal(await page.getByTestId('summary-ops-per-sec').innerText(), '7,766');
  assert.ok(Number(await page.getByTestId('latency-chart').getAttribute('data-points')) >= 6);
  await saveScreenshot(page, 'history-imported-run.png');
});
