// What an agent says about itself every 2 s: who and where it is, its state and how busy it is.
import type { AgentState } from '../../shared/agentTypes.ts';

export type { AgentState } from '../../shared/agentTypes.ts';

/** How often an agent publishes its heartbeat. */
export const HEARTBEAT_INTERVAL_MS = 2_000;

/** An agent silent this long is lost. */
export const AGENT_LOST_AFTER_MS = 6_000;

/** One heartbeat, as published (JSON) on `dirbench.agent.NAME.heartbeat`. */
export interface Heartbeat {
  name: string;
  host: string;
  /** DirBench's version on the agent. */
  version: string;
  /** Logical CPUs of the agent's machine. */
  cores: number;
  state: AgentState;
  /** CPU time the agent process used over the last interval, in % of one core. */
  cpuPercent: number;
  /** Share of the last interval the agent's event loop was busy, 0..1. */
  eventLoopUtilization: number;
  /** The agent's clock when it sent this. */
  sentAtMs: number;
}

/** What the process measured between two heartbeats. */
export interface LoadSample {
  /** process.cpuUsage(previous): user and system microseconds over the interval. */
  cpuUsage: { user: number; system: number };
  /** Wall time of the interval. */
  elapsedMs: number;
  /** performance.eventLoopUtilization(previous).utilization. */
  eventLoopUtilization: number;
}

/** The fixed facts of an agent, sent in each heartbeat. */
export interface AgentIdentity {
  name: string;
  host: string;
  version: string;
  cores: number;
}

/** One heartbeat from the agent's identity, state and what it measured over the last interval. */
export function heartbeatContent(
  identity: AgentIdentity,
  state: AgentState,
  load: LoadSample,
  sentAtMs: number,
): Heartbeat {
  const cpuMs = (load.cpuUsage.user + load.cpuUsage.system) / 1_000;
  const cpuPercent = load.elapsedMs > 0 ? (100 * cpuMs) / load.elapsedMs : 0;
  return {
    ...identity,
    state,
    cpuPercent: Math.round(cpuPercent * 10) / 10,
    eventLoopUtilization: Math.round(load.eventLoopUtilization * 1_000) / 1_000,
    sentAtMs,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A heartbeat read back from its JSON; null when it is not one (a foreign or garbled message). */
export function parseHeartbeat(text: string): Heartbeat | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const strings = ['name', 'host', 'version', 'state'] as const;
  const numbers = ['cores', 'cpuPercent', 'eventLoopUtilization', 'sentAtMs'] as const;
  if (strings.some((k) => typeof value[k] !== 'string')) return null;
  if (numbers.some((k) => typeof value[k] !== 'number' || !Number.isFinite(value[k]))) return null;
  return value as unknown as Heartbeat;
}
