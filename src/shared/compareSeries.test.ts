import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareRunFixture as run } from './compareFixtures.ts';
import { serverLabel, varyingDimensions } from './compareLabels.ts';
import {
  barItems,
  concurrencySeries,
  latencyCurves,
  metricValue,
  runNames,
  timeSeries,
  trendSeries,
} from './compareSeries.ts';
import { paperTable } from './compareTable.ts';

const ds389 = {
  serverVendor: '389 Project',
  serverVersion: '389-Directory/2.3.1',
  labKind: '389ds' as const,
};

test('full server labels join vendor and version unless the version already names the vendor', () => {
  assert.equal(serverLabel(run()), 'OpenLDAP 2.5.13');
  assert.equal(serverLabel(run({ serverVersion: 'OpenLDAP 2.6.1' })), 'OpenLDAP 2.6.1');
  assert.equal(serverLabel(run({ serverVendor: null, serverVersion: null })), 'OpenLDAP');
  assert.equal(
    serverLabel(run({ serverVendor: null, serverVersion: null, labKind: null })),
    'lab openldap',
  );
});

test('trend: one series per server, x = entries ascending, y = mean over repeats with a t interval', () => {
  const runs = [
    run({ id: 'a1', entries: 100_000, opsPerSec: 900, repeat: 1 }),
    run({ id: 'a2', entries: 100_000, opsPerSec: 1100, repeat: 2 }),
    run({ id: 'a3', entries: 10_000, opsPerSec: 2000 }),
    run({ id: 'b1', entries: 10_000, opsPerSec: 500, ...ds389 }),
  ];
  const series = trendSeries(runs, 'opsPerSec');
  assert.deepEqual(
    series.map((s) => [s.name, s.server, s.serverFullName]),
    [
      ['389 DS 2.3.1', '389 DS 2.3.1', '389 Project 389-Directory/2.3.1'],
      ['OpenLDAP 2.5.13', 'OpenLDAP 2.5.13', 'OpenLDAP 2.5.13'],
    ],
  );
  const openldap = series[1];
  assert.deepEqual(
    openldap?.points.map((p) => [p.x, p.mean, p.n]),
    [
      [10_000, 2000, 1],
      [100_000, 1000, 2],
    ],
  );
  // Two repeats 900 and 1100: sd = 141.42, t(1) = 12.706 -> half-width 12.706 * 141.42 / sqrt(2) = 1270.6.
  assert.ok(Math.abs((openldap?.points[1]?.ci95HalfWidth ?? 0) - 1270.6) < 0.1);
  assert.equal(openldap?.points[0]?.ci95HalfWidth, null);
});

test('trend series add the index profile when it differs, and a latency metric reads the summary', () => {
  const runs = [
    run({ id: 'i', indexProfile: 'salford-indexed' }),
    run({ id: 'u', indexProfile: 'salford-unindexed', entries: 100_000 }),
  ];
  assert.deepEqual(varyingDimensions(runs, ['entries']), ['indexProfile']);
  const series = trendSeries(runs, 'p99Us');
  assert.deepEqual(
    series.map((s) => s.name),
    ['OpenLDAP 2.5.13 · salford-indexed', 'OpenLDAP 2.5.13 · salford-unindexed'],
  );
  assert.equal(series[0]?.points[0]?.mean, 1500);
});

test('failed runs do not count: their points have no mean and say how many failed', () => {
  const failed = run({ id: 'f', status: 'failed', opsPerSec: null, latencyUs: null });
  assert.equal(metricValue(failed, 'opsPerSec'), null);
  const [series] = trendSeries([failed], 'opsPerSec');
  assert.deepEqual(series?.points[0] && [series.points[0].mean, series.points[0].failed], [
    null,
    1,
  ]);
});

test('concurrency: x = connections, series per client setting when the depth differs', () => {
  const runs = [
    run({ id: 'c1', connections: 1, depth: 1, opsPerSec: 100 }),
    run({ id: 'c8', connections: 8, depth: 1, opsPerSec: 700 }),
    run({ id: 'd8', connections: 8, depth: 4, opsPerSec: 900 }),
  ];
  const series = concurrencySeries(runs, 'opsPerSec');
  assert.deepEqual(
    series.map((s) => [s.name, s.points.map((p) => [p.x, p.mean])]),
    [
      [
        'OpenLDAP 2.5.13 · depth 1',
        [
          [1, 100],
          [8, 700],
        ],
      ],
      ['OpenLDAP 2.5.13 · depth 4', [[8, 900]]],
    ],
  );
});

test('bars: one per server for a cell, repeats averaged', () => {
  const runs = [
    run({ id: 'a1', opsPerSec: 1000, repeat: 1 }),
    run({ id: 'a2', opsPerSec: 1200, repeat: 2 }),
    run({ id: 'b1', opsPerSec: 400, repeat: 1, ...ds389 }),
  ];
  const bars = barItems(runs, 'opsPerSec');
  assert.deepEqual(
    bars.map((b) => [b.name, b.mean, b.n]),
    [
      ['OpenLDAP 2.5.13', 1100, 2],
      ['389 DS 2.3.1', 400, 1],
    ],
  );
  assert.ok((bars[0]?.ci95HalfWidth ?? 0) > 0);
});

test('time series and latency curves: one per run, named by what differs and the repeat', () => {
  const runs = [
    run({ id: 'a1', repeat: 1 }),
    run({ id: 'a2', repeat: 2 }),
    run({ id: 'x', repeat: 1, workload: 'salford/S.1', percentiles: [] }),
  ];
  assert.deepEqual(runNames(runs), [
    'OpenLDAP 2.5.13 · salford/S.3 #1',
    'OpenLDAP 2.5.13 · salford/S.3 #2',
    'OpenLDAP 2.5.13 · salford/S.1 #1',
  ]);
  const series = timeSeries(runs, 'opsPerSec');
  assert.equal(series[0]?.warmupS, 1);
  assert.deepEqual(series[0]?.points[0], [0, 500]);
  assert.equal(series[0]?.timeToFullSpeedS, 1);
  assert.deepEqual(
    latencyCurves(runs).map((c) => c.runId),
    ['a1', 'a2'],
  );
});

test('the paper table: tests x servers down, sizes across, "failed" and "-" where missing', () => {
  const runs = [
    run({ id: '1', entries: 10_000, opsPerSec: 1234.4 }),
    run({ id: '2', entries: 100_000, status: 'failed', opsPerSec: null }),
    run({ id: '3', entries: 10_000, opsPerSec: 55.55, ...ds389 }),
    run({ id: '4', entries: 100_000, opsPerSec: 800, workload: 'salford/S.1' }),
  ];
  const table = paperTable(runs);
  assert.deepEqual(table.sizeHeadings, ['10K', '100K']);
  assert.deepEqual(
    table.rows.map((r) => [r.test, r.server, r.serverFullName, ...r.cells]),
    [
      ['salford/S.1', 'OpenLDAP 2.5.13', 'OpenLDAP 2.5.13', '-', '800'],
      ['salford/S.3', '389 DS 2.3.1', '389 Project 389-Directory/2.3.1', '55.5', '-'],
      ['salford/S.3', 'OpenLDAP 2.5.13', 'OpenLDAP 2.5.13', '1,234', 'failed'],
    ],
  );
});
