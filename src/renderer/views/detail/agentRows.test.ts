import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunAgentSummary } from '../../../shared/agentTypes.ts';
import { agentSample } from '../run/agentSampleFixture.ts';
import { agentRows, lostAtSecond, partialWarning, signedMs, workerList } from './agentRows.ts';

const placement = {
  agents: [
    {
      name: 'rack1',
      workers: [0, 2],
      clockOffsetMs: 0.24,
      host: 'load-1',
      cores: 8,
      version: '0.1.0',
    },
    { name: 'rack2', workers: [1, 3], clockOffsetMs: -3.5 },
  ],
};

function figures(name: string, ops: number, extra: Partial<RunAgentSummary> = {}): RunAgentSummary {
  return {
    name,
    opsPerSec: ops / 10,
    ops,
    errors: 0,
    clockOffsetMs: 0.2,
    lost: false,
    lateSeconds: 0,
    ...extra,
  };
}

test('workers are numbered from 1 for people, runs of three or more as a range', () => {
  assert.equal(workerList([0, 2]), '1, 3');
  assert.equal(workerList([3, 0, 1, 2, 7, 9, 10]), '1–4, 8, 10, 11');
  assert.equal(workerList([]), '');
});

test('clock offsets carry their sign', () => {
  assert.equal(signedMs(0.24), '+0.2 ms');
  assert.equal(signedMs(-12), '-12.0 ms');
  assert.equal(signedMs(0), '+0.0 ms');
});

test('a run on this machine has no agent rows and no partial warning', () => {
  assert.deepEqual(agentRows({}, null, []), []);
  assert.equal(partialWarning({}, [], null), null);
});

test('rows: placement, measured figures, share of the agents ops, clock from the summary', () => {
  const summary = {
    agents: [figures('rack1', 15_030, { errors: 2, lateSeconds: 1 }), figures('rack2', 5_010)],
  };
  const rows = agentRows(placement, summary, []);
  assert.deepEqual(rows[0], {
    name: 'rack1',
    machine: 'load-1 · 8 cores · DirBench 0.1.0',
    workers: '1, 3',
    workerCount: 2,
    ops: 15_030,
    opsPerSec: 1503,
    errors: 2,
    share: 0.75,
    clockOffsetMs: 0.2,
    lost: false,
    lateSeconds: 1,
    lostAtS: null,
  });
  assert.equal(rows[1]?.share, 0.25);
  assert.equal(rows[1]?.machine, null, 'runs stored before machines were kept');
});

test('a run that ended before measuring lists where each agent ran, without figures', () => {
  const rows = agentRows(placement, null, []);
  assert.deepEqual(
    rows.map((r) => [r.name, r.workers, r.ops, r.opsPerSec, r.errors, r.share, r.clockOffsetMs]),
    [
      ['rack1', '1, 3', null, null, null, 0, 0.24],
      ['rack2', '2, 4', null, null, null, 0, -3.5],
    ],
  );
});

test('a lost agent: the second it went missing, and the partial warning naming it', () => {
  const samples = [0, 1, 2, 3].map((second) =>
    agentSample(second, [
      ['rack1', 1500, 0, 'reported'],
      ['rack2', second < 2 ? 1500 : 0, 0, second < 2 ? 'reported' : 'lost'],
    ]),
  );
  assert.equal(lostAtSecond(samples, 'rack2'), 2);
  assert.equal(lostAtSecond(samples, 'rack1'), null);
  const summary = {
    partial: true,
    agents: [figures('rack1', 6000), figures('rack2', 3000, { lost: true })],
  };
  const rows = agentRows(placement, summary, samples);
  assert.deepEqual(
    rows.map((r) => [r.name, r.lost, r.lostAtS]),
    [
      ['rack1', false, null],
      ['rack2', true, 2],
    ],
  );
  const reason = 'partial: the run went on after the loss of agent rack2 (silent for 6.0 s)';
  assert.deepEqual(partialWarning(summary, rows, reason), {
    title:
      'Partial: agent rack2 was lost 2 s into the run; the run went on without it, so its figures lack that load from then on.',
    detail: reason,
  });
  // Only a run marked partial gets the warning (a failed run says why it failed instead).
  assert.equal(partialWarning({ partial: false }, rows, reason), null);
});

test('two lost agents are both named; an unnamed loss still warns', () => {
  const summary = {
    partial: true,
    agents: [figures('a1', 10, { lost: true }), figures('a2', 10, { lost: true })],
  };
  const rows = agentRows(
    {
      agents: [
        { name: 'a1', workers: [0], clockOffsetMs: 0 },
        { name: 'a2', workers: [1], clockOffsetMs: 0 },
      ],
    },
    summary,
    [],
  );
  assert.equal(
    partialWarning(summary, rows, null)?.title,
    'Partial: agent a1 was lost and agent a2 was lost; the run went on without them, so its figures lack that load from then on.',
  );
  assert.equal(
    partialWarning({ partial: true }, [], null)?.title,
    'Partial: an agent was lost; the run went on without it, so its figures lack that load from then on.',
  );
});
