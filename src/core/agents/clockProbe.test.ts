import assert from 'node:assert/strict';
import { test } from 'node:test';
import { preciseWallClock } from './clockProbe.ts';

test("the probe's clock reads Date.now()'s time, with sub-millisecond steps", () => {
  const clock = preciseWallClock();
  let fractional = 0;
  for (let i = 0; i < 2_000; i++) {
    const beforeMs = Date.now();
    const readMs = clock();
    const afterMs = Date.now();
    // Date.now() truncates: the true time lies in [before, after + 1).
    assert.ok(readMs >= beforeMs - 0.05 && readMs < afterMs + 1.05, `${readMs} vs ${beforeMs}`);
    if (!Number.isInteger(readMs)) fractional++;
  }
  assert.ok(fractional > 1_000, `${fractional} of 2,000 readings had a fraction`);
});
