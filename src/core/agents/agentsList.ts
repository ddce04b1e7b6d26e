// `agents list`: each agent's last heartbeat from the broker's stream, whether it is still there,
// and, for those that are, its clock's offset from ours.
import type { NatsConnection } from '@nats-io/transport-node';
import { probeClock } from './clockProbe.ts';
import type { ProbeOptions } from './clockProbe.ts';
import { AGENT_LOST_AFTER_MS } from './heartbeat.ts';
import type { AgentState } from './heartbeat.ts';
import { lastHeartbeats } from './heartbeatStream.ts';

/** One agent as `agents list` shows it. */
export interface AgentListing {
  name: string;
  host: string;
  version: string;
  /** Its own state, or 'lost' when its last heartbeat is older than 6 s. */
  state: AgentState | 'lost';
  /** Since its last heartbeat reached the broker. */
  lastSeenMs: number;
  /** Agent clock minus ours; null when it was not probed (lost) or did not answer. */
  clockOffsetMs: number | null;
  clockUncertaintyMs: number | null;
  cores: number;
  /** From its last heartbeat: CPU in % of one core, event-loop use 0..1. */
  cpuPercent: number;
  eventLoopUtilization: number;
}

/**
 * The agents that ever heartbeated on this broker, by name. `nowMs` is our clock, compared with
 * the broker's storage time of each heartbeat (the same clock when the broker runs here).
 */
export async function listAgents(
  nc: NatsConnection,
  nowMs: () => number = Date.now,
  probe: ProbeOptions = {},
): Promise<AgentListing[]> {
  const stored = await lastHeartbeats(nc);
  return Promise.all(
    stored.map(async ({ heartbeat, storedAtMs }) => {
      const lastSeenMs = Math.max(0, nowMs() - storedAtMs);
      const lost = lastSeenMs > AGENT_LOST_AFTER_MS;
      const clock = lost ? null : await probeClock(nc, heartbeat.name, probe);
      return {
        name: heartbeat.name,
        host: heartbeat.host,
        version: heartbeat.version,
        state: lost ? 'lost' : heartbeat.state,
        lastSeenMs,
        clockOffsetMs: clock?.offsetMs ?? null,
        clockUncertaintyMs: clock?.uncertaintyMs ?? null,
        cores: heartbeat.cores,
        cpuPercent: heartbeat.cpuPercent,
        eventLoopUtilization: heartbeat.eventLoopUtilization,
      };
    }),
  );
}
