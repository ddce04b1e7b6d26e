// The JetStream stream that keeps each agent's last heartbeat: the broker creates it when it starts,
// so a coordinator that starts later still sees which agents exist (agents/heartbeatStream.ts reads it).
import type { NatsConnection } from '@nats-io/transport-node';
import { heartbeatSubject } from './permissions.ts';

/** The stream's name. */
export const AGENTS_STREAM = 'DIRBENCH_AGENTS';

/** The subjects it keeps: every agent's heartbeat (`dirbench.agent.*.heartbeat`). */
export const HEARTBEAT_SUBJECTS = heartbeatSubject('*');

/**
 * Creates the stream (as the coordinator: agents have no JetStream API rights) unless it exists
 * with this configuration: file storage, one message per subject, so each agent's last heartbeat.
 * A per-run stream must not take these subjects too (a subject belongs to one stream).
 */
export async function ensureHeartbeatStream(nc: NatsConnection): Promise<void> {
  // JetStream's client loads with the first use of a broker, not with every process.
  const { jetstreamManager, RetentionPolicy, StorageType } = await import('@nats-io/jetstream');
  const jsm = await jetstreamManager(nc);
  await jsm.streams.add({
    name: AGENTS_STREAM,
    subjects: [HEARTBEAT_SUBJECTS],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    max_msgs_per_subject: 1,
  });
}
