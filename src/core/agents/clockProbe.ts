// Clock probes: the agent answers a request on dirbench.agent.NAME.time with its clock; the
// coordinator sends a few and keeps the tightest (clockEstimate.ts).
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { agentSubjectPrefix } from '../broker/permissions.ts';
import { estimateClock } from './clockEstimate.ts';
import type { ClockEstimate, ClockSample } from './clockEstimate.ts';

/** Probes per estimate. */
export const CLOCK_PROBES = 5;

/** How long one probe waits for its answer. */
export const CLOCK_PROBE_TIMEOUT_MS = 1_000;

/** The agent's clock answers in whole milliseconds (Date.now()). */
export const AGENT_CLOCK_RESOLUTION_MS = 1;

/** The subject agent `name` answers clock probes on. */
export function clockSubject(name: string): string {
  return `${agentSubjectPrefix(name)}.time`;
}

/** Makes agent `name` answer each clock probe with its wall clock, `nowMs()` (`{agentMs}`). */
export function answerClockProbes(
  nc: NatsConnection,
  name: string,
  nowMs: () => number = Date.now,
): Subscription {
  return nc.subscribe(clockSubject(name), {
    callback: (err, msg) => {
      if (err === null) msg.respond(JSON.stringify({ agentMs: nowMs() }));
    },
  });
}

/** Tick edges of Date.now() a precise clock is anchored on: a late look at one only delays it. */
const ANCHOR_EDGES = 3;

/**
 * Date.now()'s clock with sub-millisecond steps: performance.now() anchored on edges of Date.now()
 * ticks. Agents answer with Date.now(); performance.timeOrigin + performance.now() is another
 * clock, 1.5 ms off it in a fresh process here and drifting further in a long-lived one, and that
 * difference became part of every offset.
 */
export function preciseWallClock(): () => number {
  let anchorMs = -Infinity;
  for (let edge = 0; edge < ANCHOR_EDGES; edge++) {
    const start = Date.now();
    let tickMs = start;
    // Bounded: the tick comes within a millisecond; 20 ms allows for a descheduled thread.
    const giveUpAt = performance.now() + 20;
    while (tickMs === start && performance.now() < giveUpAt) tickMs = Date.now();
    // Read after the new tick was seen, so never early: the latest anchor is the closest.
    anchorMs = Math.max(anchorMs, tickMs - performance.now());
  }
  return () => anchorMs + performance.now();
}

/** Options of probeClock. */
export interface ProbeOptions {
  probes?: number;
  timeoutMs?: number;
  /** Our clock (epoch ms); by default Date.now()'s with sub-millisecond steps. */
  nowMs?: () => number;
}

/**
 * Probes agent `name`'s clock `probes` times, one after another, and estimates its offset from the
 * tightest round trip. Null when the agent does not answer (a probe that times out ends probing,
 * so this takes at most about one timeout longer than the probes that were answered).
 */
export async function probeClock(
  nc: NatsConnection,
  name: string,
  options: ProbeOptions = {},
): Promise<ClockEstimate | null> {
  const now = options.nowMs ?? preciseWallClock();
  const samples: ClockSample[] = [];
  for (let i = 0; i < (options.probes ?? CLOCK_PROBES); i++) {
    const sentMs = now();
    try {
      const reply = await nc.request(clockSubject(name), '', {
        timeout: options.timeoutMs ?? CLOCK_PROBE_TIMEOUT_MS,
      });
      const receivedMs = now();
      const agentMs = (reply.json() as { agentMs?: unknown }).agentMs;
      if (typeof agentMs === 'number') samples.push({ sentMs, receivedMs, agentMs });
    } catch {
      break;
    }
  }
  return estimateClock(samples, AGENT_CLOCK_RESOLUTION_MS);
}
