import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RateSchedule, rateStepsFor, shareOfOps, shareOpsInWindow } from './rateSchedule.ts';

test('a constant rate schedules op i at i * period from t0, exactly', () => {
  const s = new RateSchedule(rateStepsFor(2000, null, 10) ?? []);
  assert.equal(s.totalOps, 20_000);
  assert.equal(s.timeOfOpS(0), 0);
  assert.equal(s.timeOfOpS(1), 0.0005);
  assert.equal(s.timeOfOpS(1999), 1999 / 2000);
  assert.equal(s.timeOfOpS(15_000), 7.5);
  assert.equal(s.timeOfOpS(20_000), Infinity);
  assert.equal(s.opsDueBefore(1), 2000);
  assert.equal(s.opsDueBefore(0), 0);
  // Op 2000 is due at exactly 1 s: not before it.
  assert.equal(s.opsDueBefore(1.0000001), 2001);
});

test('no open model without a rate; a profile wins over a constant', () => {
  assert.equal(rateStepsFor(null, null, 5), null);
  const steps = [{ durationS: 5, fromOpsPerSec: 1, toOpsPerSec: 1 }];
  assert.equal(rateStepsFor(null, steps, 5), steps);
});

test('a ramp 500 -> 2000 over 10 s: cumulative counts and due times invert each other', () => {
  const s = new RateSchedule([
    { durationS: 10, fromOpsPerSec: 500, toOpsPerSec: 2000 },
    { durationS: 5, fromOpsPerSec: 2000, toOpsPerSec: 2000 },
  ]);
  assert.equal(s.totalOps, 12_500 + 10_000);
  // Second 0 of the ramp: rates 500 -> 650, mean 575.
  assert.equal(s.opsDueBefore(1), 575);
  // Second 9: rates 1850 -> 2000.
  assert.equal(s.opsDueBefore(10) - s.opsDueBefore(9), 1925);
  assert.equal(s.opsDueBefore(11) - s.opsDueBefore(10), 2000);
  for (const i of [0, 1, 574, 575, 3000, 12_499, 12_500, 12_501, 22_499]) {
    const t = s.timeOfOpS(i);
    assert.ok(Math.abs(s.opsBy(t) - i) < 1e-6, `op ${i} at ${t}: N=${s.opsBy(t)}`);
  }
  // Due times increase and never go past the profile.
  let prev = -1;
  for (let i = 0; i < 22_500; i += 7) {
    const t = s.timeOfOpS(i);
    assert.ok(t > prev && t < 15, `op ${i}`);
    prev = t;
  }
});

test('zero-rate steps schedule nothing; a ramp from 0 starts at the step start', () => {
  const s = new RateSchedule([
    { durationS: 2, fromOpsPerSec: 100, toOpsPerSec: 100 },
    { durationS: 3, fromOpsPerSec: 0, toOpsPerSec: 0 },
    { durationS: 2, fromOpsPerSec: 0, toOpsPerSec: 100 },
  ]);
  assert.equal(s.timeOfOpS(199), 1.99);
  assert.equal(s.timeOfOpS(200), 5);
  // N(tau) = 25 tau^2 in the ramp, so op 1 of it is due 0.2 s in.
  assert.ok(Math.abs(s.timeOfOpS(201) - 5.2) < 1e-9);
  assert.equal(s.opsDueBefore(5), 200);
  assert.equal(s.totalOps, 300);
  // Lookups out of order (the cursor goes back).
  assert.equal(s.timeOfOpS(10), 0.1);
});

test('shares split the merged schedule exactly: every op to one worker, in turn', () => {
  assert.equal(shareOfOps(0, 0, 3), 0);
  assert.equal(shareOfOps(1, 0, 3), 1);
  assert.equal(shareOfOps(1, 1, 3), 0);
  assert.equal(shareOfOps(10, 0, 3) + shareOfOps(10, 1, 3) + shareOfOps(10, 2, 3), 10);
  const s = new RateSchedule([{ durationS: 10, fromOpsPerSec: 333, toOpsPerSec: 1777 }]);
  for (let second = 0; second < 10; second++) {
    let sum = 0;
    for (let w = 0; w < 3; w++) sum += shareOpsInWindow(s, second, second + 1, w, 3);
    assert.equal(sum, s.opsDueBefore(second + 1) - s.opsDueBefore(second));
  }
});
