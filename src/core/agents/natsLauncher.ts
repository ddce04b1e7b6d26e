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
import type { PrepareReply, PrepareRequest, ToWorker } from './agentRunProtocol.ts';
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

/** The live state of a run on agents, shared by the steps that prepare, watch and launch it. */
interface RunState {
  nc: NatsConnection;
  options: AgentRunOptions;
  nowMs: () => number;
  /** The agent of each worker, by worker index. */
  placement: string[];
  agents: RunAgent[];
  tally: AgentTally;
  workers: Map<number, RemoteWorker>;
  /** Start messages gathered until every agent gets its one prepare request. */
  starts: Map<number, WorkerStartMessage>;
  lastHeardMs: Map<string, number>;
  losses: string[];
  flushQueued: boolean;
}

/** Agent `name` is lost; `how` completes "worker N was ended by ...". */
function loseAgent(run: RunState, name: string, how: string): void {
  const live = run.placement
    .flatMap((a, i) => (a === name ? [run.workers.get(i)] : []))
    .filter((w) => !!w)
    .filter((w) => !w.exited);
  if (live.length === 0) return;
  run.tally.lose(name);
  run.losses.push(how);
  for (const w of live) {
    if (run.options.onAgentLoss === 'continue') w.lose(how);
    else w.end(null, how);
  }
}

/** Reads the run's stream and the agents' heartbeats, losing agents silent too long; returns the stop. */
async function watchAgents(run: RunState): Promise<() => Promise<void>> {
  const { nc, nowMs, lastHeardMs } = run;
  const lostAfterMs = run.options.lostAfterMs ?? AGENT_LOST_AFTER_MS;
  const stream = await openRunStream(nc, run.options.runId, (subject, body) => {
    const name = subject.split('.')[2] ?? '';
    lastHeardMs.set(name, nowMs());
    const index = workerIndexOfSubject(subject);
    const relayed = parseRelayed(body);
    // Only the agent a worker was placed on speaks for it.
    if (index === null || relayed === null || run.placement[index] !== name) return;
    run.workers.get(index)?.deliver(relayed);
  });
  const subscriptions: Subscription[] = run.agents.map(({ name }) =>
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
        loseAgent(
          run,
          name,
          `the loss of agent ${name} (silent for ${(silentMs / 1000).toFixed(1)} s)`,
        );
    }
  }, SILENCE_CHECK_MS);
  silence.unref();
  return async () => {
    clearInterval(silence);
    for (const s of subscriptions) s.unsubscribe();
    await stream.close();
  };
}

/** Sends agent `name` its prepare request, a big DN list ahead of it in parts. */
async function sendPrepare(nc: NatsConnection, name: string, request: PrepareRequest) {
  const { request: small, parts } = splitPrepare(request);
  for (const part of parts) {
    const reply = (
      await nc.request(dnPartSubject(name), JSON.stringify(part), { timeout: PREPARE_TIMEOUT_MS })
    ).json<PrepareReply>();
    if (!reply.ok) throw new Error(reply.error);
  }
  return nc.request(prepareSubject(name), JSON.stringify(small), { timeout: PREPARE_TIMEOUT_MS });
}

/** Sends `agent` one prepare request with its start messages; its reply gives the workers' pids. */
function prepareAgent(run: RunState, agent: RunAgent): void {
  const request: PrepareRequest = {
    runId: run.options.runId,
    clockOffsetMs: agent.clockOffsetMs,
    loadMs: run.options.loadMs,
    workers: agent.workers.flatMap((i) => {
      const start = run.starts.get(i);
      return start === undefined ? [] : [{ workerIndex: i, start }];
    }),
  };
  if (request.workers.length === 0) return;
  void sendPrepare(run.nc, agent.name, request)
    .then((msg) => {
      const reply = msg.json<PrepareReply>();
      if (!reply.ok)
        loseAgent(run, agent.name, `agent ${agent.name} refusing the run: ${reply.error}`);
      else
        request.workers.forEach(({ workerIndex }, k) => {
          const worker = run.workers.get(workerIndex);
          if (worker !== undefined) worker.pid = reply.pids[k] ?? undefined;
        });
    })
    .catch((err: unknown) =>
      loseAgent(
        run,
        agent.name,
        `agent ${agent.name} not taking the run: ${err instanceof Error ? err.message : String(err)}`,
      ),
    );
}

/** Sends worker `workerIndex` (on agent `name`) a message; a start is gathered for the prepare. */
function sendToWorker(run: RunState, name: string, workerIndex: number, message: ToWorker): void {
  if (message.type === 'start') {
    // The orchestrator launches every worker in one go: gather them, then prepare each agent once.
    run.starts.set(workerIndex, message);
    if (!run.flushQueued) {
      run.flushQueued = true;
      queueMicrotask(() => {
        for (const agent of run.agents) prepareAgent(run, agent);
      });
    }
    return;
  }
  if (message.type === 'go') run.tally.start(message.t0Ms);
  try {
    run.nc.publish(toWorkerSubject(name, run.options.runId, workerIndex), JSON.stringify(message));
  } catch (err) {
    loseAgent(
      run,
      name,
      `agent ${name} unreachable: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/** The orchestrator's launcher: each worker a RemoteWorker on its placed agent. */
function launcherOf(run: RunState): WorkerLauncher {
  return (workerIndex) => {
    const name = run.placement[workerIndex];
    if (name === undefined)
      throw new Error(`worker ${workerIndex + 1} is beyond the ${run.options.workers} placed`);
    const worker = new RemoteWorker(
      (message) => sendToWorker(run, name, workerIndex, message),
      (message) => {
        if (message.type === 'interval') run.tally.add(workerIndex, message);
      },
    );
    run.workers.set(workerIndex, worker);
    return worker;
  };
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
  const placement = placeWorkers(options.workers, options.agents);
  const offsets = await probeAgents(nc, new Set(placement), options.probe);
  const agents: RunAgent[] = [...offsets].map(([name, clockOffsetMs]) => ({
    name,
    clockOffsetMs,
    workers: placement.flatMap((a, i) => (a === name ? [i] : [])),
    ...options.machines?.get(name),
  }));
  const run: RunState = {
    nc,
    options,
    nowMs,
    placement,
    agents,
    tally: new AgentTally(placement, nowMs),
    workers: new Map(),
    starts: new Map(),
    lastHeardMs: new Map(agents.map((a) => [a.name, nowMs()])),
    losses: [],
    flushQueued: false,
  };
  const stopWatching = await watchAgents(run);
  return {
    launcher: launcherOf(run),
    agents,
    tally: run.tally,
    losses: () => [...run.losses],
    close: stopWatching,
  };
}
