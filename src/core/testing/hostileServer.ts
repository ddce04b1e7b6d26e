// A hostile LDAP server for tests: a sibling of the built-in responder that answers honestly
// until the answer its client's bind DN names (see hostileFaults.ts), and then misbehaves.
import net from 'node:net';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { mustReadTlv, readTlv } from '../responder/ber.ts';
import { CANNED_PERSON } from '../responder/cannedEntries.ts';
import {
  REQUEST_TAG,
  RESPONSE_TAG,
  RESULT,
  decodeRequest,
  encodeAttributes,
  encodeEntryMessage,
  encodeMessage,
  encodeResult,
} from '../responder/ldapMessages.ts';
import type { DecodedRequest } from '../responder/ldapMessages.ts';
import { faultAction, planOf } from './hostileFaults.ts';
import type { AfterFault, FaultAction, FaultPlan, HonestAnswer } from './hostileFaults.ts';

/** Entries a one-level or subtree search returns. */
const LIST_ENTRIES = 3;

/** Most bytes the `oversize` mode streams into one connection (a client that never stops reading). */
const FLOOD_CAP_BYTES = 64 << 20;

const FLOOD_CHUNK = Buffer.alloc(64 << 10, 0x41);

/** A running hostile server. */
export interface HostileServer {
  url: string;
  port: number;
  /** Stops listening and destroys every connection. */
  close(): Promise<void>;
}

/** Response tag of the final answer to each request kind. */
const FINAL_TAG = new Map<number, number>([
  [REQUEST_TAG.bind, RESPONSE_TAG.bind],
  [REQUEST_TAG.search, RESPONSE_TAG.searchDone],
  [REQUEST_TAG.modify, RESPONSE_TAG.modify],
  [REQUEST_TAG.add, RESPONSE_TAG.add],
  [REQUEST_TAG.delete, RESPONSE_TAG.delete],
  [REQUEST_TAG.modifyDn, RESPONSE_TAG.modifyDn],
  [REQUEST_TAG.compare, RESPONSE_TAG.compare],
  [REQUEST_TAG.extended, RESPONSE_TAG.extended],
]);

const ENTRY_ATTRIBUTES = encodeAttributes(CANNED_PERSON);

/** The honest answer to `request` (null for those without one: abandon). */
function honestAnswer(request: DecodedRequest): HonestAnswer | null {
  const finalTag = FINAL_TAG.get(request.opTag);
  if (finalTag === undefined) return null;
  const id = request.messageId;
  const messages: Buffer[] = [];
  if (request.search !== undefined) {
    const count = request.search.scope === 0 ? 1 : LIST_ENTRIES;
    const suffix = request.search.baseDn === '' ? '' : `,${request.search.baseDn}`;
    for (let i = 0; i < count; i++) {
      messages.push(encodeEntryMessage(id, `uid=user.${i}${suffix}`, ENTRY_ATTRIBUTES));
    }
  }
  const code =
    request.opTag === REQUEST_TAG.compare
      ? RESULT.compareTrue
      : request.opTag === REQUEST_TAG.extended
        ? RESULT.protocolError
        : RESULT.success;
  messages.push(encodeMessage(id, encodeResult(finalTag, code)));
  return { messages, messageId: id, finalTag, resultCode: code };
}

/** The DN of a bind request occupying buf[start, end) (the LDAPMessage's content). */
function bindDnOf(buf: Buffer, start: number, end: number): string {
  const id = mustReadTlv(buf, start, end);
  const op = mustReadTlv(buf, id.end, end);
  const version = mustReadTlv(buf, op.start, op.end);
  const name = mustReadTlv(buf, version.end, op.end);
  return buf.toString('utf8', name.start, name.end);
}

/** One connection's state: its plan (from its bind), answers given, what it does now. */
class HostileConnection {
  private readonly socket: net.Socket;
  private plan: FaultPlan | null = null;
  private answered = 0;
  private previousId = 0;
  private state: 'serving' | 'silent' | 'gone' = 'serving';
  private pending: Buffer | null = null;
  /** Paced writes still to go: answers wait behind them, in order. */
  private queue: { chunks: Buffer[]; paced: boolean; then: AfterFault }[] = [];
  private writing = false;

  constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('error', () => this.gone());
    socket.on('close', () => this.gone());
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
  }

  private gone(): void {
    this.state = 'gone';
    this.queue = [];
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    if (this.state !== 'serving') return;
    let buf = this.pending === null ? chunk : Buffer.concat([this.pending, chunk]);
    this.pending = null;
    try {
      let offset = 0;
      while (offset < buf.length && this.state === 'serving') {
        const message = readTlv(buf, offset);
        if (message === null) break;
        const request = decodeRequest(buf, message.start, message.end);
        if (request.opTag === REQUEST_TAG.bind)
          this.plan = planOf(bindDnOf(buf, message.start, message.end));
        offset = message.end;
        if (request.opTag === REQUEST_TAG.unbind) {
          // RST, not FIN: a fuzz run opens tens of thousands of connections, none left in TIME_WAIT.
          this.socket.resetAndDestroy();
          this.gone();
          return;
        }
        this.respond(request);
      }
      buf = buf.subarray(offset);
      if (buf.length > 0) this.pending = Buffer.from(buf);
    } catch {
      this.gone();
    }
  }

  private respond(request: DecodedRequest): void {
    const answer = honestAnswer(request);
    if (answer === null) return;
    const plan = this.plan;
    const index = this.answered++;
    const action: FaultAction =
      plan !== null && plan.at === index
        ? faultAction(plan, answer, this.previousId)
        : { chunks: answer.messages, paced: false, then: 'answer' };
    this.previousId = answer.messageId;
    if (action.then !== 'answer') this.state = 'silent';
    this.queue.push(action);
    this.drainQueue();
  }

  /** Writes queued actions in order; a paced one a byte per event-loop turn. */
  private drainQueue(): void {
    if (this.writing) return;
    const action = this.queue.shift();
    if (action === undefined || this.state === 'gone') return;
    const bytes = action.paced ? Buffer.concat(action.chunks) : null;
    if (bytes === null) {
      for (const chunk of action.chunks) this.socket.write(chunk);
      this.after(action.then);
      this.drainQueue();
      return;
    }
    this.writing = true;
    let at = 0;
    const next = (): void => {
      if (this.state === 'gone') return;
      if (at < bytes.length) {
        this.socket.write(bytes.subarray(at, ++at));
        setImmediate(next);
        return;
      }
      this.writing = false;
      this.after(action.then);
      this.drainQueue();
    };
    next();
  }

  private after(then: AfterFault): void {
    if (then === 'end') this.socket.end();
    else if (then === 'reset') {
      this.socket.resetAndDestroy();
      this.gone();
    } else if (then === 'flood') this.flood();
  }

  /** Streams filler until the cap or the client closes, minding backpressure. */
  private flood(): void {
    let sent = 0;
    const more = (): void => {
      while (this.state !== 'gone' && sent < FLOOD_CAP_BYTES) {
        sent += FLOOD_CHUNK.length;
        if (!this.socket.write(FLOOD_CHUNK)) {
          this.socket.once('drain', more);
          return;
        }
      }
    };
    more();
  }
}

/** Starts a hostile server on 127.0.0.1 (a free port unless `port` is given). */
export async function startHostileServer(port = 0): Promise<HostileServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    new HostileConnection(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port, backlog: 1024 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as net.AddressInfo;
  return {
    url: `ldap://127.0.0.1:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The thread's side of `startHostileServerThread`: serves, posts its port, closes on any message. */
async function serveInThread(): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const server = await startHostileServer();
  port.postMessage(server.port);
  port.once('message', () => {
    void server.close().then(() => port.close());
  });
}

if (!isMainThread && (workerData as { hostileServer?: boolean } | null)?.hostileServer === true) {
  void serveInThread();
}

/**
 * A hostile server on its own thread: its event loop never waits for the clients' (as a real
 * server's would not), so a busy client cannot make it miss connects or answer late.
 */
export async function startHostileServerThread(): Promise<HostileServer> {
  const worker = new Worker(new URL(import.meta.url), { workerData: { hostileServer: true } });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    url: `ldap://127.0.0.1:${port}`,
    port,
    close: async () => {
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}
