import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeHistogram } from './histogram.ts';
import { OpenRecorder } from './openRecorder.ts';
import { OpenScheduler } from './openScheduler.ts';
import { RateSchedule } from './rateSchedule.ts';

test('each second ships its intended-start latencies, late count and this worker share of the schedule', () => {
  const schedule = new RateSchedule([{ durationS: 10, fromOpsPerSec: 1000, toOpsPerSec: 1000 }]);
  const host = { nowNs: () => 0, endNs: 10e9, late: () => undefined };
  // Worker 2 of 3: global ops 2, 5, 8, ...
  const r = new OpenRecorder(new OpenScheduler(schedule, 2, 3, host));
  r.intended(1_500_000);
  r.intended(2_500_000);
  r.addLate(2);
  const first = r.take(0, 1000);
  assert.equal(first.scheduledOps, 333);
  assert.equal(first.behindSchedule, 2);
  assert.equal(decodeHistogram(first.intendedHistogram as string).totalCount, 2);
  // Cleared for the next second; a partial second (a stop) gets the schedule of its part only.
  const partial = r.take(1, 250);
  assert.equal(partial.behindSchedule, 0);
  assert.equal(decodeHistogram(partial.intendedHistogram as string).totalCount, 0);
  assert.equal(partial.scheduledOps, 83);
});
