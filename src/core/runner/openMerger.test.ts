import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHistogram, encodeHistogram, recordLatencyUs } from '../loadgen/histogram.ts';
import type { WorkerIntervalMessage } from '../loadgen/protocol.ts';
import { OpenSecondMerger, OpenTotals } from './openMerger.ts';

function report(
  second: number,
  scheduled: number,
  behind: number,
  latenciesUs: number[],
): WorkerIntervalMessage {
  const h = createHistogram();
  for (const us of latenciesUs) recordLatencyUs(h, us);
  return {
    type: 'interval',
    second,
    intervalMs: 1000,
    ops: latenciesUs.length,
    errors: 0,
    errorsByCode: {},
    entries: 0,
    histogram: encodeHistogram(createHistogram()),
    intendedHistogram: encodeHistogram(h),
    scheduledOps: scheduled,
    behindSchedule: behind,
  };
}

test('workers add up per second; the summary target is the mean scheduled rate', () => {
  const m = new OpenSecondMerger();
  m.add(report(0, 500, 1, [100, 200]));
  m.add(report(0, 500, 2, [300, 40_000]));
  // A closed-model report carries nothing.
  m.add({ ...report(0, 9, 9, [9]), intendedHistogram: undefined });
  const s0 = m.take(0);
  assert.equal(s0.fields.scheduledOps, 1000);
  assert.equal(s0.fields.behindSchedule, 3);
  assert.equal(s0.histogram.totalCount, 4);
  assert.ok(Math.abs(s0.fields.intendedLatencyUs.max - 40_000) <= 40);
  const empty = m.take(1);
  assert.equal(empty.fields.scheduledOps, 0);
  assert.equal(empty.histogram.totalCount, 0);

  const totals = new OpenTotals();
  totals.add(s0.fields, s0.histogram);
  totals.add({ ...empty.fields, scheduledOps: 1001 }, empty.histogram);
  const sum = totals.summary(2);
  assert.equal(sum.targetOpsPerSec, 1000.5);
  assert.equal(sum.behindSchedule, 3);
  assert.equal(sum.intendedLatencyUs.p50, s0.fields.intendedLatencyUs.p50);
});
