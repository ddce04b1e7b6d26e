import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WorkerTelemetry } from '../../shared/types.ts';
import { createHistogram, encodeHistogram, recordLatencyUs } from '../loadgen/histogram.ts';
import type { WorkerIntervalMessage } from '../loadgen/protocol.ts';
import { MeasuredTotals, SecondMerger } from './secondMerger.ts';

function report(second: number, telemetry?: WorkerTelemetry): WorkerIntervalMessage {
  const h = createHistogram();
  recordLatencyUs(h, 500);
  return {
    type: 'interval',
    second,
    intervalMs: 1000,
    ops: 1,
    errors: 0,
    errorsByCode: {},
    entries: 1,
    histogram: encodeHistogram(h),
    telemetry,
  };
}

function busy(worker: number, elu: number): WorkerTelemetry {
  return {
    worker,
    cpuPercent: elu * 100,
    eventLoopUtilization: elu,
    eventLoopDelayP99Us: 900,
    outstanding: 8,
  };
}

/** Second `second` merged from one report per telemetry reading, added to `totals` when given. */
function mergedSecond(
  second: number,
  readings: WorkerTelemetry[],
  totals?: MeasuredTotals,
): ReturnType<SecondMerger['take']> {
  const merger = new SecondMerger();
  for (const telemetry of readings) merger.add(report(second, telemetry));
  const taken = merger.take(second, 'measured');
  totals?.add(taken.sample, taken.histogram);
  return taken;
}

test('each second keeps one telemetry reading per worker, in worker order, never merged', () => {
  const { sample } = mergedSecond(0, [busy(2, 0.99), busy(1, 0.4)]);
  assert.deepEqual(sample.workers, [busy(1, 0.4), busy(2, 0.99)]);
});

test('reports without telemetry leave the sample without workers', () => {
  const merger = new SecondMerger();
  merger.add(report(0));
  assert.equal(merger.take(0, 'measured').sample.workers, undefined);
  assert.equal(merger.take(1, 'measured').sample.workers, undefined);
});

test('the summary carries the client-bound verdict of the measured seconds', () => {
  const saturated = new MeasuredTotals();
  const headroom = new MeasuredTotals();
  for (let second = 0; second < 3; second++) {
    mergedSecond(second, [busy(1, 0.98), busy(2, 0.3)], saturated);
    mergedSecond(second, [busy(1, 0.5)], headroom);
  }
  const flagged = saturated.summary();
  assert.equal(flagged?.clientBound, true);
  assert.match(flagged?.clientBoundEvidence ?? '', /^worker 1 used 98% CPU .* in 3 of 3 measured/);
  const calm = headroom.summary();
  assert.equal(calm?.clientBound, false);
  assert.match(calm?.clientBoundEvidence ?? '', /the client had headroom$/);
});

test("each worker's GC figures reach the sample untouched and the verdict as a share of the time", () => {
  const gc = (worker: number, gcPauseMs: number): WorkerTelemetry => ({
    ...busy(worker, 0.5),
    gcPauseMs,
    gcCount: 30,
    majorGcCount: 1,
  });
  const totals = new MeasuredTotals();
  for (let second = 0; second < 4; second++) {
    const { sample } = mergedSecond(second, [gc(2, 150), gc(1, 12.5)], totals);
    assert.deepEqual(sample.workers, [gc(1, 12.5), gc(2, 150)]);
  }
  const summary = totals.summary();
  assert.equal(summary?.clientBound, true);
  assert.match(
    summary?.clientBoundEvidence ?? '',
    /^worker 2 spent 15% of its time in GC pauses, 10% or more in 4 of 4 measured seconds \(4 major collections\);/,
  );
});
