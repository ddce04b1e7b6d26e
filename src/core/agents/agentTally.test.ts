import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WorkerIntervalMessage } from '../loadgen/protocol.ts';
import { AgentTally, LATE_AFTER_MS } from './agentTally.ts';

const interval = (second: number, ops: number, errors = 0): WorkerIntervalMessage => ({
  type: 'interval',
  second,
  intervalMs: 1000,
  ops,
  errors,
  errorsByCode: {},
  entries: ops,
  histogram: '',
});

test("each agent's part of a second adds its workers'; late when it came 3 s after the second ended", () => {
  let nowMs = 10_000;
  // Workers 0 and 2 on a1, worker 1 on a2.
  const tally = new AgentTally(['a1', 'a2', 'a1'], () => nowMs);
  tally.start(10_000);
  tally.add(0, interval(0, 100, 1));
  tally.add(2, interval(0, 50));
  tally.add(1, interval(0, 70));
  nowMs = 10_000 + 2_000 + LATE_AFTER_MS + 1;
  tally.add(1, interval(1, 60));
  tally.add(0, interval(1, 10));
  tally.add(2, interval(1, 10));
  assert.deepEqual(tally.sampleAgents(0), [
    { name: 'a1', ops: 150, errors: 1, state: 'reported' },
    { name: 'a2', ops: 70, errors: 0, state: 'reported' },
  ]);
  assert.deepEqual(
    tally.sampleAgents(1).map((a) => a.state),
    ['late', 'late'],
  );
  const summaries = tally.summaries(0, 2, 2, new Map([['a2', 1.5]]));
  assert.deepEqual(summaries, [
    {
      name: 'a1',
      opsPerSec: 85,
      ops: 170,
      errors: 1,
      clockOffsetMs: 0,
      lost: false,
      lateSeconds: 1,
    },
    {
      name: 'a2',
      opsPerSec: 65,
      ops: 130,
      errors: 0,
      clockOffsetMs: 1.5,
      lost: false,
      lateSeconds: 1,
    },
  ]);
});

test('a lost agent marks the seconds it did not fully report; the measured window bounds the figures', () => {
  const tally = new AgentTally(['a1', 'a2', 'a2']);
  tally.start(Date.now());
  tally.add(0, interval(0, 10));
  tally.add(1, interval(0, 5));
  tally.add(2, interval(0, 5));
  tally.add(0, interval(1, 10));
  tally.add(1, interval(1, 5));
  tally.lose('a2');
  tally.add(0, interval(2, 10));
  assert.deepEqual(
    [0, 1, 2].map((s) => tally.sampleAgents(s).map((a) => `${a.name}:${a.state}:${a.ops}`)),
    [
      ['a1:reported:10', 'a2:reported:10'],
      ['a1:reported:10', 'a2:lost:5'],
      ['a1:reported:10', 'a2:lost:0'],
    ],
  );
  const [, a2] = tally.summaries(1, 3, 2, new Map());
  assert.equal(a2?.ops, 5, 'second 0 is outside the window');
  assert.equal(a2?.lost, true);
});
