// Workloads in the run form: catalog picker, custom operation checked before it runs, copy-edit-save-delete, mix results.
import assert from 'node:assert/strict';
import test from 'node:test';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';
import {
  addIdleTarget,
  apiCall,
  openCustomOperation,
  openFinishedRun,
  pickWorkload,
  startLabTarget,
} from '../helpers/uiFlows.ts';
import { syntheticMixRun } from '../helpers/syntheticRun.ts';

test(
  'a catalog workload picked from the list runs and is stored by id',
  { timeout: 120_000 },
  async (t) => {
    const { page } = await startUi(t);
    await waitReady(page);
    const targetId = await startLabTarget(page, 10_000);

    await showRoute(page, '#/run');
    await page.getByLabel('Target', { exact: true }).selectOption(targetId);
    // Keyboard: filter, Enter picks the match; arrows move through the list.
    const filter = page.getByLabel('Filter workloads');
    await filter.fill('salford/S.3');
    await filter.press('Enter');
    await page
      .locator('[data-testid="workload-details"][data-workload-id="salford/S.3"]')
      .waitFor();
    await filter.fill('');
    await page.getByRole('listbox', { name: 'Workloads' }).press('ArrowDown');
    await page
      .locator('[data-testid="workload-details"][data-workload-id="salford/S.4"]')
      .waitFor();
    await page.getByRole('listbox', { name: 'Workloads' }).press('ArrowUp');
    const details = page.locator(
      '[data-testid="workload-details"][data-workload-id="salford/S.3"]',
    );
    await details.waitFor();
    assert.match(await details.innerText(), /salford-indexed/);
    assert.match(await details.getByTestId('workload-mix').innerText(), /search\s+100%/);

    // The study's concurrency fills connections and depth in one click.
    await details.getByTestId('use-study-concurrency').click();
    assert.equal(await page.getByLabel('Connections', { exact: true }).inputValue(), '50');
    assert.equal(await page.getByLabel('Depth', { exact: true }).inputValue(), '1');
    assert.equal(await details.getByTestId('use-study-concurrency').isDisabled(), true);

    await page.getByLabel('Warm-up (s)').fill('1');
    await page.getByLabel('Duration (s)').fill('2');
    assert.match(await page.getByTestId('run-form-summary').innerText(), /^salford\/S\.3 · /);
    await page.getByTestId('start-run').click();
    await page.getByTestId('live-run').waitFor({ timeout: 30_000 });

    await openFinishedRun(page);
    assert.notEqual(await page.getByTestId('summary-ops-per-sec').innerText(), '0');
    assert.equal(await page.getByTestId('run-workload-id').innerText(), 'salford/S.3');
    assert.match(
      await page.getByTestId('run-configuration').innerText(),
      /Workload\s+salford\/S\.3 · S\.3 Subtree leading-substring/,
    );
    await page.getByText('Full definition as run (JSON)').click();
    assert.match(await page.getByTestId('run-workload-json').innerText(), /"id": "salford\/S\.3"/);
  },
);

test(
  'a custom search with a malformed filter is refused next to the filter, before any run',
  { timeout: 60_000 },
  async (t) => {
    const { page } = await startUi(t);
    await waitReady(page);
    await openCustomOperation(page);
    assert.equal(await page.getByLabel('Operation', { exact: true }).inputValue(), 'search');
    await page.getByLabel('Filter pattern').fill('(cn=[0-');
    const filterError = page.locator('[data-field="op-filter"] .field-error');
    await filterError.waitFor();
    assert.match(await filterError.innerText(), /value pattern.*\[/s);
    assert.equal(await page.getByLabel('Filter pattern').getAttribute('aria-invalid'), 'true');
    assert.equal(
      await page.locator('.custom-op .field-error').count(),
      1,
      'only the filter is flagged',
    );

    // A filter without parentheses is a different mistake, in the same place.
    await page.getByLabel('Filter pattern').fill('cn=smith');
    await page
      .locator('[data-field="op-filter"] .field-error', { hasText: 'not an LDAP filter' })
      .waitFor();

    // Start run checks again and starts nothing.
    await page.getByTestId('start-run').click();
    await page.locator('#op-filter:focus').waitFor();
    assert.equal(await page.getByTestId('live-run').count(), 0);
    assert.deepEqual(await apiCall(page, 'history/list', {}), []);

    // Fixed, the error goes away.
    await page.getByLabel('Filter pattern').fill('(cn=[entry:cn])');
    await filterError.waitFor({ state: 'detached' });
  },
);

test(
  'copy and edit a catalog entry, save it as user/NAME, pick it, delete it',
  { timeout: 60_000 },
  async (t) => {
    const { page } = await startUi(t);
    await waitReady(page);
    await addIdleTarget(page);
    await showRoute(page, '#/run');
    await pickWorkload(page, 'salford/S.3');

    await page.getByRole('button', { name: 'Copy and edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Copy and edit salford/S.3' });
    const status = editor.locator('#editor-status');
    await editor.locator('#editor-status[data-state="valid"]').waitFor();
    const code = editor.getByLabel('Workload definition (JSON)');
    const original = await code.inputValue();

    // Not JSON: line and column; JSON but not a workload: the field path and its line.
    await code.fill(original.replace('"scope": "sub",', '"scope": "sub"'));
    await editor.locator('#editor-status[data-state="syntax"]').waitFor();
    assert.match(await status.innerText(), /Not valid JSON at line \d+, column \d+/);
    await code.fill(original.replace('"scope": "sub"', '"scope": "subtree"'));
    await editor.locator('#editor-status[data-state="invalid"]').waitFor();
    assert.equal(await status.getAttribute('data-field'), 'operations[0].operation.scope');
    assert.match(await status.innerText(), /\(line \d+\): Must be one of base, one, sub, children/);
    assert.equal(await editor.getByTestId('editor-save').isDisabled(), true);

    await code.fill(original.replace(/"title": "[^"]*"/, '"title": "My cn prefix search"'));
    await editor.locator('#editor-status[data-state="valid"]').waitFor();
    await editor.getByLabel('Save as').fill('my-s3');
    await editor.getByRole('button', { name: 'Save as user/my-s3' }).click();
    await editor.waitFor({ state: 'detached' });

    // The saved copy is in the Saved group and chosen.
    const option = page.locator('[role="option"][data-workload-id="user/my-s3"]');
    await option.waitFor();
    assert.equal(await option.getAttribute('aria-selected'), 'true');
    assert.match(
      await page.getByRole('group', { name: /Saved/ }).innerText(),
      /my-s3\s+My cn prefix search/,
    );
    const details = page.locator('[data-testid="workload-details"][data-workload-id="user/my-s3"]');
    await details.waitFor();

    // Delete asks first; Cancel keeps it, confirming removes it and falls back to the built-in read.
    await page.getByRole('button', { name: 'Delete user/my-s3' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete saved workload' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal(await option.count(), 1);
    await page.getByRole('button', { name: 'Delete user/my-s3' }).click();
    await confirm.getByRole('button', { name: 'Delete workload' }).click();
    await option.waitFor({ state: 'detached' });
    await page
      .locator('[data-testid="workload-details"][data-workload-id="read-random"]')
      .waitFor();
    const saved = await apiCall(page, 'workloads/list', undefined);
    assert.equal(saved.filter((w) => w.catalog === 'user').length, 0);
  },
);

test(
  'a mix run shows one row per operation label and cleans up after itself',
  { timeout: 120_000 },
  async (t) => {
    const { page } = await startUi(t);
    await waitReady(page);
    const targetId = await startLabTarget(page, 10_000);

    await showRoute(page, '#/run');
    await page.getByLabel('Target', { exact: true }).selectOption(targetId);
    await pickWorkload(page, 'salford/X.1');
    await page.getByTestId('use-study-concurrency').click();
    await page.getByLabel('Warm-up (s)').fill('1');
    await page.getByLabel('Duration (s)').fill('3');
    await page.getByLabel('Duration (s)').blur();
    // The README picture: the list scrolled so whole rows show below the catalog heading.
    await page.locator('[role="option"][data-workload-id="salford/X.1"]').evaluate((option) => {
      const list = option.closest('[role="listbox"]') as HTMLElement;
      const head = option.parentElement?.querySelector('.picker-group-head') as HTMLElement;
      const row = (option as HTMLElement).offsetHeight;
      list.scrollTop = (option as HTMLElement).offsetTop - head.offsetHeight - 6 * row;
    });
    await saveScreenshot(page, 'new-run-workload.png');
    await page.getByTestId('start-run').click();
    await page.getByTestId('live-run').waitFor({ timeout: 30_000 });
    await page.getByTestId('live-operations-table').waitFor({ timeout: 30_000 });

    await openFinishedRun(page);
    const labels = ['search', 'add', 'delete', 'modify', 'modrdn'];
    const rows = page.getByTestId('operation-row');
    assert.deepEqual(
      await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-label'))),
      labels,
    );
    for (const label of labels) {
      const row = page.locator(`[data-testid="operation-row"][data-label="${label}"]`);
      const opsPerSec = await row.getByTestId('operation-ops-per-sec').innerText();
      assert.ok(Number(opsPerSec.replace(/,/g, '')) > 0, `${label} ran (${opsPerSec} ops/s)`);
    }
    assert.ok(Number(await page.getByTestId('operations-chart').getAttribute('data-points')) > 0);
    const own = page.getByTestId('own-entries');
    assert.equal(await own.getAttribute('data-left'), '0', await own.innerText());
    assert.match(
      await own.innerText(),
      /Added 1,000 pool entries before load; removed [\d,]+ after; 0 left/,
    );
    // The README picture: the operations panel at the top of the viewport.
    await page.getByTestId('operations-panel').evaluate((panel) => {
      panel.scrollIntoView();
      panel.closest('.main')?.scrollBy(0, -20);
    });
    await saveScreenshot(page, 'run-detail-mix.png');
  },
);

test('a mix run whose cleanup left entries behind says so, with errors per operation', async (t) => {
  const { page } = await startUi(t);
  await waitReady(page);
  const run = syntheticMixRun(12);
  await page.route('**/api/history/get', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ ok: true, res: run }),
    }),
  );
  await showRoute(page, `#/runs/${run.id}`);
  await page.getByTestId('run-detail').waitFor();

  const row = (label: string) =>
    page.locator(`[data-testid="operation-row"][data-label="${label}"]`);
  assert.equal(await page.getByTestId('operation-row').count(), 2);
  assert.equal(await row('search').getByTestId('operation-share').innerText(), '80%');
  assert.match(await row('modify').getByTestId('operation-errors').innerText(), /^3\s+busy 3$/);
  assert.match(await row('modify').innerText(), /—/, 'a modify returns no entries');
  const own = page.getByTestId('own-entries');
  assert.equal(await own.getAttribute('data-left'), '12');
  assert.match(await own.innerText(), /12 entries the run added are still in the directory/);
  assert.match(
    await page.getByTestId('run-configuration').innerText(),
    /Workload\s+synthetic\/mix · Search and modify mix/,
  );
});
