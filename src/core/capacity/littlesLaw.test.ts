import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LITTLE_TOLERANCE, littleCheck } from './littlesLaw.ts';

test("Little's law: N clients at X ops/s and R seconds each hold when N = X R", () => {
  assert.deepEqual(littleCheck(8, 4_000, 2_000), {
    impliedConcurrency: 8,
    deviation: 0,
    withinTolerance: true,
  });
});

test('a step whose X R is more than the tolerance off N is flagged, with the signed deviation', () => {
  const short = littleCheck(16, 4_000, 3_000);
  assert.equal(short?.impliedConcurrency, 12);
  assert.equal(short?.deviation, -0.25);
  assert.equal(short?.withinTolerance, false);
  const edge = littleCheck(10, 1_000, 10_000 * (1 + LITTLE_TOLERANCE * 0.9));
  assert.equal(edge?.withinTolerance, true);
});

test('no latency or no throughput leaves nothing to check', () => {
  assert.equal(littleCheck(4, 0, 1_000), null);
  assert.equal(littleCheck(4, 100, null), null);
});
