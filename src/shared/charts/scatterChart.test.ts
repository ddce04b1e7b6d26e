import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ScatterSeriesOption } from 'echarts';
import { compareRunFixture as run } from '../compareFixtures.ts';
import type { CompareRun } from '../compare.ts';
import { COMPARE_METRICS } from '../compareSeries.ts';
import { threeServerCampaign } from './campaignFixtures.ts';
import { CHART_KINDS, CHART_ROWS } from './chartKinds.ts';
import { chartTitle, compareChartOption } from './compareChart.ts';
import { serverColors } from './serverColors.ts';

/** Two servers swept over connections: OpenLDAP flattens at 8 connections while its p99 climbs. */
function sweep(): CompareRun[] {
  return [1, 8, 32].flatMap((connections) => [
    run({
      id: `openldap-${connections}`,
      connections,
      opsPerSec: Math.min(connections, 8) * 1000,
      latencyUs: { p50: 200, p90: 400, p99: 500 * connections, p999: 9000, max: 9000, mean: 300 },
    }),
    run({
      id: `389ds-${connections}`,
      connections,
      serverVendor: '389 Project',
      serverVersion: '389-Directory/2.3.1 B2025.016.1616',
      labKind: '389ds',
      opsPerSec: connections * 700,
    }),
  ]);
}

function scatter(runs: readonly CompareRun[], metric = COMPARE_METRICS[0]) {
  const option = compareChartOption('scatter', runs, { animation: false, metric });
  return { option, series: option.series as ScatterSeriesOption[] };
}

test('the scatter: a point per run at (ops/s, p99 ms), a series per server in its colour', () => {
  const runs = sweep();
  const { option, series } = scatter(runs);
  assert.deepEqual(
    series.map((s) => s.name),
    ['389 DS 2.3.1', 'OpenLDAP 2.5.13'],
  );
  assert.deepEqual(series[1]?.data, [
    [1000, 0.5],
    [8000, 4],
    [8000, 16],
  ]);
  const colors = serverColors(runs);
  for (const s of series)
    assert.equal((s.itemStyle as { color: string }).color, colors.get(String(s.name)));
  assert.equal((option.xAxis as { name: string }).name, 'ops/s');
  assert.equal((option.yAxis as { name: string }).name, 'p99 latency (ms)');
  assert.deepEqual(CHART_ROWS.scatter.counts?.(runs, 'opsPerSec'), { series: 2, points: 6 });
});

test('the scatter plots the latency figure chosen, p99 when ops/s is chosen', () => {
  const runs = sweep();
  assert.equal((scatter(runs, 'p50Us').series[1]?.data as number[][])[0]?.[1], 0.2);
  assert.equal(
    chartTitle('scatter', 'opsPerSec'),
    'p99 latency (ms) against ops/s, one point per run',
  );
  assert.equal(
    chartTitle('scatter', 'p999Us'),
    'p99.9 latency (ms) against ops/s, one point per run',
  );
  const picker = CHART_ROWS.scatter.pickerFigure;
  assert.equal(picker('opsPerSec'), 'p99Us');
  assert.deepEqual(
    COMPARE_METRICS.filter((m) => picker(m) === m),
    ['p50Us', 'p90Us', 'p99Us', 'p999Us', 'meanUs'],
  );
});

test('runs without both figures are left out: failed, or imported without latencies', () => {
  const runs = [
    ...sweep(),
    run({ id: 'failed', status: 'failed' }),
    run({ id: 'imported', source: 'searchrate-csv', latencyUs: null }),
  ];
  assert.deepEqual(CHART_ROWS.scatter.counts?.(runs, 'p99Us'), { series: 2, points: 6 });
  assert.deepEqual(scatter([run({ id: 'x', latencyUs: null })]).series, []);
});

test("a point's tooltip names its run, server in full, test, size, connections and figures", () => {
  const { option } = scatter(sweep());
  const tooltip = option.tooltip as { trigger: string; formatter: (p: unknown) => string };
  assert.equal(tooltip.trigger, 'item');
  const text = tooltip.formatter({ seriesIndex: 0, dataIndex: 2 });
  for (const words of [
    'run 389ds-32',
    '389 DS 2.3.1',
    '389 Project 389-Directory/2.3.1 B2025.016.1616',
    'salford/S.3 · 10K entries · 32 connections',
    '22,400</b> ops/s',
    'p99 <b>1.50 ms</b>',
  ])
    assert.ok(text.includes(words), `${words} in ${text}`);
  assert.equal(tooltip.formatter({ seriesIndex: 5, dataIndex: 0 }), '');
});

test('the report draws the scatter where load varies, after the other kinds', () => {
  const rows = CHART_ROWS.scatter;
  assert.equal(rows.inReport(sweep()), true);
  assert.equal(rows.inReport(threeServerCampaign()), false, 'one connection count: no knee');
  assert.equal(rows.inReport(sweep().map((r) => ({ ...r, latencyUs: null }))), false);
  assert.equal(CHART_KINDS.at(-1), 'scatter');
});
