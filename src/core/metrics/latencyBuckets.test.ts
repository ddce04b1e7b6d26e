import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { LatencySummary } from '../../shared/types.ts';
import {
  BUCKET_BOUNDS_US,
  addSecond,
  emptyHistogram,
  fractionAtOrBelow,
  leLabel,
} from './latencyBuckets.ts';

const SECOND: LatencySummary = {
  p50: 200,
  p90: 400,
  p99: 1_000,
  p999: 3_000,
  max: 8_000,
  mean: 260,
};

test('le labels are the bounds in seconds, as short decimals', () => {
  assert.deepEqual(BUCKET_BOUNDS_US.slice(0, 4).map(leLabel), [
    '0.00005',
    '0.0001',
    '0.00025',
    '0.0005',
  ]);
  assert.equal(leLabel(10_000_000), '10');
});

test('the fraction at a percentile is that percentile, linear in between, 1 past the max', () => {
  assert.equal(fractionAtOrBelow(SECOND, 200), 0.5);
  assert.equal(fractionAtOrBelow(SECOND, 300), 0.7);
  assert.equal(fractionAtOrBelow(SECOND, 1_000), 0.99);
  assert.equal(fractionAtOrBelow(SECOND, 100), 0.25);
  assert.equal(fractionAtOrBelow(SECOND, 8_000), 1);
  assert.equal(fractionAtOrBelow(SECOND, 1e9), 1);
});

test('equal percentiles jump straight to the highest of them', () => {
  const flat: LatencySummary = { p50: 100, p90: 100, p99: 100, p999: 100, max: 100, mean: 100 };
  assert.equal(fractionAtOrBelow(flat, 99), 0.495);
  assert.equal(fractionAtOrBelow(flat, 100), 1);
});

test('a second of 1,000 operations fills the buckets cumulatively, with count and sum', () => {
  const histogram = emptyHistogram();
  addSecond(histogram, SECOND, 1_000);
  const at = (us: number) => histogram.buckets[BUCKET_BOUNDS_US.indexOf(us)];
  assert.equal(at(100), 250);
  assert.equal(at(250), 600);
  assert.equal(at(1_000), 990);
  assert.equal(at(10_000), 1_000);
  assert.equal(histogram.count, 1_000);
  assert.ok(Math.abs(histogram.sumS - 0.26) < 1e-9);
  addSecond(histogram, SECOND, 0);
  assert.equal(histogram.count, 1_000, 'an empty second adds nothing');
});

test('whatever the percentiles, buckets never decrease along the bounds nor exceed the count', () => {
  const us = fc.integer({ min: 0, max: 20_000_000 });
  const summary = fc.record({ p50: us, p90: us, p99: us, p999: us, max: us, mean: us });
  fc.assert(
    fc.property(fc.array(fc.tuple(summary, fc.nat(5000)), { maxLength: 5 }), (seconds) => {
      const histogram = emptyHistogram();
      for (const [latency, ops] of seconds) addSecond(histogram, latency, ops);
      histogram.buckets.forEach((count, i) => {
        assert.ok(count >= (histogram.buckets[i - 1] ?? 0));
        assert.ok(count <= histogram.count);
      });
    }),
  );
});
