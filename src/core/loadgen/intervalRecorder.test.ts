import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeHistogram } from './histogram.ts';
import { IntervalRecorder } from './intervalRecorder.ts';
import type { WorkerIntervalMessage } from './protocol.ts';

const MS = 1e6;

test('ops count in the second they complete in; empty seconds are shipped too', () => {
  const shipped: WorkerIntervalMessage[] = [];
  const r = new IntervalRecorder((m) => shipped.push(m));
  r.success(10 * MS, 250_000, 1);
  r.success(999 * MS, 1_000_000, 1);
  r.failure(999.9 * MS, 'busy');
  // Next completion lands in second 3: seconds 0, 1 and 2 ship, in order.
  r.success(3_000 * MS, 500_000, 2);
  assert.deepEqual(
    shipped.map((m) => [m.second, m.ops, m.errors, m.entries, m.intervalMs]),
    [
      [0, 2, 1, 2, 1000],
      [1, 0, 0, 0, 1000],
      [2, 0, 0, 0, 1000],
    ],
  );
  assert.deepEqual(shipped[0]?.errorsByCode, { busy: 1 });
  const h = decodeHistogram(shipped[0]?.histogram as string);
  assert.equal(h.totalCount, 2);
  assert.ok(Math.abs(h.maxValue - 1000) <= 1, 'latency recorded in microseconds');
  r.flush(420);
  const last = shipped[3] as WorkerIntervalMessage;
  assert.deepEqual([last.second, last.ops, last.entries, last.intervalMs], [3, 1, 2, 420]);
  assert.deepEqual(last.errorsByCode, {}, 'counters reset after each shipment');
});

test('advanceTo ships up to, not including, the given second', () => {
  const shipped: number[] = [];
  const r = new IntervalRecorder((m) => shipped.push(m.second));
  r.advanceTo(0);
  assert.deepEqual(shipped, []);
  r.advanceTo(2);
  assert.deepEqual(shipped, [0, 1]);
  assert.equal(r.second, 2);
});
