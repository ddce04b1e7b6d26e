import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  parsePrepare,
  parseRelayed,
  parseToWorker,
  placeWorkers,
  prepareSubject,
  relaySubject,
  RUN_END_MARGIN_MS,
  runDeadlineMs,
  toAgentClock,
  toWorkerSubject,
  workerIndexOfSubject,
} from './agentRunProtocol.ts';

test('workers go round-robin over the agents, in order', () => {
  assert.deepEqual(placeWorkers(5, ['a', 'b']), ['a', 'b', 'a', 'b', 'a']);
  assert.deepEqual(placeWorkers(1, ['a', 'b', 'c']), ['a']);
  assert.throws(() => placeWorkers(2, []), /at least one agent/);
});

test("a 'go' moves t0 onto the agent's clock (offset = agent - coordinator); other messages pass as they are", () => {
  assert.deepEqual(toAgentClock({ type: 'go', t0Ms: 10_000 }, 3_000), {
    type: 'go',
    t0Ms: 13_000,
  });
  assert.deepEqual(toAgentClock({ type: 'go', t0Ms: 10_000 }, -2.5), {
    type: 'go',
    t0Ms: 9_997.5,
  });
  assert.deepEqual(toAgentClock({ type: 'stop' }, 3_000), { type: 'stop' });
});

test('an agent gives up on a run its load time plus the margin after t0', () => {
  assert.equal(runDeadlineMs(1_000, 3_000), 4_000 + RUN_END_MARGIN_MS);
});

test("the subjects are under the agent's own prefix, and the worker index is read back from them", () => {
  assert.equal(prepareSubject('rack1'), 'dirbench.agent.rack1.prepare');
  assert.equal(relaySubject('rack1', 'run-x', 3), 'dirbench.agent.rack1.run.run-x.worker.3');
  assert.equal(toWorkerSubject('rack1', 'run-x', '*'), 'dirbench.agent.rack1.run.run-x.to.*');
  assert.equal(workerIndexOfSubject('dirbench.agent.rack1.run.run-x.to.12'), 12);
  assert.equal(workerIndexOfSubject('dirbench.agent.rack1.run.run-x.to.x'), null);
});

test('messages are parsed at the boundary: foreign or garbled ones are refused', () => {
  const start = { type: 'start', workerIndex: 1 };
  const good = {
    runId: 'run-1',
    clockOffsetMs: 2,
    loadMs: 3000,
    workers: [{ workerIndex: 1, start }],
  };
  assert.deepEqual(parsePrepare(JSON.stringify(good)), good);
  assert.equal(parsePrepare(JSON.stringify({ ...good, runId: 'a.b' })), null);
  assert.equal(parsePrepare(JSON.stringify({ ...good, workers: [] })), null);
  assert.equal(
    parsePrepare(JSON.stringify({ ...good, workers: [{ workerIndex: 1, start: { type: 'go' } }] })),
    null,
  );
  assert.equal(parsePrepare('not json'), null);
  assert.deepEqual(parseToWorker('{"type":"kill"}'), { type: 'kill' });
  assert.deepEqual(parseToWorker('{"type":"go","t0Ms":5}'), { type: 'go', t0Ms: 5 });
  assert.equal(parseToWorker('{"type":"ready"}'), null);
  assert.deepEqual(parseRelayed('{"kind":"exit","code":0,"signal":null}'), {
    kind: 'exit',
    code: 0,
    signal: null,
  });
  const ready = { type: 'ready', connections: 2, connectMs: 4 };
  assert.deepEqual(parseRelayed(JSON.stringify({ kind: 'message', message: ready })), {
    kind: 'message',
    message: ready,
  });
  assert.equal(parseRelayed(JSON.stringify({ kind: 'message', message: { type: 'go' } })), null);
});
