import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareRunFixture as run } from '../compareFixtures.ts';
import { COMPARE_METRICS } from '../compareSeries.ts';
import { threeServerCampaign } from './campaignFixtures.ts';
import { groupedCounts } from './chartCounts.ts';
import { CHART_KINDS, CHART_ROWS, isChartKind } from './chartKinds.ts';
import { chartTitle, firstChart } from './compareChart.ts';

test('every chart kind is listed once, in the picker order, with a label, a summary and a title', () => {
  assert.deepEqual(CHART_KINDS.slice(0, 6), [
    'trend',
    'concurrency',
    'timeseries',
    'latency',
    'grouped',
    'bars',
  ]);
  assert.equal(new Set(CHART_KINDS).size, CHART_KINDS.length);
  const labels = CHART_KINDS.map((kind) => CHART_ROWS[kind].label);
  assert.equal(new Set(labels).size, labels.length, labels.join(', '));
  for (const kind of CHART_KINDS) {
    assert.ok(isChartKind(kind), kind);
    assert.ok(CHART_ROWS[kind].summary.length > 10, kind);
    for (const metric of COMPARE_METRICS) assert.ok(chartTitle(kind, metric).length > 10, kind);
  }
  for (const name of ['pie', 'toString', '', 3]) assert.equal(isChartKind(name), false);
});

test('the titles of the first six kinds are the ones exports and the report always had', () => {
  const titles = (metric: 'opsPerSec' | 'p99Us' | 'p90Us') =>
    CHART_KINDS.slice(0, 6).map((kind) => chartTitle(kind, metric));
  assert.deepEqual(titles('opsPerSec'), [
    'ops/s by directory size',
    'ops/s by client connections',
    'ops/s over time',
    'Latency distribution (measured phase)',
    'ops/s across servers: mean of repeats, 95% confidence interval',
    'ops/s: mean of repeats, 95% confidence interval',
  ]);
  assert.equal(titles('p99Us')[2], 'p99 latency (ms) over time');
  // The time series has no per-second p90: it falls back to ops/s.
  assert.equal(titles('p90Us')[2], 'ops/s over time');
});

test('a comparison of several servers opens on the grouped bars, one server on what varies', () => {
  assert.equal(firstChart(threeServerCampaign()), 'grouped');
  const openldap = threeServerCampaign().filter((r) => r.labKind === 'openldap');
  assert.equal(firstChart(openldap), 'trend');
  assert.equal(
    firstChart([run({ id: 'a', connections: 4 }), run({ id: 'b', connections: 8 })]),
    'concurrency',
  );
  assert.equal(firstChart([run({ id: 'a' }), run({ id: 'b' })]), 'bars');
  assert.equal(firstChart([run()]), 'timeseries');
});

test('the grouped chart counts a bar series per server and a bar per cell with a figure', () => {
  const campaign = threeServerCampaign();
  assert.deepEqual(groupedCounts(campaign, 'opsPerSec'), { series: 3, points: 12 });
  assert.deepEqual(CHART_ROWS.grouped.counts?.(campaign, 'opsPerSec'), { series: 3, points: 12 });
  const oneFailed = campaign.map((r) =>
    r.labKind === 'opendj' && r.entries === 2_000 ? { ...r, status: 'failed' as const } : r,
  );
  assert.deepEqual(groupedCounts(oneFailed, 'opsPerSec'), { series: 3, points: 10 });
});

test('lines count their series and points; the kinds without counts say so', () => {
  const openldap = threeServerCampaign().filter((r) => r.labKind === 'openldap');
  // Two tests, one line each, at two sizes.
  assert.deepEqual(CHART_ROWS.trend.counts?.(openldap, 'opsPerSec'), { series: 2, points: 4 });
  assert.deepEqual(CHART_ROWS.concurrency.counts?.(openldap, 'opsPerSec'), {
    series: 4,
    points: 4,
  });
  for (const kind of ['timeseries', 'latency', 'bars'] as const)
    assert.equal(CHART_ROWS[kind].counts, undefined, kind);
});

test('the Figure picker offers every figure for lines and bars, none for time and latency', () => {
  for (const kind of ['trend', 'concurrency', 'grouped', 'bars'] as const)
    for (const metric of COMPARE_METRICS)
      assert.equal(CHART_ROWS[kind].pickerFigure(metric), metric, kind);
  for (const kind of ['timeseries', 'latency'] as const)
    assert.equal(CHART_ROWS[kind].pickerFigure('p99Us'), null, kind);
});
