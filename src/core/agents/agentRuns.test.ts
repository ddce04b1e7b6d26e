import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NatsConnection } from '@nats-io/transport-node';
import type { ParentToWorker, WorkerToParent } from '../loadgen/protocol.ts';
import type { WorkerHandle, WorkerLauncher } from '../runner/launcher.ts';
import { relaySubject } from './agentRunProtocol.ts';
import { hostRuns } from './agentRuns.ts';
import type { RelayPublisher } from './relayPublisher.ts';

type Callback = (err: Error | null, msg: FakeMsg) => void;

interface FakeMsg {
  subject: string;
  string(): string;
  respond(data: string): boolean;
}

/** A NATS connection that keeps subscriptions (with * wildcards) and records publishes and replies. */
function fakeNats() {
  const subs: { pattern: RegExp; callback: Callback }[] = [];
  const published: { subject: string; data: unknown }[] = [];
  const replies: unknown[] = [];
  const nc = {
    subscribe(subject: string, opts: { callback: Callback }) {
      const pattern = new RegExp(`^${subject.replaceAll('.', '\\.').replaceAll('*', '[^.]+')}$`);
      subs.push({ pattern, callback: opts.callback });
      return { unsubscribe: () => undefined };
    },
  };
  /** Relays as the run's stream would get them (subject as relaySubject names it). */
  const relays: RelayPublisher = {
    publish: (runId, workerIndex, relayed) =>
      published.push({ subject: relaySubject('rack1', runId, workerIndex), data: relayed }),
  };
  const deliver = (subject: string, data: unknown): void => {
    for (const s of subs)
      if (s.pattern.test(subject))
        s.callback(null, {
          subject,
          string: () => JSON.stringify(data),
          respond: (reply) => replies.push(JSON.parse(reply) as unknown) > 0,
        });
  };
  return { nc: nc as unknown as NatsConnection, published, replies, deliver, relays };
}

/** A launcher of fake workers that record what they are sent. */
function fakeLauncher() {
  const workers = new Map<
    number,
    {
      sent: ParentToWorker[];
      killed: boolean;
      emit: (m: WorkerToParent) => void;
      exit: (code: number) => void;
    }
  >();
  const launcher: WorkerLauncher = (index) => {
    let onMessage: (m: WorkerToParent) => void = () => undefined;
    let onExit: (code: number | null, signal: string | null) => void = () => undefined;
    const w = {
      sent: [] as ParentToWorker[],
      killed: false,
      emit: (m: WorkerToParent) => onMessage(m),
      exit: (code: number) => onExit(code, null),
    };
    workers.set(index, w);
    const handle: WorkerHandle = {
      pid: 100 + index,
      send: (m) => w.sent.push(m),
      onMessage: (cb) => (onMessage = cb),
      onExit: (cb) => (onExit = cb),
      kill: () => (w.killed = true),
    };
    return handle;
  };
  return { launcher, workers };
}

const start = (workerIndex: number) =>
  ({ type: 'start', workerIndex }) as unknown as ParentToWorker;

test('an agent forks the prepared workers, relays their messages and exits, and routes messages to them', () => {
  const { nc, published, replies, deliver, relays } = fakeNats();
  const { launcher, workers } = fakeLauncher();
  const host = hostRuns(nc, 'rack1', {
    launcher,
    nowMs: () => 50_000,
    log: () => undefined,
    relays,
  });
  deliver('dirbench.agent.rack1.prepare', {
    runId: 'run-a',
    clockOffsetMs: 250,
    loadMs: 3_000,
    workers: [
      { workerIndex: 0, start: start(0) },
      { workerIndex: 2, start: start(2) },
    ],
  });
  assert.deepEqual(replies, [{ ok: true, pids: [100, 102] }]);
  assert.equal(host.busy(), true);
  assert.deepEqual(workers.get(2)?.sent, [start(2)]);

  // Coordinator -> worker 2 only, with t0 on the agent's clock.
  deliver('dirbench.agent.rack1.run.run-a.to.2', { type: 'go', t0Ms: 60_000 });
  assert.deepEqual(workers.get(2)?.sent.at(-1), { type: 'go', t0Ms: 60_250 });
  assert.equal(workers.get(0)?.sent.length, 1);
  // Unknown runs and workers are ignored; a kill ends the worker.
  deliver('dirbench.agent.rack1.run.run-b.to.0', { type: 'stop' });
  deliver('dirbench.agent.rack1.run.run-a.to.1', { type: 'stop' });
  deliver('dirbench.agent.rack1.run.run-a.to.0', { type: 'kill' });
  assert.equal(workers.get(0)?.sent.length, 1);
  assert.equal(workers.get(0)?.killed, true);

  // Worker -> coordinator, on the worker's own relay subject; its exit last.
  workers.get(2)?.emit({ type: 'ready', connections: 1, connectMs: 3 });
  workers.get(2)?.exit(0);
  workers.get(0)?.exit(1);
  assert.deepEqual(published, [
    {
      subject: 'dirbench.agent.rack1.run.run-a.worker.2',
      data: { kind: 'message', message: { type: 'ready', connections: 1, connectMs: 3 } },
    },
    {
      subject: 'dirbench.agent.rack1.run.run-a.worker.2',
      data: { kind: 'exit', code: 0, signal: null },
    },
    {
      subject: 'dirbench.agent.rack1.run.run-a.worker.0',
      data: { kind: 'exit', code: 1, signal: null },
    },
  ]);
  assert.equal(host.busy(), false);
});

test('an agent refuses a garbled or repeated prepare, and kills its workers when it stops', () => {
  const { nc, replies, deliver, relays } = fakeNats();
  const { launcher, workers } = fakeLauncher();
  const host = hostRuns(nc, 'rack1', { launcher, log: () => undefined, relays });
  const request = {
    runId: 'run-a',
    clockOffsetMs: 0,
    loadMs: 1_000,
    workers: [{ workerIndex: 0, start: start(0) }],
  };
  deliver('dirbench.agent.rack1.prepare', { runId: 'run-a' });
  deliver('dirbench.agent.rack1.prepare', request);
  deliver('dirbench.agent.rack1.prepare', request);
  assert.deepEqual(replies, [
    { ok: false, error: 'not a prepare request' },
    { ok: true, pids: [100] },
    { ok: false, error: 'run run-a is already here' },
  ]);
  host.close('stopping');
  assert.equal(workers.get(0)?.killed, true);
  deliver('dirbench.agent.rack1.prepare', { ...request, runId: 'run-b' });
  assert.deepEqual(replies.at(-1), { ok: false, error: 'agent rack1 is stopping' });
});
