// The coordinator's side of a run on agents: a WorkerLauncher whose workers live on agents. It
// probes each agent's clock, places the workers round-robin, opens the run's results stream, sends
// each agent one prepare request with its workers' start messages, and turns the relays read from
// the stream back into worker events. An agent silent for 6 s is lost: its workers end (the run
// fails naming it) or, when the run goes on without it, are reported lost.
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { AgentLossPolicy, RunAgentPlacement } from '../../shared/agentTypes.ts';
import type { WorkerStartMessage } from '../loadgen/protocol.ts';
import type { WorkerLauncher } from '../runner/launcher.ts';
import { AgentTally } from './agentTally.ts';
import { splitPrepare } from './dnListParts.ts';
import {
  dnPartSubject,
  PREPARE_TIMEOUT_MS,
  parseRelayed,
  placeWorkers,
  prepareSubject,
  toWorkerSubject,
  workerIndexOfSubject,
} from './agentRunProtocol.ts';
import type { PrepareReply, PrepareRequest } from './agentRunProtocol.ts';
import { probeClock } from './clockProbe.ts';
import type { ProbeOptions } from './clockProbe.ts';
import { heartbeatSubject } from '../broker/permissions.ts';
import { AGENT_LOST_AFTER_MS } from './heartbeat.ts';
import { RemoteWorker } from './remoteWorker.ts';
import { openRunStream } from './runStream.ts';

/** How often the coordinator checks for silent agents. */
const SILENCE_CHECK_MS = 500;

/** The stall limit (RunPlan.stallMs) of a run on agents: past an agent's loss, so the loss names it. */
export const AGENT_RUN_STALL_MS = AGENT_LOST_AFTER_MS + 3_000;

/** Time from "all ready" to t0 on agents: every agent has 'go' well before load starts. */
export const AGENT_GO_LEAD_MS = 2_000;

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
  /** `fail` (default): a lost agent ends the run; `continue`: the run goes on without it. */
  onAgentLoss?: AgentLossPolicy;
  /** Each agent's machine as its heartbeat describes it, recorded with the run. */
  machines?: ReadonlyMap<string, Pick<RunAgent, 'host' | 'cores' | 'version'>>;
  /** A silent agent is lost after this (default 6 s). */
  lostAfterMs?: number;
  probe?: ProbeOptions;
  nowMs?: () => number;
}

/** A prepared run on agents: its launcher, where its workers are, each agent's part, and the way out. */
export interface AgentRun {
  launcher: WorkerLauncher;
  agents: RunAgent[];
  /** Each agent's figures as they arrived (per second and over the run). */
  tally: AgentTally;
  /** Each lost agent's loss in words (for the run's end reason). */
  losses(): string[];
  /** Unsubscribes, stops watching the agents and deletes the run's stream (after the run's end). */
  close(): Promise<void>;
}

/** Throws unless `runId` can be one subject token and a stream name. */
function checkRunId(runId: string): void {
  if (!/^[A-Za-z0-9_-]+$/.test(runId))
    throw new Error(`run id "${runId}" cannot name a broker subject`);
}

/** Each agent's clock offset, probed; an agent that does not answer fails the run, named. */
async function probeAgents(
  nc: NatsConnection,
  names: Iterable<string>,
  probe: ProbeOptions | undefined,
): Promise<Map<string, number>> {
  const offsets = new Map<string, number>();
  for (const name of names) {
    const clock = await probeClock(nc, name, probe);
    if (clock === null) throw new Error(`agent ${name} does not answer clock probes`);
    offsets.set(name, clock.offsetMs);
  }
  return offsets;
}

/**
 * Prepares run `runId` on `agents` and returns a launcher for the orchestrator. The workers' start
 * messages, which the orchestrator sends right after launching, go to each agent in one prepare
 * request (a password in them travels only there, never into a stream).
 */
export async function prepareAgentRun(
  nc: NatsConnection,
  options: AgentRunOptions,
): Promise<AgentRun> {
  checkRunId(options.runId);
  const nowMs = options.nowMs ?? Date.now;
  const lostAfterMs = options.lostAfterMs ?? AGENT_LOST_AFTER_MS;
  const placement = placeWorkers(options.workers, options.agents);
  const offsets = await probeAgents(nc, new Set(placement), options.probe);
  const agents: RunAgent[] = [...offsets].map(([name, clockOffsetMs]) => ({
    name,
    clockOffsetMs,
    workers: placement.flatMap((a, i) => (a === name ? [i] : [])),
    ...options.machines?.get(name),
  }));
  const tally = new AgentTally(placement, nowMs);
  const workers = new Map<number, RemoteWorker>();
  const starts = new Map<number, WorkerStartMessage>();
  const lastHeardMs = new Map(agents.map((a) => [a.name, nowMs()]));
  const losses: string[] = [];
  let flushQueued = false;

  const workersOf = (name: string): RemoteWorker[] =>
    placement.flatMap((a, i) => (a === name ? [workers.get(i)] : [])).filter((w) => !!w);
  /** Agent `name` is lost; `how` completes "worker N was ended by ...". */
  const loseAgent = (name: string, how: string): void => {
    const live = workersOf(name).filter((w) => !w.exited);
    if (live.length === 0) return;
    tally.lose(name);
    losses.push(how);
    for (const w of live) {
      if (options.onAgentLoss === 'continue') w.lose(how);
      else w.end(null, how);
    }
  };

  const stream = await openRunStream(nc, options.runId, (subject, body) => {
    const name = subject.split('.')[2] ?? '';
    lastHeardMs.set(name, nowMs());
    const index = workerIndexOfSubject(subject);
    const relayed = parseRelayed(body);
    // Only the agent a worker was placed on speaks for it.
    if (index === null || relayed === null || placement[index] !== name) return;
    workers.get(index)?.deliver(relayed);
  });
  const subscriptions: Subscription[] = agents.map(({ name }) =>
    nc.subscribe(heartbeatSubject(name), {
      callback: (err) => {
        if (err === null) lastHeardMs.set(name, nowMs());
      },
    }),
  );
  const silence = setInterval(() => {
    for (const [name, heardMs] of lastHeardMs) {
      const silentMs = nowMs() - heardMs;
      if (silentMs > lostAfterMs)
        loseAgent(name, `the loss of agent ${name} (silent for ${(silentMs / 1000).toFixed(1)} s)`);
    }
  }, SILENCE_CHECK_MS);
  silence.unref();

  /** Sends agent `name` its prepare request, a big DN list ahead of it in parts. */
  const sendPrepare = async (name: string, request: PrepareRequest) => {
    const { request: small, parts } = splitPrepare(request);
    for (const part of parts) {
      const reply = (
        await nc.request(dnPartSubject(name), JSON.stringify(part), { timeout: PREPARE_TIMEOUT_MS })
      ).json<PrepareReply>();
      if (!reply.ok) throw new Error(reply.error);
    }
    return nc.request(prepareSubject(name), JSON.stringify(small), { timeout: PREPARE_TIMEOUT_MS });
  };

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
      void sendPrepare(agent.name, request)
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
    const worker = new RemoteWorker(
      (message) => {
        if (message.type === 'start') {
          // The orchestrator launches every worker in one go: gather them, then prepare each agent once.
          starts.set(workerIndex, message);
          if (!flushQueued) {
            flushQueued = true;
            queueMicrotask(prepareAll);
          }
          return;
        }
        if (message.type === 'go') tally.start(message.t0Ms);
        try {
          nc.publish(toWorkerSubject(name, options.runId, workerIndex), JSON.stringify(message));
        } catch (err) {
          loseAgent(
            name,
            `agent ${name} unreachable: ${err instanceof Error ? err.message : String(err)}`,
          );
        }
      },
      (message) => {
        if (message.type === 'interval') tally.add(workerIndex, message);
      },
    );
    workers.set(workerIndex, worker);
    return worker;
  };

  return {
    launcher,
    agents,
    tally,
    losses: () => [...losses],
    close: async () => {
      clearInterval(silence);
      for (const s of subscriptions) s.unsubscribe();
      await stream.close();
    },
  };
}
