import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  HIGHEST_US,
  createHistogram,
  decodeHistogram,
  encodeHistogram,
  mergeInto,
  recordLatencyUs,
  summarize,
} from './histogram.ts';

test('summarize gives integer percentiles in order', () => {
  const h = createHistogram();
  for (let us = 1; us <= 10_000; us++) recordLatencyUs(h, us);
  const s = summarize(h);
  for (const v of Object.values(s)) assert.ok(Number.isInteger(v), `${v} is an integer`);
  assert.ok(s.p50 <= s.p90 && s.p90 <= s.p99 && s.p99 <= s.p999 && s.p999 <= s.max);
  // 3 significant digits: within 0.1 % of the exact value.
  assert.ok(Math.abs(s.p50 - 5000) <= 5, `p50 ${s.p50}`);
  assert.ok(Math.abs(s.p99 - 9900) <= 10, `p99 ${s.p99}`);
  assert.ok(Math.abs(s.max - 10_000) <= 10, `max ${s.max}`);
  assert.ok(Math.abs(s.mean - 5000) <= 5, `mean ${s.mean}`);
});

test('an empty histogram summarizes to zeros and survives a round trip', () => {
  const decoded = decodeHistogram(encodeHistogram(createHistogram()));
  assert.equal(decoded.totalCount, 0);
  assert.deepEqual(summarize(decoded), { p50: 0, p90: 0, p99: 0, p999: 0, max: 0, mean: 0 });
});

test('encode/decode round-trips counts and percentiles', () => {
  const h = createHistogram();
  for (let i = 0; i < 5000; i++) recordLatencyUs(h, 100 + (i % 977));
  const back = decodeHistogram(encodeHistogram(h));
  assert.equal(back.totalCount, 5000);
  assert.deepEqual(summarize(back), summarize(h));
});

test('merging is exact where averaging percentiles is not', () => {
  // Worker A: 1000 fast ops; worker B: 10 slow ops.
  const a = createHistogram();
  const b = createHistogram();
  for (let i = 0; i < 1000; i++) recordLatencyUs(a, 100);
  for (let i = 0; i < 10; i++) recordLatencyUs(b, 50_000);
  const merged = createHistogram(64);
  mergeInto(merged, decodeHistogram(encodeHistogram(a)));
  mergeInto(merged, decodeHistogram(encodeHistogram(b)));
  const s = summarize(merged);
  assert.equal(merged.totalCount, 1010);
  assert.ok(Math.abs(s.p50 - 100) <= 1);
  // p99.9 falls among the 10 slow ops (1 % of all): only a merged histogram sees that.
  assert.ok(Math.abs(s.p999 - 50_000) <= 50, `p999 ${s.p999}`);
  assert.ok(Math.abs(s.p99 - 100) <= 1, `p99 ${s.p99}`);
});

test('out-of-range latencies are clamped instead of throwing', () => {
  const h = createHistogram();
  recordLatencyUs(h, 0);
  recordLatencyUs(h, HIGHEST_US * 10);
  assert.equal(h.totalCount, 2);
  assert.ok(summarize(h).max >= HIGHEST_US * 0.999);
});
