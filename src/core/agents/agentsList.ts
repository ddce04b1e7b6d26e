// `agents list`: each agent's last heartbeat from the broker's stream, whether it is still there,
// and, for those that are, its clock's offset from ours.
import type { NatsConnection } from '@nats-io/transport-node';
import type { AgentListing } from '../../shared/agentTypes.ts';
import { connectBroker } from '../broker/connect.ts';
import type { BrokerConnectOptions } from '../broker/connect.ts';
import { probeClock } from './clockProbe.ts';
import type { ProbeOptions } from './clockProbe.ts';
import { AGENT_LOST_AFTER_MS } from './heartbeat.ts';
import { ensureHeartbeatStream } from '../broker/agentsStream.ts';
import { lastHeartbeats } from './heartbeatStream.ts';

export type { AgentListing } from '../../shared/agentTypes.ts';

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

/**
 * Connects as the coordinator, lists the agents and closes: one look, as `agents list` and the
 * API's `agents/list` take it. A lost connection is not retried (the caller asks again).
 */
export async function listBrokerAgents(
  target: Omit<BrokerConnectOptions, 'reconnect'>,
  probe: ProbeOptions = {},
): Promise<AgentListing[]> {
  const nc = await connectBroker({ ...target, reconnect: false });
  try {
    await ensureHeartbeatStream(nc);
    return await listAgents(nc, Date.now, probe);
  } finally {
    await nc.close();
  }
}
