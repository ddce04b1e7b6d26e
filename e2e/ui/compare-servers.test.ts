// The compare view across three servers named by the longest vendor strings the labs report: it opens
// on the grouped bars, names servers short with the full strings in the table and the tooltip, and
// the other chart kinds stay a click away.
import assert from 'node:assert/strict';
import test from 'node:test';
import type { StoredRunSpec } from '../helpers/baselineRuns.ts';
import { downloadOf, saveScreenshot, startUi, waitReady } from '../helpers/ui.ts';
import { compareStoredRuns } from '../helpers/uiFlows.ts';

/** The three lab servers as their runs store them (lab start openldap|389ds|opendj on this machine). */
const SERVERS: NonNullable<StoredRunSpec['server']>[] = [
  { lab: 'openldap', vendorName: 'OpenLDAP', vendorVersion: 'OpenLDAP 2.5.13+dfsg-5' },
  { lab: '389ds', vendorName: '389 Project', vendorVersion: '389-Directory/2.3.1 B2025.016.1616' },
  {
    lab: 'opendj',
    vendorName: 'Open Identity Platform Community',
    vendorVersion: 'OpenDJ Server 4.9.4',
  },
];

/** Their full names as tables and tooltips show them, sorted (OpenLDAP's version names its vendor). */
const FULL_NAMES = [
  '389 Project 389-Directory/2.3.1 B2025.016.1616',
  'Open Identity Platform Community OpenDJ Server 4.9.4',
  'OpenLDAP 2.5.13+dfsg-5',
];

/** Two sizes, two repeats per server: twelve runs, six bars. */
const RUNS: StoredRunSpec[] = SERVERS.flatMap((server, s) =>
  [2_000, 10_000].flatMap((entries) =>
    [1, 2].map((repeat) => ({
      id: `run_${server.lab}_${entries}_${repeat}`,
      opsPerSec: 1000 * (s + 1) + repeat * 50 - entries / 100,
      p99Us: 2000,
      entries,
      server,
    })),
  ),
);

test('compare: three servers open on grouped bars, short names, full ones in table and tooltip', async (t) => {
  const ui = await startUi(t);
  const { page } = ui;
  await waitReady(page);
  const panel = await compareStoredRuns(ui, RUNS);
  assert.equal(await panel.getAttribute('data-chart'), 'grouped');
  assert.equal(await page.getByRole('radio', { name: 'Across servers' }).isChecked(), true);
  // A bar series per server, a bar per server and size.
  const chart = page.locator('[data-testid="compare-chart"][data-series="3"][data-points="6"]');
  await chart.waitFor();

  // The table keeps both names: short as the charts say it, the vendor string under it.
  const table = page.getByTestId('paper-table');
  const text = await table.innerText();
  for (const name of ['OpenLDAP 2.5.13', '389 DS 2.3.1', 'OpenDJ 4.9.4'])
    assert.ok(text.includes(name), `${name} in ${text}`);
  for (const full of FULL_NAMES) assert.ok(text.includes(full), `${full} in ${text}`);

  // Hovering the first size's bars shows every server's figure with its full name.
  const box = await chart.boundingBox();
  assert.ok(box);
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.7);
  const tooltip = page.getByText('Open Identity Platform Community OpenDJ Server 4.9.4').last();
  await tooltip.waitFor();
  await saveScreenshot(page, 'compare-servers-grouped.png');

  // Against a baseline, every setting's short name carries its server's full name on hover.
  await page.getByTestId('baseline-picker').selectOption({ index: 1 });
  await page.getByTestId('baseline-table').waitFor();
  const titles = await page
    .getByTestId('baseline-table')
    .locator('.baseline-setting')
    .evaluateAll((spans) => spans.map((span) => span.getAttribute('title')));
  assert.deepEqual([...new Set(titles)].sort(), FULL_NAMES);

  // The other kinds stay selectable: the trend draws a line per server.
  await page.getByRole('radio', { name: 'By size' }).check();
  await page.locator('[data-testid="compare-chart"][data-series="3"][data-points="6"]').waitFor();
  assert.equal(await panel.getAttribute('data-chart'), 'trend');
  await page.getByRole('radio', { name: 'Each cell' }).check();
  assert.equal(await panel.getAttribute('data-chart'), 'bars');
});

test('compare: the HTML report covers the test picked, as dirbench report --test does', async (t) => {
  const ui = await startUi(t);
  const { page } = ui;
  await waitReady(page);
  const runs: StoredRunSpec[] = ['salford/S.1', 'salford/S.3'].flatMap((workload, w) =>
    RUNS.map((run) => ({ ...run, id: `${run.id}_${w}`, workload })),
  );
  await compareStoredRuns(ui, runs);
  await page.getByTestId('compare-workload').selectOption('salford/S.3');
  const button = page.getByTestId('export-report');
  assert.equal(await button.innerText(), 'HTML report (salford/S.3)');
  const html = (await downloadOf(page, 'export-report')).bytes.toString('utf8');
  const kept = runs.filter((r) => r.workload === 'salford/S.3').map((r) => r.id);
  const left = runs.filter((r) => r.workload === 'salford/S.1').map((r) => r.id);
  for (const id of kept) assert.ok(html.includes(id), `${id} in the report`);
  for (const id of left) assert.ok(!html.includes(id), `${id} left out of the report`);
});
