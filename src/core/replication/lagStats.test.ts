// Lag figures: nearest-rank percentiles, and markers grouped by the second they were written in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lagFigures, lagSeconds, percentileOf } from './lagStats.ts';

test('percentiles are nearest-rank over the sorted lags; none gives zeros', () => {
  const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
  assert.equal(percentileOf(sorted, 50), 50);
  assert.equal(percentileOf(sorted, 99), 99);
  assert.equal(percentileOf([7], 99), 7);
  assert.deepEqual(lagFigures([]), { p50: 0, p99: 0, max: 0 });
  assert.deepEqual(lagFigures([300, 100.4, 3000, 200]), { p50: 200, p99: 3000, max: 3000 });
});

test('a stalled consumer shows its markers by the second they were written, unseen ones counted', () => {
  const rows = lagSeconds('ldap://127.0.0.1:1', [
    { second: 1, lagMs: 40, unseen: false },
    { second: 0, lagMs: 60, unseen: false },
    { second: 1, lagMs: 2900.6, unseen: false },
    { second: 2, lagMs: 1200, unseen: true },
  ]);
  assert.deepEqual(
    rows.map((r) => [r.second, r.markers, r.unseen, r.lagsMs, r.p50Ms, r.maxMs]),
    [
      [0, 1, 0, [60], 60, 60],
      [1, 2, 0, [40, 2901], 40, 2901],
      [2, 1, 1, [1200], 1200, 1200],
    ],
  );
  assert.ok(rows.every((r) => r.consumer === 'ldap://127.0.0.1:1'));
});
