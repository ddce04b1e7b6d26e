// A load agent's life: connects to the broker as itself, heartbeats every 2 s, answers clock
// probes, and stops itself when the broker has been unreachable for 5 s (dead-man switch).
import { performance } from 'node:perf_hooks';
import type { EventLoopUtilization } from 'node:perf_hooks';
import type { NatsConnection, Status } from '@nats-io/transport-node';
import { readAgentCredentials } from '../broker/agentCredentials.ts';
import { connectWithCredentials } from '../broker/connect.ts';
import type { WorkerLauncher } from '../runner/launcher.ts';
import { localAgentIdentity } from './agentIdentity.ts';
import { hostRuns } from './agentRuns.ts';
import type { RunHost } from './agentRuns.ts';
import { answerClockProbes } from './clockProbe.ts';
import { DEAD_MAN_LIMIT_MS, DeadManSwitch } from './deadMan.ts';
import { heartbeatSubject } from '../broker/permissions.ts';
import { HEARTBEAT_INTERVAL_MS, heartbeatContent } from './heartbeat.ts';
import type { AgentIdentity, AgentState } from './heartbeat.ts';

// Closing the connection may wait on a broker that is gone; never longer than this.
const CLOSE_TIMEOUT_MS = 2_000;

/** What an agent needs to start. */
export interface AgentOptions {
  /** Which agent; may be left out only to hear which agents `credentialsFile` holds. */
  name?: string;
  /** The agent's own credentials file, or the broker's agents.creds.json (the entry of `name`). */
  credentialsFile: string;
  /** Override the credentials file's url and caFile. */
  url?: string;
  caFile?: string;
  /** Where state changes are told, one line each. */
  log: (line: string) => void;
  /** Dead-man limit (default 5 s). */
  deadManMs?: number;
  /** Starts the workers of the runs it hosts (default: child_process.fork on this Node). */
  launcher?: WorkerLauncher;
  /** This machine's wall clock in epoch ms (default Date.now; tests set one that is off). */
  wallNowMs?: () => number;
  /** Publishes every relay twice under its id (tests: the broker must store it once). */
  publishTwice?: boolean;
}

/** How an agent ended: exit code and why. */
export interface AgentEnd {
  code: number;
  reason: string;
}

/** A started agent. */
export interface RunningAgent {
  /** Settles when the agent has stopped (broker gone, connection closed, or stop()). */
  readonly ended: Promise<AgentEnd>;
  /** Stops the agent cleanly (exit code 0), closing the connection first. */
  stop(reason: string): Promise<AgentEnd>;
  /** True while it hosts a run's workers. */
  busy(): boolean;
}

/** Resolves after `promise` or `ms`, whichever comes first; never rejects. */
async function bounded(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Publishes a heartbeat every interval with the CPU and event-loop use measured since the last. */
function startHeartbeats(
  nc: NatsConnection,
  identity: AgentIdentity,
  state: () => AgentState,
  wallNowMs: () => number,
  onFlush: (ok: boolean) => void,
): () => void {
  // The first heartbeat covers the agent's life so far (a span measured from now would be ~0 ms
  // long and read as several cores busy).
  let cpu: NodeJS.CpuUsage = { user: 0, system: 0 };
  let elu: EventLoopUtilization | undefined = undefined;
  let lastMs = 0;
  const beat = (): void => {
    const nowMs = performance.now();
    const cpuUsage = process.cpuUsage(cpu);
    const eventLoop = performance.eventLoopUtilization(elu);
    const load = {
      cpuUsage,
      elapsedMs: nowMs - lastMs,
      eventLoopUtilization: eventLoop.utilization,
    };
    cpu = process.cpuUsage();
    elu = performance.eventLoopUtilization();
    lastMs = nowMs;
    const heartbeat = heartbeatContent(identity, state(), load, wallNowMs());
    try {
      nc.publish(heartbeatSubject(identity.name), JSON.stringify(heartbeat));
    } catch {
      return; // closed: the status loop ends the agent
    }
    // A flush is a round trip to the broker: it tells a silent broker (no TCP reset) from a live one.
    void bounded(nc.flush(), HEARTBEAT_INTERVAL_MS).then(onFlush);
  };
  beat();
  const timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
  return () => clearInterval(timer);
}

/**
 * Starts agent `name`: takes its credentials from the file (its own, or its entry in the broker's
 * bundle), connects (a connection error says what is wrong), then heartbeats, answers clock probes
 * and hosts the runs it is asked to until stopped or the broker is gone (its workers are then killed).
 */
export async function startAgent(opts: AgentOptions): Promise<RunningAgent> {
  const { name, ...fromFile } = readAgentCredentials(opts.credentialsFile, opts.name);
  const url = opts.url ?? fromFile.url;
  const nc = await connectWithCredentials(
    { ...fromFile, url, caFile: opts.caFile ?? fromFile.caFile },
    { name: `dirbench-agent-${name}`, reconnect: true },
  );
  const limitMs = opts.deadManMs ?? DEAD_MAN_LIMIT_MS;
  const say = (line: string): void => opts.log(`agent ${name}: ${line}`);
  say(`connected to the broker at ${url}; heartbeat every ${HEARTBEAT_INTERVAL_MS / 1000} s`);

  let finish: (end: AgentEnd) => void = () => undefined;
  const ended = new Promise<AgentEnd>((resolve) => (finish = resolve));
  let stopping: Promise<AgentEnd> | null = null;
  let stopHeartbeats: () => void = () => undefined;
  let runs: RunHost | null = null;
  const shutdown = (end: AgentEnd): Promise<AgentEnd> => {
    stopping ??= (async () => {
      dead.dispose();
      stopHeartbeats();
      runs?.close(`the agent is stopping (${end.reason})`);
      await bounded(nc.close(), CLOSE_TIMEOUT_MS);
      finish(end);
      return end;
    })();
    return stopping;
  };

  const dead = new DeadManSwitch(limitMs, (silentMs) => {
    const reason = `the broker at ${url} has been unreachable for ${(silentMs / 1000).toFixed(1)} s: stopping`;
    say(reason);
    void shutdown({ code: 1, reason });
  });
  const unreachable = (why: string): void => {
    if (dead.counting || dead.expired) return;
    say(`${why}; stopping in ${limitMs / 1000} s unless it comes back`);
    dead.unreachable();
  };
  const reachable = (): void => {
    if (!dead.counting) return;
    dead.reachable();
    say(`the broker at ${url} answers again`);
  };

  void (async () => {
    for await (const s of nc.status() as AsyncIterable<Status>) {
      if (s.type === 'disconnect') unreachable(`lost the connection to the broker at ${url}`);
      else if (s.type === 'reconnect') reachable();
      else if (s.type === 'error') say(`the broker reports: ${s.error.message}`);
    }
  })();
  void nc.closed().then((err) => {
    if (stopping !== null) return;
    const reason = `the connection to the broker at ${url} closed${err ? `: ${err.message}` : ''}`;
    say(reason);
    void shutdown({ code: 1, reason });
  });

  const wallNowMs = opts.wallNowMs ?? Date.now;
  answerClockProbes(nc, name, wallNowMs);
  const host = hostRuns(nc, name, {
    log: say,
    nowMs: wallNowMs,
    ...(opts.launcher === undefined ? {} : { launcher: opts.launcher }),
    ...(opts.publishTwice === undefined ? {} : { publishTwice: opts.publishTwice }),
  });
  runs = host;
  const state = (): AgentState => (host.busy() ? 'running' : 'idle');
  stopHeartbeats = startHeartbeats(nc, localAgentIdentity(name), state, wallNowMs, (ok) => {
    if (ok) reachable();
    else
      unreachable(
        `the broker at ${url} did not answer a flush in ${HEARTBEAT_INTERVAL_MS / 1000} s`,
      );
  });

  return {
    ended,
    stop: (reason) => {
      if (stopping === null) say(`stopping (${reason})`);
      return shutdown({ code: 0, reason });
    },
    busy: () => host.busy(),
  };
}
