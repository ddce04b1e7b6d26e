// Published figures screen against a real `dirbench serve`: browse by study, the paper's table, the chart.
import assert from 'node:assert/strict';
import test from 'node:test';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';

test(
  'reference: Salford Table 3 as printed, a failure explained, M-Vault and UnboundID tables',
  { timeout: 60_000 },
  async (t) => {
    const { page } = await startUi(t);
    await waitReady(page);
    await showRoute(page, '#/reference');

    // Always marked as other hardware's figures.
    const banner = page.getByTestId('reference-banner');
    assert.match(await banner.innerText(), /Published figures, measured on other hardware/);

    // Every study is listed; Salford's Table 3 keeps the printed hh:mm:ss and the "-" of a failed load.
    const list = page.getByRole('navigation', { name: 'Published tables' });
    for (const study of [
      'Salford',
      'M-Vault',
      'DirectoryMark',
      'UnboundID',
      'Measurement and analysis',
    ]) {
      assert.equal(await list.getByRole('heading', { name: new RegExp(study) }).count(), 1, study);
    }
    await page.getByTestId('reference-item-salford/table-3').click();
    const table = page.getByTestId('reference-table');
    await table.getByText('Indexed Directory Load Times').waitFor();
    const openldap = table.getByTestId('reference-row').filter({ hasText: 'OpenLDAP 2.0.23' });
    assert.equal(await openldap.locator('td[data-x="10000"]').innerText(), '00:00:37');
    const failed = table
      .getByTestId('reference-row')
      .filter({ hasText: 'IBM SecureWay' })
      .locator('td[data-x="10000000"]');
    assert.match(await failed.innerText(), /^-\s*\d+$/);
    assert.match((await failed.getAttribute('title')) ?? '', /repeatedly failed/);
    assert.match(await page.getByTestId('reference-cell-notes').innerText(), /repeatedly failed/);
    assert.match(
      await page.getByTestId('reference-hardware').innerText(),
      /Pentium 3 1 GHz, 512 MB RAM/,
    );

    // The chart plots every figure the table has (7 servers, 21 loads that finished).
    const chart = page.getByTestId('reference-chart');
    await chart.locator('canvas').waitFor();
    assert.equal(await chart.getAttribute('data-points'), '21');
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'reference-salford.png');

    // A table of tests (M-Vault) names the DirBench workloads its rows match.
    await page.getByTestId('reference-item-mvault/results').click();
    await table.getByText('Max modify rate').waitFor();
    assert.match(
      await page.getByTestId('reference-details').innerText(),
      /mvault\/search-no-attrs/,
    );

    // Categorical columns: UnboundID's highest throughput per SDK, drawn as bars.
    await page.getByTestId('reference-item-unboundid/modify').click();
    await table.getByText('Highest throughput (best of 1-128 client threads)').waitFor();
    assert.equal(await table.getByTestId('reference-row').count(), 7);
    assert.equal(await chart.getAttribute('data-points'), '7');
  },
);
