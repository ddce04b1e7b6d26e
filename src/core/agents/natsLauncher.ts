// The coordinator's side of a run on agents: a WorkerLauncher whose workers live on agents. It
// probes each agent's clock, places the workers round-robin, sends each agent one prepare request
// with its workers' start messages, and turns the relayed messages back into worker events; an
// agent silent for 6 s ends its workers with a reason that names it.
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { RunAgentPlacement } from '../../shared/types.ts';
import type { ParentToWorker, WorkerStartMessage, WorkerToParent } from '../loadgen/protocol.ts';
import type { WorkerHandle, WorkerLauncher } from '../runner/launcher.ts';
import {
  PREPARE_TIMEOUT_MS,
  parseRelayed,
  placeWorkers,
  prepareSubject,
  relaySubject,
  toWorkerSubject,
  workerIndexOfSubject,
} from './agentRunProtocol.ts';
import type { PrepareReply, PrepareRequest, Relayed, ToWorker } from './agentRunProtocol.ts';
import { probeClock } from './clockProbe.ts';
import type { ProbeOptions } from './clockProbe.ts';
import { AGENT_LOST_AFTER_MS, heartbeatSubject } from './heartbeat.ts';

/** How often the coordinator checks for silent agents. */
const SILENCE_CHECK_MS = 500;

/** The stall limit (RunPlan.stallMs) of a run on agents: past an agent's loss, so the loss names it. */
export const AGENT_RUN_STALL_MS = AGENT_LOST_AFTER_MS + 3_000;

/** One agent of a run as the summary reports it. */
export type RunAgent = RunAgentPlacement;

/** What a run on agents needs. */
export interface AgentRunOptions {
  runId: string;
  /** The agents to use, in order (workers go round-robin over them). */
  agents: readonly string[];
  /** Worker processes the run starts (the orchestrator's worker count). */
  workers: number;
  /** Load time of the run in ms (warm-up + measured + cool-down). */
  loadMs: number;
  /** A silent agent is lost after this (default 6 s). */
  lostAfterMs?: number;
  probe?: ProbeOptions;
  nowMs?: () => number;
}

/** A prepared run on agents: its launcher, where its workers are, and how to let go of it. */
export interface AgentRun {
  launcher: WorkerLauncher;
  agents: RunAgent[];
  /** Unsubscribes and stops watching the agents (after the run's end). */
  close(): void;
}

/** A remote worker's handle and the callbacks the orchestrator gave it. */
class RemoteWorker implements WorkerHandle {
  pid: number | undefined = undefined;
  exited = false;
  readonly #messageCallbacks: ((message: WorkerToParent) => void)[] = [];
  readonly #exitCallbacks: ((code: number | null, signal: string | null) => void)[] = [];
  #exit: { code: number | null; signal: string | null } | null = null;
  readonly #send: (message: ToWorker) => void;

  constructor(send: (message: ToWorker) => void) {
    this.#send = send;
  }

  send(message: ParentToWorker): void {
    if (!this.exited) this.#send(message);
  }
  onMessage(callback: (message: WorkerToParent) => void): void {
    this.#messageCallbacks.push(callback);
  }
  onExit(callback: (code: number | null, signal: string | null) => void): void {
    if (this.#exit !== null) callback(this.#exit.code, this.#exit.signal);
    else this.#exitCallbacks.push(callback);
  }
  kill(): void {
    if (!this.exited) this.#send({ type: 'kill' });
  }

  /** A relayed message or exit arrived. */
  deliver(relayed: Relayed): void {
    if (this.exited) return;
    if (relayed.kind === 'message') for (const cb of this.#messageCallbacks) cb(relayed.message);
    else this.end(relayed.code, relayed.signal);
  }

  /** The worker is gone (its exit relayed, or its agent lost): reported once. */
  end(code: number | null, signal: string | null): void {
    if (this.exited) return;
    this.exited = true;
    this.#exit = { code, signal };
    for (const cb of this.#exitCallbacks) cb(code, signal);
  }
}

/** Throws unless `runId` can be one subject token. */
function checkRunId(runId: string): void {
  if (!/^[A-Za-z0-9_-]+$/.test(runId))
    throw new Error(`run id "${runId}" cannot name a broker subject`);
}

/**
 * Prepares run `runId` on `agents`: probes each agent's clock (an agent that does not answer fails
 * it, naming the agent) and returns a launcher for the orchestrator. The workers' start messages,
 * which the orchestrator sends right after launching, go to each agent in one prepare request.
 */
export async function prepareAgentRun(
  nc: NatsConnection,
  options: AgentRunOptions,
): Promise<AgentRun> {
  checkRunId(options.runId);
  const nowMs = options.nowMs ?? Date.now;
  const lostAfterMs = options.lostAfterMs ?? AGENT_LOST_AFTER_MS;
  const placement = placeWorkers(options.workers, options.agents);
  const offsets = new Map<string, number>();
  for (const name of new Set(placement)) {
    const clock = await probeClock(nc, name, options.probe);
    if (clock === null) throw new Error(`agent ${name} does not answer clock probes`);
    offsets.set(name, clock.offsetMs);
  }
  const agents: RunAgent[] = [...offsets].map(([name, clockOffsetMs]) => ({
    name,
    clockOffsetMs,
    workers: placement.flatMap((a, i) => (a === name ? [i] : [])),
  }));
  const workers = new Map<number, RemoteWorker>();
  const starts = new Map<number, WorkerStartMessage>();
  const lastHeardMs = new Map(agents.map((a) => [a.name, nowMs()]));
  const subscriptions: Subscription[] = [];
  let flushQueued = false;

  const workersOf = (name: string): RemoteWorker[] =>
    placement.flatMap((a, i) => (a === name ? [workers.get(i)] : [])).filter((w) => !!w);
  /** Ends agent `name`'s workers; `how` completes "worker N was ended by ...". */
  const loseAgent = (name: string, how: string): void => {
    for (const w of workersOf(name)) w.end(null, how);
  };

  for (const { name } of agents) {
    subscriptions.push(
      nc.subscribe(relaySubject(name, options.runId, '*'), {
        callback: (err, msg) => {
          if (err !== null) return;
          lastHeardMs.set(name, nowMs());
          const index = workerIndexOfSubject(msg.subject);
          const relayed = parseRelayed(msg.string());
          // Only the agent a worker was placed on speaks for it.
          if (index === null || relayed === null || placement[index] !== name) return;
          workers.get(index)?.deliver(relayed);
        },
      }),
      nc.subscribe(heartbeatSubject(name), {
        callback: (err) => {
          if (err === null) lastHeardMs.set(name, nowMs());
        },
      }),
    );
  }
  const silence = setInterval(() => {
    for (const [name, heardMs] of lastHeardMs) {
      const silentMs = nowMs() - heardMs;
      if (silentMs > lostAfterMs && workersOf(name).some((w) => !w.exited))
        loseAgent(name, `the loss of agent ${name} (silent for ${(silentMs / 1000).toFixed(1)} s)`);
    }
  }, SILENCE_CHECK_MS);
  silence.unref();

  /** Sends each agent one prepare request with the start messages gathered so far. */
  const prepareAll = (): void => {
    for (const agent of agents) {
      const request: PrepareRequest = {
        runId: options.runId,
        clockOffsetMs: agent.clockOffsetMs,
        loadMs: options.loadMs,
        workers: agent.workers.flatMap((i) => {
          const start = starts.get(i);
          return start === undefined ? [] : [{ workerIndex: i, start }];
        }),
      };
      if (request.workers.length === 0) continue;
      void nc
        .request(prepareSubject(agent.name), JSON.stringify(request), {
          timeout: PREPARE_TIMEOUT_MS,
        })
        .then((msg) => {
          const reply = msg.json<PrepareReply>();
          if (!reply.ok)
            loseAgent(agent.name, `agent ${agent.name} refusing the run: ${reply.error}`);
          else
            request.workers.forEach(({ workerIndex }, k) => {
              const worker = workers.get(workerIndex);
              if (worker !== undefined) worker.pid = reply.pids[k] ?? undefined;
            });
        })
        .catch((err: unknown) =>
          loseAgent(
            agent.name,
            `agent ${agent.name} not taking the run: ${err instanceof Error ? err.message : String(err)}`,
          ),
        );
    }
  };

  const launcher: WorkerLauncher = (workerIndex) => {
    const name = placement[workerIndex];
    if (name === undefined)
      throw new Error(`worker ${workerIndex + 1} is beyond the ${options.workers} placed`);
    const worker = new RemoteWorker((message) => {
      if (message.type === 'start') {
        // The orchestrator launches every worker in one go: gather them, then prepare each agent once.
        starts.set(workerIndex, message);
        if (!flushQueued) {
          flushQueued = true;
          queueMicrotask(prepareAll);
        }
        return;
      }
      try {
        nc.publish(toWorkerSubject(name, options.runId, workerIndex), JSON.stringify(message));
      } catch (err) {
        loseAgent(
          name,
          `agent ${name} unreachable: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    });
    workers.set(workerIndex, worker);
    return worker;
  };

  return {
    launcher,
    agents,
    close: () => {
      clearInterval(silence);
      for (const s of subscriptions) s.unsubscribe();
    },
  };
}
