import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LineSeriesOption } from 'echarts';
import { compareRunFixture as run } from '../compareFixtures.ts';
import { PUBLISHED_SUFFIX, legendRows } from './base.ts';
import { salfordTable5 } from './campaignFixtures.ts';
import { CHART_KINDS } from './chartKinds.ts';
import { compareChartOption } from './compareChart.ts';
import { ninesOf, percentileAt } from './latencyChart.ts';
import { sizeAxis } from './trendChart.ts';

const runs = [
  run({ id: 'a', entries: 10_000, opsPerSec: 5000 }),
  run({ id: 'b', entries: 100_000, opsPerSec: 3000 }),
  run({ id: 'c', entries: 10_000, opsPerSec: 2000, serverVendor: '389 Project', labKind: '389ds' }),
];

const salford = salfordTable5();

function lines(option: ReturnType<typeof compareChartOption>): LineSeriesOption[] {
  return option.series as LineSeriesOption[];
}

test('every chart kind builds an option with animation off on request', () => {
  for (const kind of CHART_KINDS) {
    const option = compareChartOption(kind, runs, { animation: false, title: kind });
    assert.equal(option.animation, false, kind);
    assert.ok(Array.isArray(option.series) && option.series.length > 0, kind);
  }
});

test('trend: log x axis a little beyond the sizes drawn, one line per server, published lines dashed', () => {
  const option = compareChartOption('trend', runs, { references: [salford] });
  const xAxis = option.xAxis as {
    type: string;
    min: number;
    max: number;
    axisLabel: { customValues: number[] };
  };
  assert.equal(xAxis.type, 'log');
  assert.ok(xAxis.min < 10_000 && xAxis.min > 8_000, `min ${xAxis.min}`);
  assert.ok(xAxis.max > 100_000 && xAxis.max < 125_000, `max ${xAxis.max}`);
  assert.deepEqual(xAxis.axisLabel.customValues, [10_000, 20_000, 50_000, 100_000]);
  const single = compareChartOption('trend', runs.slice(0, 1)).xAxis as {
    min: number;
    max: number;
  };
  assert.ok(single.min < 10_000 && single.max > 10_000, 'one size sits mid-axis');
  const series = lines(option);
  assert.deepEqual(
    series.map((s) => s.name),
    ['389 DS 2.5.13', 'OpenLDAP 2.5.13', `OpenLDAP, Table 5${PUBLISHED_SUFFIX}`],
  );
  assert.deepEqual(series[1]?.data, [
    [10_000, 5000],
    [100_000, 3000],
  ]);
  assert.equal(series[2]?.lineStyle?.type, 'dashed');
  // The study's failure (null) is left out rather than drawn as zero.
  assert.deepEqual(series[2]?.data, [[10_000, 400]]);
});

test('the size axis starts near the smallest size and labels sizes people read', () => {
  // Issue 19's campaign: 2K and 10K, not an empty decade from 1K.
  const twoSizes = sizeAxis([2_000, 10_000, 2_000]);
  assert.ok(twoSizes.min > 1_500 && twoSizes.min < 2_000, `min ${twoSizes.min}`);
  assert.ok(twoSizes.max > 10_000 && twoSizes.max < 12_000, `max ${twoSizes.max}`);
  assert.deepEqual(twoSizes.ticks, [2_000, 5_000, 10_000]);
  // Round sizes next to a measured one give way to it; many decades are labelled by decade.
  assert.deepEqual(
    sizeAxis([500, 2_000, 25_000]).ticks,
    [500, 1_000, 2_000, 5_000, 10_000, 25_000],
  );
  assert.deepEqual(sizeAxis([1_000, 10_000_000]).ticks, [1e3, 1e4, 1e5, 1e6, 1e7]);
  const one = sizeAxis([10_000]);
  assert.deepEqual([Math.round(one.min), Math.round(one.max)], [3_162, 31_623]);
  assert.deepEqual(sizeAxis([]).ticks, [1e3, 1e4, 1e5, 1e6, 1e7]);
});

test('published figures in another unit, or along another x, are not overlaid', () => {
  const latency = compareChartOption('trend', runs, { references: [salford], metric: 'p99Us' });
  assert.equal(lines(latency).length, 2);
  const threads = compareChartOption('concurrency', runs, { references: [salford] });
  assert.ok(lines(threads).every((s) => !String(s.name).includes('published')));
});

test('latency: x positions are nines with percentile labels; y in ms on a log axis', () => {
  assert.ok(Math.abs(ninesOf(99.9) - 3) < 1e-9);
  assert.ok(Math.abs(percentileAt(2) - 99) < 1e-9);
  const option = compareChartOption('latency', runs);
  const xAxis = option.xAxis as {
    axisLabel: { customValues: number[]; formatter: (v: number) => string };
  };
  assert.deepEqual(xAxis.axisLabel.customValues.map(xAxis.axisLabel.formatter), [
    '50',
    '90',
    '99',
    '99.9',
    '99.99',
    '99.999',
  ]);
  assert.equal((option.yAxis as { type: string }).type, 'log');
  const first = lines(option)[0]?.data as [number, number][];
  const [x99, y99] = first[3] ?? [NaN, NaN];
  assert.ok(Math.abs(x99 - 2) < 1e-9 && y99 === 1.5, `p99 plotted at ${x99}, ${y99}`);
});

test("time series mark each run's time to full speed", () => {
  const option = compareChartOption('timeseries', runs);
  const series = lines(option);
  assert.equal(series.length, 3);
  assert.deepEqual(series[0]?.markLine?.data, [{ xAxis: 1 }]);
});

test('a long legend takes more rows on a narrow chart', () => {
  const names = Array.from({ length: 6 }, (_, i) => `OpenLDAP 2.5.13 · salford-indexed ${i}`);
  assert.equal(legendRows([], 900), 0);
  assert.ok(legendRows(names, 400) > legendRows(names, 1600));
});
