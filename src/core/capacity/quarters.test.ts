import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHistogram, encodeHistogram, recordLatencyUs } from '../loadgen/histogram.ts';
import { quarterP99s } from './quarters.ts';

/** One second of 100 operations, all at `latencyUs`. */
function second(latencyUs: number): string {
  const histogram = createHistogram();
  for (let i = 0; i < 100; i++) recordLatencyUs(histogram, latencyUs);
  return encodeHistogram(histogram);
}

test('a step of 8 s compares the p99 of its first 2 s with that of its last 2 s', () => {
  const growing = [1_000, 1_100, 1_500, 1_800, 2_000, 2_500, 3_000, 4_000].map(second);
  const quarters = quarterP99s(growing);
  assert.ok(Math.abs((quarters.firstQuarterP99Us ?? 0) - 1_100) <= 1, JSON.stringify(quarters));
  assert.ok(Math.abs((quarters.lastQuarterP99Us ?? 0) - 4_000) <= 4, JSON.stringify(quarters));
});

test('a short step compares its first and last second; an empty quarter has no p99', () => {
  const short = quarterP99s([second(500), second(900)]);
  assert.ok(Math.abs((short.firstQuarterP99Us ?? 0) - 500) <= 1);
  assert.ok(Math.abs((short.lastQuarterP99Us ?? 0) - 900) <= 1);
  assert.deepEqual(quarterP99s([second(500), null, null, null]), {
    firstQuarterP99Us: quarterP99s([second(500)]).firstQuarterP99Us,
    lastQuarterP99Us: null,
  });
  assert.deepEqual(quarterP99s([]), { firstQuarterP99Us: null, lastQuarterP99Us: null });
});
