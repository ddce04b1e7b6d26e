import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WorkerToParent } from '../loadgen/protocol.ts';
import type { ToWorker } from './agentRunProtocol.ts';
import { RemoteWorker } from './remoteWorker.ts';

const second = (s: number): WorkerToParent => ({
  type: 'interval',
  second: s,
  intervalMs: 1000,
  ops: 1,
  errors: 0,
  errorsByCode: {},
  entries: 1,
  histogram: '',
});

test('a relay delivered twice is passed on once; nothing after the exit', () => {
  const observed: WorkerToParent[] = [];
  const passed: WorkerToParent[] = [];
  const exits: (string | null)[] = [];
  const worker = new RemoteWorker(
    () => undefined,
    (m) => observed.push(m),
  );
  worker.onMessage((m) => passed.push(m));
  worker.onExit((_, signal) => exits.push(signal));
  assert.equal(worker.deliver({ kind: 'message', message: second(0) }), true);
  assert.equal(worker.deliver({ kind: 'message', message: second(0) }), false);
  assert.equal(worker.deliver({ kind: 'message', message: second(1) }), true);
  assert.equal(worker.deliver({ kind: 'exit', code: 0, signal: null }), true);
  assert.equal(worker.deliver({ kind: 'message', message: second(2) }), false);
  assert.deepEqual(
    passed.map((m) => (m.type === 'interval' ? m.second : -1)),
    [0, 1],
  );
  assert.deepEqual(observed, passed);
  assert.deepEqual(exits, [null]);
});

test('lost: heard as a loss by a listener (the worker told to stop), as an exit otherwise', () => {
  const sent: ToWorker[] = [];
  const listening = new RemoteWorker((m) => sent.push(m));
  const losses: string[] = [];
  const exits: (string | null)[] = [];
  listening.onLost((reason) => losses.push(reason));
  listening.onExit((_, signal) => exits.push(signal));
  listening.lose('the loss of agent a2');
  listening.lose('again');
  assert.deepEqual(losses, ['the loss of agent a2']);
  assert.deepEqual(exits, []);
  assert.deepEqual(sent, [{ type: 'kill' }]);
  assert.equal(listening.exited, true);

  const deaf = new RemoteWorker(() => undefined);
  const deafExits: (string | null)[] = [];
  deaf.onExit((_, signal) => deafExits.push(signal));
  deaf.lose('the loss of agent a3');
  assert.deepEqual(deafExits, ['the loss of agent a3']);
});
