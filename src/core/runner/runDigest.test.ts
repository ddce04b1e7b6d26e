import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunSample } from '../../shared/types.ts';
import { RunDigest } from './runDigest.ts';

function second(s: number, ops: number, errorsByCode: Record<string, number> = {}): RunSample {
  const errors = Object.values(errorsByCode).reduce((a, b) => a + b, 0);
  const latencyUs = { p50: 0, p90: 0, p99: 0, p999: 0, max: 0, mean: 0 };
  return {
    second: s,
    phase: 'measured',
    intervalMs: 1000,
    ops,
    errors,
    errorsByCode,
    entries: ops,
    latencyUs,
  };
}

test('a clean run has no reason', () => {
  const d = new RunDigest(true);
  for (let s = 0; s < 3; s++) d.add(second(s, 100));
  assert.equal(d.reason(), null);
});

test('errors by cause (largest first, the tail as other) and the second answers stopped', () => {
  const d = new RunDigest(true);
  d.add(second(0, 100));
  d.add(second(1, 40, { connectionClosed: 4, ECONNREFUSED: 2 }));
  d.add(second(2, 0, { ECONNREFUSED: 8, a: 1, b: 1, c: 1 }));
  assert.equal(
    d.reason(),
    '17 errors (ECONNREFUSED 10, connectionClosed 4, a 1, b 1, other 1) from 1 s; no operation succeeded after 2 s',
  );
});

test('a stall that recovered is named as spans; an open-model run without errors has no reason', () => {
  const closed = new RunDigest(true);
  const open = new RunDigest(false);
  for (const [s, ops] of [
    [0, 9],
    [1, 0],
    [2, 0],
    [3, 9],
    [4, 0],
    [5, 9],
  ] as const) {
    closed.add(second(s, ops));
    open.add(second(s, ops));
  }
  assert.equal(closed.reason(), 'the server answered nothing in 1-3 s, 4-5 s');
  assert.equal(open.reason(), null);
});

test('nothing ever answered', () => {
  const d = new RunDigest(true);
  d.add(second(0, 0, { timeout: 3 }));
  assert.equal(d.reason(), '3 errors (timeout 3) from 0 s; no operation succeeded');
});

test('connections the server closed and the engine re-opened are counted, even in a quiet open-model run', () => {
  const d = new RunDigest(false);
  d.add({ ...second(0, 1), reconnects: 0 });
  d.add({ ...second(1, 0), reconnects: 2 });
  d.add({ ...second(2, 1), reconnects: 1 });
  assert.equal(d.reason(), 'the server closed connections: 3 were re-opened');
});
