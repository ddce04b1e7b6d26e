// How an agent sends its workers' relays to the coordinator: into the run's JetStream stream, one
// worker's relays in order (each publish waits for the broker's ack before the next), retried
// under the same message id until acknowledged, so a retry is stored once.
import type { NatsConnection } from '@nats-io/transport-node';
import { relayMessageId, relaySubject } from './agentRunProtocol.ts';
import type { Relayed } from './agentRunProtocol.ts';

/** How long one publish waits for the broker's ack. */
const ACK_TIMEOUT_MS = 2_000;
/** Pause between attempts of an unacknowledged publish. */
const RETRY_PAUSE_MS = 250;
/** A relay not acknowledged within this is given up (the coordinator has lost the agent by then). */
const GIVE_UP_AFTER_MS = 12_000;

/** Sends agent `name`'s relays. */
export interface RelayPublisher {
  publish(runId: string, workerIndex: number, relayed: Relayed): void;
}

/** Options of relayPublisher (tests). */
export interface RelayPublisherOptions {
  log: (line: string) => void;
  /** Test hook: publish every relay twice under its id (the broker must store it once). */
  publishTwice?: boolean;
}

/** A publisher of agent `name`'s relays on `nc`. */
export function relayPublisher(
  nc: NatsConnection,
  name: string,
  options: RelayPublisherOptions,
): RelayPublisher {
  // JetStream's client loads with the first agent, not with every process that could host one.
  const client = import('@nats-io/jetstream').then(({ jetstream }) => jetstream(nc));
  const queues = new Map<string, Promise<void>>();

  const send = async (subject: string, body: string, msgID: string): Promise<void> => {
    const deadlineMs = Date.now() + GIVE_UP_AFTER_MS;
    for (let attempt = 1; ; attempt++) {
      if (nc.isClosed()) return;
      try {
        const js = await client;
        await js.publish(subject, body, { msgID, timeout: ACK_TIMEOUT_MS });
        if (options.publishTwice === true)
          await js.publish(subject, body, { msgID, timeout: ACK_TIMEOUT_MS });
        return;
      } catch (err) {
        if (Date.now() + RETRY_PAUSE_MS > deadlineMs) {
          const why = err instanceof Error ? err.message : String(err);
          options.log(`relay ${msgID} not acknowledged after ${attempt} attempts (${why})`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
      }
    }
  };

  return {
    publish: (runId, workerIndex, relayed) => {
      const key = `${runId}/${workerIndex}`;
      const subject = relaySubject(name, runId, workerIndex);
      const msgID = relayMessageId(runId, name, workerIndex, relayed);
      const body = JSON.stringify(relayed);
      const next = (queues.get(key) ?? Promise.resolve()).then(() => send(subject, body, msgID));
      queues.set(key, next);
      void next.then(() => {
        if (queues.get(key) === next) queues.delete(key);
      });
    },
  };
}
