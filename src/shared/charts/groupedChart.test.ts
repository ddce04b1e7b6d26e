import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BarSeriesOption, CustomSeriesOption } from 'echarts';
import { compareRunFixture as run } from '../compareFixtures.ts';
import { groupedBars } from '../compareGrouped.ts';
import { threeServerCampaign } from './campaignFixtures.ts';
import { compareChartOption } from './compareChart.ts';
import { barOffsetPx } from './whiskers.ts';

const campaign = threeServerCampaign();

test('grouped bars: tests then sizes as categories, servers sorted, repeats averaged', () => {
  const grouped = groupedBars(campaign, 'opsPerSec');
  assert.deepEqual(
    grouped.categories.map((c) => c.name),
    [
      'salford/S.1 · 2K entries',
      'salford/S.1 · 10K entries',
      'salford/S.3 · 2K entries',
      'salford/S.3 · 10K entries',
    ],
  );
  assert.deepEqual(
    grouped.servers.map((s) => [s.server, s.serverFullName]),
    [
      ['389 DS 2.3.1', '389 Project 389-Directory/2.3.1 B2025.016.1616'],
      ['OpenDJ 4.9.4', 'Open Identity Platform Community OpenDJ Server 4.9.4'],
      ['OpenLDAP 2.5.13', 'OpenLDAP 2.5.13+dfsg-5'],
    ],
  );
  // 389 DS (the second lab server) at 2K: repeats 2540 and 2580.
  const first = grouped.figures[0]?.[0];
  assert.deepEqual([first?.mean, first?.n], [2560, 2]);
  assert.ok((first?.ci95HalfWidth ?? 0) > 0);
});

test('one size: the tests are the categories; one test and size: one category naming both', () => {
  const oneSize = groupedBars(
    campaign.filter((r) => r.entries === 10_000),
    'opsPerSec',
  );
  assert.deepEqual(
    oneSize.categories.map((c) => c.name),
    ['salford/S.1', 'salford/S.3'],
  );
  const oneCell = groupedBars(
    campaign.filter((r) => r.entries === 10_000 && r.workload === 'salford/S.3'),
    'p99Us',
  );
  assert.deepEqual(
    oneCell.categories.map((c) => c.parts),
    [['salford/S.3', '10K entries']],
  );
  assert.equal(oneCell.figures.length, 3);
  assert.equal(oneCell.figures[0]?.[0]?.mean, 1500);
});

test('a cell a server did not run is a gap; a cell whose runs all failed says so', () => {
  const runs = [
    run({ id: 'a', entries: 2_000 }),
    run({ id: 'b', entries: 10_000, status: 'failed', opsPerSec: null }),
    run({ id: 'c', entries: 2_000, serverVendor: '389 Project', labKind: '389ds' }),
  ];
  const grouped = groupedBars(runs, 'opsPerSec');
  assert.deepEqual(
    grouped.figures.map((row) => row.map((f) => (f ? [f.mean, f.failed] : null))),
    [
      [[1000, 0], null],
      [
        [1000, 0],
        [null, 1],
      ],
    ],
  );
});

test('the grouped option: a bar series per server in its colour, whiskers from the 95% interval', () => {
  const option = compareChartOption('grouped', campaign, { animation: false });
  const series = option.series as (BarSeriesOption | CustomSeriesOption)[];
  const bars = series.filter((s): s is BarSeriesOption => s.type === 'bar');
  assert.deepEqual(
    bars.map((b) => [b.name, (b.itemStyle as { color: string }).color]),
    [
      ['389 DS 2.3.1', '#2563eb'],
      ['OpenDJ 4.9.4', '#ea580c'],
      ['OpenLDAP 2.5.13', '#0d9488'],
    ],
  );
  const whiskers = series.find((s) => s.type === 'custom') as CustomSeriesOption;
  const data = whiskers.data as [number, number, number | null, number | null][];
  assert.equal(data.length, 12);
  const [category, slot, low, high] = data[0] ?? [];
  assert.deepEqual([category, slot], [0, 0]);
  assert.ok(low != null && high != null && low < 2560 && high > 2560, `${low}..${high}`);
  assert.equal((option.legend as { selectedMode: boolean }).selectedMode, false);
});

test('bar placement repeats ECharts: centred groups, capped widths, the gap between bars', () => {
  const layout = { count: 3, categoryGap: 0.2, barGap: 0.1, maxBarWidthPx: 1000 };
  // 100 px band: 80 px for bars, 3 w + 0.2 w = 80 -> w = 25; centres at -27.5, 0, 27.5.
  const placed = [0, 1, 2].map((slot) => barOffsetPx(layout, 100, slot));
  assert.deepEqual(
    placed.map((p) => [p.widthPx, Math.round(p.offsetPx * 1e9) / 1e9]),
    [
      [25, -27.5],
      [25, 0],
      [25, 27.5],
    ],
  );
  const capped = barOffsetPx({ ...layout, maxBarWidthPx: 10 }, 100, 0);
  assert.deepEqual([capped.widthPx, capped.offsetPx], [10, -11]);
});
