// The runs an agent hosts: it forks the workers a prepare request names, relays each worker's
// messages (and its exit) into the run's stream (relayPublisher.ts), passes the coordinator's messages to the worker with
// 'go' moved onto the agent's clock, and ends the workers of a run that outlives its end.
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { forkLauncher } from '../runner/launcher.ts';
import type { WorkerHandle, WorkerLauncher } from '../runner/launcher.ts';
import {
  dnPartSubject,
  GO_WAIT_LIMIT_MS,
  parsePrepare,
  parseToWorker,
  prepareSubject,
  runDeadlineMs,
  toAgentClock,
  toWorkerSubject,
  workerIndexOfSubject,
} from './agentRunProtocol.ts';
import type { PrepareReply, PrepareRequest, Relayed } from './agentRunProtocol.ts';
import { relayPublisher } from './relayPublisher.ts';
import { parseDnPart, withDnList } from './dnListParts.ts';
import type { DnPart } from './dnListParts.ts';
import type { RelayPublisher } from './relayPublisher.ts';

/** One run on this agent. */
interface HostedRun {
  request: PrepareRequest;
  workers: Map<number, { handle: WorkerHandle; exited: boolean }>;
  /** Cancels the end-of-run timer. */
  cancelDeadline: () => void;
}

/** The runs an agent hosts. */
export interface RunHost {
  /** True while some worker of some run is alive. */
  busy(): boolean;
  /** Kills every worker and stops taking requests (the agent is stopping). */
  close(reason: string): void;
}

/** Options of hostRuns (tests inject a launcher or a clock). */
export interface RunHostOptions {
  launcher?: WorkerLauncher;
  nowMs?: () => number;
  log: (line: string) => void;
  /** Test hook: every relay is published twice under its message id. */
  publishTwice?: boolean;
  /** Where relays go (default: the run's JetStream stream through `nc`). */
  relays?: RelayPublisher;
}

/** Starts the workers `run` names, relaying their messages and exits; their pids, in order. */
function launchWorkers(
  run: HostedRun,
  launcher: WorkerLauncher,
  publish: (runId: string, workerIndex: number, relayed: Relayed) => void,
  onAllEnded: () => void,
): (number | null)[] {
  const { runId } = run.request;
  const pids: (number | null)[] = [];
  for (const { workerIndex, start } of run.request.workers) {
    const handle = launcher(workerIndex);
    const state = { handle, exited: false };
    run.workers.set(workerIndex, state);
    pids.push(handle.pid ?? null);
    handle.onMessage((message) => publish(runId, workerIndex, { kind: 'message', message }));
    handle.onExit((code, signal) => {
      state.exited = true;
      publish(runId, workerIndex, { kind: 'exit', code, signal });
      if ([...run.workers.values()].every((w) => w.exited)) onAllEnded();
    });
    handle.send(start);
  }
  return pids;
}

/** Keeps a DN list part (`text`) until its run's prepare request comes; the reply to its sender. */
function keepDnPart(dnParts: Map<string, DnPart[]>, text: string, closed: boolean): PrepareReply {
  const part = parseDnPart(text);
  if (part === null) return { ok: false, error: 'not a DN list part' };
  if (!closed) {
    dnParts.set(part.runId, [...(dnParts.get(part.runId) ?? []), part]);
    // Parts whose prepare request never comes are dropped with the run's wait for 'go'.
    setTimeout(() => dnParts.delete(part.runId), GO_WAIT_LIMIT_MS).unref();
  }
  return { ok: true, pids: [] };
}

/** Makes agent `name` take prepare requests and host the runs they ask for. */
export function hostRuns(nc: NatsConnection, name: string, options: RunHostOptions): RunHost {
  const launcher = options.launcher ?? forkLauncher();
  const nowMs = options.nowMs ?? Date.now;
  const runs = new Map<string, HostedRun>();
  let closed = false;

  const relays =
    options.relays ??
    relayPublisher(nc, name, {
      log: options.log,
      ...(options.publishTwice === undefined ? {} : { publishTwice: options.publishTwice }),
    });
  const publish = (runId: string, workerIndex: number, relayed: Relayed): void =>
    relays.publish(runId, workerIndex, relayed);

  const killRun = (run: HostedRun, why: string): void => {
    options.log(`run ${run.request.runId}: ${why}; ending its workers`);
    for (const w of run.workers.values()) if (!w.exited) w.handle.kill();
  };

  const armDeadline = (run: HostedRun, limitMs: number, why: string): void => {
    run.cancelDeadline();
    const timer = setTimeout(() => killRun(run, why), Math.max(0, limitMs));
    timer.unref();
    run.cancelDeadline = () => clearTimeout(timer);
  };

  /** Parts of big DN lists that came ahead of their runs' prepare requests. */
  const dnParts = new Map<string, DnPart[]>();

  const prepare = (received: PrepareRequest): PrepareReply => {
    if (closed) return { ok: false, error: `agent ${name} is stopping` };
    if (runs.has(received.runId))
      return { ok: false, error: `run ${received.runId} is already here` };
    const request = withDnList(received, dnParts.get(received.runId) ?? []);
    dnParts.delete(received.runId);
    if (request === null)
      return { ok: false, error: `run ${received.runId}: parts of its DN list did not arrive` };
    const run: HostedRun = { request, workers: new Map(), cancelDeadline: () => undefined };
    runs.set(request.runId, run);
    const pids = launchWorkers(run, launcher, publish, () => {
      run.cancelDeadline();
      runs.delete(request.runId);
      options.log(`run ${request.runId}: all its workers here have ended`);
    });
    armDeadline(run, GO_WAIT_LIMIT_MS, `no 'go' within ${GO_WAIT_LIMIT_MS / 1000} s`);
    options.log(
      `run ${request.runId}: started worker ${request.workers.map((w) => w.workerIndex + 1).join(', ')}`,
    );
    return { ok: true, pids };
  };

  const subscriptions: Subscription[] = [
    nc.subscribe(dnPartSubject(name), {
      callback: (err, msg) => {
        if (err === null) msg.respond(JSON.stringify(keepDnPart(dnParts, msg.string(), closed)));
      },
    }),
    nc.subscribe(prepareSubject(name), {
      callback: (err, msg) => {
        if (err !== null) return;
        const request = parsePrepare(msg.string());
        let reply: PrepareReply;
        try {
          reply =
            request === null ? { ok: false, error: 'not a prepare request' } : prepare(request);
        } catch (e) {
          reply = { ok: false, error: e instanceof Error ? e.message : String(e) };
        }
        msg.respond(JSON.stringify(reply));
      },
    }),
    nc.subscribe(toWorkerSubject(name, '*', '*'), {
      callback: (err, msg) => {
        if (err !== null) return;
        const runId = msg.subject.split('.').at(-3) ?? '';
        const run = runs.get(runId);
        const index = workerIndexOfSubject(msg.subject);
        const worker = index === null ? undefined : run?.workers.get(index);
        const message = parseToWorker(msg.string());
        if (run === undefined || worker === undefined || message === null || worker.exited) return;
        if (message.type === 'kill') {
          worker.handle.kill();
          return;
        }
        const local = toAgentClock(message, run.request.clockOffsetMs);
        if (local.type === 'go') {
          const limitMs = runDeadlineMs(local.t0Ms, run.request.loadMs) - nowMs();
          armDeadline(run, limitMs, 'its end time has passed');
        }
        worker.handle.send(local);
      },
    }),
  ];

  return {
    busy: () => runs.size > 0,
    close: (reason) => {
      closed = true;
      for (const s of subscriptions) s.unsubscribe();
      for (const run of runs.values()) {
        run.cancelDeadline();
        killRun(run, reason);
      }
    },
  };
}
