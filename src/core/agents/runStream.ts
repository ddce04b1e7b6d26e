// The JetStream stream of one run on agents: every relay the run's agents publish (their workers'
// seconds and messages) lands in it, deduplicated by message id within two minutes, and reaches
// the coordinator in order through an ordered consumer. One stream per run (nats-server 2.9 does
// not take the consumer filters a shared stream would need); deleted when the run is over.
import type { NatsConnection } from '@nats-io/transport-node';
import { relaySubject } from './agentRunProtocol.ts';

/** How long the broker remembers a relay's id, so a retried publish is stored once. */
export const RELAY_DUPLICATE_WINDOW_MS = 120_000;
/** A run stream left behind (a coordinator that died) is emptied by the broker after this. */
const RUN_STREAM_MAX_AGE_MS = 6 * 3600_000;

/** The stream of run `runId`. */
export function runStreamName(runId: string): string {
  return `DIRBENCH_RUN_${runId}`;
}

/** A run's stream as the coordinator holds it. */
export interface RunStream {
  /** Stops reading and deletes the stream. */
  close(): Promise<void>;
}

/** Creates run `runId`'s stream and passes each relay (subject, body) to `onRelay`, in order. */
export async function openRunStream(
  nc: NatsConnection,
  runId: string,
  onRelay: (subject: string, body: string) => void,
): Promise<RunStream> {
  const name = runStreamName(runId);
  // JetStream's client loads with the first run on agents, not with every process.
  const { jetstream, jetstreamManager, RetentionPolicy, StorageType } =
    await import('@nats-io/jetstream');
  const jsm = await jetstreamManager(nc);
  await jsm.streams.add({
    name,
    subjects: [relaySubject('*', runId, '*')],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    duplicate_window: RELAY_DUPLICATE_WINDOW_MS * 1_000_000,
    max_age: RUN_STREAM_MAX_AGE_MS * 1_000_000,
    num_replicas: 1,
  });
  try {
    const consumer = await jetstream(nc).consumers.get(name);
    const messages = await consumer.consume();
    const reading = (async () => {
      for await (const m of messages) onRelay(m.subject, m.string());
    })().catch(() => undefined);
    return {
      close: async () => {
        await messages.close().catch(() => undefined);
        await reading;
        await jsm.streams.delete(name).catch(() => false);
      },
    };
  } catch (err) {
    await jsm.streams.delete(name).catch(() => false);
    throw err;
  }
}
