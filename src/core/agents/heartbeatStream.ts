// Reads the JetStream stream that keeps each agent's last heartbeat (broker/agentsStream.ts), so a
// coordinator that starts later still sees which agents exist and when each was last heard from.
import type { NatsConnection } from '@nats-io/transport-node';
import { AGENTS_STREAM, HEARTBEAT_SUBJECTS } from '../broker/agentsStream.ts';
import { agentSubjectPrefix } from '../broker/permissions.ts';
import { parseHeartbeat } from './heartbeat.ts';
import type { Heartbeat } from './heartbeat.ts';

/** An agent's last heartbeat and when the broker stored it. */
export interface StoredHeartbeat {
  heartbeat: Heartbeat;
  /** The broker's clock when it stored the heartbeat. */
  storedAtMs: number;
}

/** The agent name in a heartbeat subject; null for another subject. */
function agentOfSubject(subject: string): string | null {
  const prefix = `${agentSubjectPrefix('')}`;
  if (!subject.startsWith(prefix) || !subject.endsWith('.heartbeat')) return null;
  const name = subject.slice(prefix.length, -'.heartbeat'.length);
  return name === '' || name.includes('.') ? null : name;
}

/** Each agent's last heartbeat in the stream, by agent name order; garbled messages are skipped. */
export async function lastHeartbeats(nc: NatsConnection): Promise<StoredHeartbeat[]> {
  // JetStream's client loads with the first use of a broker, not with every process.
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(AGENTS_STREAM, { subjects_filter: HEARTBEAT_SUBJECTS });
  const subjects = Object.keys(info.state.subjects ?? {})
    .filter((s) => agentOfSubject(s) !== null)
    .sort();
  const found: StoredHeartbeat[] = [];
  for (const subject of subjects) {
    const msg = await jsm.streams.getMessage(AGENTS_STREAM, { last_by_subj: subject });
    if (msg === null) continue;
    const heartbeat = parseHeartbeat(msg.string());
    // The subject is the agent's own (the broker lets no one else publish there); trust it over the body.
    if (heartbeat !== null && heartbeat.name === agentOfSubject(subject))
      found.push({ heartbeat, storedAtMs: msg.time.getTime() });
  }
  return found;
}
