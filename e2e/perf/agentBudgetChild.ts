// The helper processes of agentBudget.ts, kept off the coordinator's CPU: `responder DELAY_MS`
// runs the built-in responder answering after DELAY_MS; `observer CREDS_FILE` connects to the
// broker as the coordinator and counts what crosses it by kind. Each answers its parent over IPC.
import type { Msg, NatsConnection } from '@nats-io/transport-node';
import { connectBroker } from '../../src/core/broker/connect.ts';
import { startResponder } from '../../src/core/responder/responder.ts';

/** Messages and bytes seen of one kind, since the observer started. */
export interface Tally {
  messages: number;
  bytes: number;
}

/** What the observer has counted: tallies by kind. */
export type Counts = Record<string, Tally>;

/** The first message a helper sends its parent once it is ready. */
export type ChildReady = { kind: 'responder'; url: string; baseDn: string } | { kind: 'observer' };

/** Parent -> observer: send your counts so far (answered with `{counts}`). */
export interface CountsRequest {
  type: 'counts';
}

/** Subject, headers and payload: what a message costs on the wire before NATS and TLS framing. */
function messageBytes(msg: Msg): number {
  let headerBytes = 0;
  if (msg.headers !== undefined) {
    headerBytes = 12; // "NATS/1.0\r\n" and the closing "\r\n"
    for (const key of msg.headers.keys())
      for (const value of msg.headers.values(key)) headerBytes += key.length + value.length + 4;
  }
  return msg.subject.length + headerBytes + msg.data.length;
}

/** The kind of a message under dirbench.agent.NAME.> (relays by the worker message they carry). */
function agentSubjectKind(msg: Msg): string {
  const tokens = msg.subject.split('.');
  const tail = tokens.slice(3);
  if (tail[0] === 'run' && tail[2] === 'worker') {
    const relayed = msg.json<{ kind: string; message?: { type?: string } }>();
    return `relay ${relayed.kind === 'exit' ? 'exit' : (relayed.message?.type ?? '?')}`;
  }
  if (tail[0] === 'run' && tail[2] === 'to') return 'to worker';
  return tail[0] ?? '?';
}

/** Counts every message on `subject` into `counts` under the kind `kindOf` gives. */
async function countInto(
  nc: NatsConnection,
  subject: string,
  counts: Counts,
  kindOf: (msg: Msg) => string,
): Promise<void> {
  for await (const msg of nc.subscribe(subject)) {
    const kind = kindOf(msg);
    const tally = (counts[kind] ??= { messages: 0, bytes: 0 });
    tally.messages += 1;
    tally.bytes += messageBytes(msg);
  }
}

async function observe(credentialsFile: string): Promise<void> {
  const nc = await connectBroker({ credentialsFile, reconnect: false, name: 'dirbench-budget' });
  const counts: Counts = {};
  // A core subscription sees JetStream-published relays too; the acks go to each agent's inbox.
  void countInto(nc, 'dirbench.agent.*.>', counts, agentSubjectKind);
  void countInto(nc, '_INBOX.agent.>', counts, () => 'jetstream ack');
  await nc.flush();
  process.on('message', (m: CountsRequest) => {
    if (m.type === 'counts') process.send?.({ counts });
  });
  process.send?.({ kind: 'observer' } satisfies ChildReady);
}

async function respond(answerDelayMs: number): Promise<void> {
  const responder = await startResponder({ answerDelayMs });
  process.send?.({
    kind: 'responder',
    url: responder.url,
    baseDn: responder.baseDn,
  } satisfies ChildReady);
}

const [mode, arg] = process.argv.slice(2);
// The parent kills us by PID; losing it (IPC closed) ends us too, so nothing is left behind.
process.on('disconnect', () => process.exit(0));
if (mode === 'responder') await respond(Number(arg));
else if (mode === 'observer' && arg !== undefined) await observe(arg);
else throw new Error('usage: agentBudgetChild.ts responder DELAY_MS | observer CREDS_FILE');
