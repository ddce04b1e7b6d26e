import assert from 'node:assert/strict';
import { constants } from 'node:perf_hooks';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { GcPauseTally, observeGcPauses } from './gcPauses.ts';

const {
  NODE_PERFORMANCE_GC_MAJOR: MAJOR,
  NODE_PERFORMANCE_GC_MINOR: MINOR,
  NODE_PERFORMANCE_GC_MINOR_MARK_SWEEP: MINOR_MARK_SWEEP,
  NODE_PERFORMANCE_GC_INCREMENTAL: INCREMENTAL,
  NODE_PERFORMANCE_GC_WEAKCB: WEAKCB,
} = constants;

test('a one-second span sums every pause and counts minor and major collections', () => {
  const tally = new GcPauseTally();
  tally.add(MINOR, 1.25);
  tally.add(MINOR, 0.75);
  tally.add(MINOR_MARK_SWEEP, 1);
  tally.add(MAJOR, 4.5);
  // Starting incremental marking and weak callbacks stop the thread too, but collect nothing.
  tally.add(INCREMENTAL, 0.4);
  tally.add(WEAKCB, 0.1);
  assert.deepEqual(tally.take(1000), { gcPauseMs: 8, gcCount: 4, majorGcCount: 1 });
  assert.deepEqual(tally.take(1000), { gcPauseMs: 0, gcCount: 0, majorGcCount: 0 });
});

test('figures are scaled to one second of the span they were taken over', () => {
  const tally = new GcPauseTally();
  for (let i = 0; i < 6; i++) tally.add(MINOR, 2);
  tally.add(MAJOR, 8);
  tally.add(MAJOR, 16);
  // Three seconds shipped as one span: 36 ms over 3000 ms is 12 ms per second.
  assert.deepEqual(tally.take(3000), { gcPauseMs: 12, gcCount: 3, majorGcCount: 1 });
  tally.add(MINOR, 0.33);
  assert.deepEqual(tally.take(500), { gcPauseMs: 0.7, gcCount: 2, majorGcCount: 0 });
});

test('a second is never more than all pause, and an empty span reads as none', () => {
  const tally = new GcPauseTally();
  // A long pause that ended just after the previous span closed lands in a short one.
  tally.add(MAJOR, 900);
  assert.equal(tally.take(400).gcPauseMs, 1000);
  tally.add(MINOR, 3);
  assert.deepEqual(tally.take(0), { gcPauseMs: 0, gcCount: 0, majorGcCount: 0 });
});

test('a real major collection of this process reaches the tally', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  let seen: () => void = () => {};
  const majorSeen = new Promise<void>((resolve) => (seen = resolve));
  class WatchedTally extends GcPauseTally {
    override add(kind: number, durationMs: number): void {
      super.add(kind, durationMs);
      if (kind === MAJOR) seen();
    }
  }
  const tally = new WatchedTally();
  const stop = observeGcPauses(tally);
  try {
    gc();
    await majorSeen;
    const figures = tally.take(1000);
    assert.ok(figures.majorGcCount >= 1, JSON.stringify(figures));
    assert.ok(figures.gcCount >= figures.majorGcCount, JSON.stringify(figures));
    assert.ok(figures.gcPauseMs > 0, JSON.stringify(figures));
  } finally {
    stop();
  }
});
