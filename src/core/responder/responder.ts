// The built-in responder: an LDAP listener on 127.0.0.1 that answers every request at once with a
// canned success (or, for tests of how DirBench takes a server's refusals, with one result code), or
// after a service model's slots have served it (a server whose true capacity is known).
import net from 'node:net';
import { readTlv } from './ber.ts';
import { CANNED_PERSON, RESPONDER_BASE_DN, rootDseAttributes } from './cannedEntries.ts';
import {
  REQUEST_TAG,
  RESPONSE_TAG,
  RESULT,
  START_TLS_OID,
  decodeRequest,
  encodeAttributes,
  encodeEntryMessage,
  encodeMessage,
  encodeResult,
} from './ldapMessages.ts';
import type { DecodedRequest } from './ldapMessages.ts';
import { answerDelay } from './answerDelay.ts';
import { ServiceQueue } from './serviceQueue.ts';
import { capacityOpsPerSec } from './serviceSlots.ts';
import type { ServiceModel } from './serviceSlots.ts';

/** How to start a responder. */
export interface ResponderOptions {
  /** TCP port; 0 or absent picks a free one. */
  port?: number;
  /** Address to listen on (default 127.0.0.1: the responder authenticates nobody). */
  host?: string;
  /**
   * Each request that gets an answer waits for one of `slots` service slots, first come first
   * served, and holds it `serviceUs` (absent: answers leave at once). `answerDelayMs` adds to it.
   */
  service?: ServiceModel;
  /** The entry base searches return (default: a Salford-shaped inetOrgPerson). */
  entry?: Record<string, string[]>;
  /** Entries a one-level or subtree search returns, named uid=user.N under its base (default 100). */
  listEntries?: number;
  /** Answers leave this long after their requests arrived, on average (a server's latency without its CPU). */
  answerDelayMs?: number;
  /** Hears of each request as it arrives: the connection's number (from 0) and the protocol op tag. */
  onRequest?: (connection: number, opTag: number) => void;
  /**
   * Answers every request (bind, search, compare, modify, add, delete, modDN, extended) with this
   * LDAP result code and no entries (absent: the canned successes).
   */
  resultCode?: number;
  /**
   * With `resultCode`: `work` spares simple binds and root DSE reads (a server that lets clients
   * in and refuses what they do); `every-request` (the default) spares nothing.
   */
  resultCodeFor?: 'every-request' | 'work';
}

/** A running responder. */
export interface Responder {
  url: string;
  port: number;
  /** The service model's true capacity in ops/s (slots / service time), or null without one. */
  capacityOpsPerSec: number | null;
  /** A base DN to configure targets with; the responder answers any DN. */
  baseDn: string;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/** Largest request accepted; a bigger length means a broken or hostile client. */
const MAX_MESSAGE_BYTES = 16 << 20;

/** The searchResultDone op every search ends with, encoded once. */
const SEARCH_DONE_SUCCESS = encodeResult(RESPONSE_TAG.searchDone, RESULT.success);

/** Pre-encoded answers, built once per responder. */
interface Answers {
  entryAttributes: Buffer;
  noAttributes: Buffer;
  rootDse: Buffer;
  entry: Record<string, string[]>;
  listEntries: number;
  /** Holds answers back (absent: they leave at once). */
  delay: ((callback: () => void) => void) | null;
  onRequest: ((connection: number, opTag: number) => void) | undefined;
  /** Serves requests through the slots (absent: at once). */
  service: ServiceQueue | null;
  resultCode: number | undefined;
  /** Requests `resultCode` spares (simple binds and root DSE reads), or none. */
  sparesLogin: boolean;
}

/** Starts a responder, on 127.0.0.1 unless `host` says otherwise (it authenticates nobody). */
export async function startResponder(options: ResponderOptions = {}): Promise<Responder> {
  const entry = options.entry ?? CANNED_PERSON;
  const answers: Answers = {
    entryAttributes: encodeAttributes(entry),
    noAttributes: encodeAttributes({}),
    rootDse: encodeAttributes(rootDseAttributes()),
    entry,
    listEntries: options.listEntries ?? 100,
    delay: (options.answerDelayMs ?? 0) > 0 ? answerDelay(options.answerDelayMs ?? 0) : null,
    onRequest: options.onRequest,
    service: options.service === undefined ? null : new ServiceQueue(options.service),
    resultCode: options.resultCode,
    sparesLogin: options.resultCodeFor === 'work',
  };
  const host = options.host ?? '127.0.0.1';
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    serveConnection(socket, answers, connections++);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port: options.port ?? 0 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `ldap://${net.isIPv6(host) ? `[${host}]` : host}:${port}`,
    port,
    capacityOpsPerSec: options.service === undefined ? null : capacityOpsPerSec(options.service),
    baseDn: RESPONDER_BASE_DN,
    close: () =>
      new Promise<void>((resolve) => {
        answers.service?.close();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Reads requests off one connection, however TCP splits or joins them, and answers each (at once, or when served). */
function serveConnection(socket: net.Socket, answers: Answers, connection: number): void {
  let pending: Buffer | null = null;
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: Buffer) => {
    const buf: Buffer = pending === null ? chunk : Buffer.concat([pending, chunk]);
    pending = null;
    const replies: Buffer[] = [];
    let offset = 0;
    let closing = false;
    try {
      while (offset < buf.length) {
        const message = readTlv(buf, offset);
        if (message === null) {
          if (buf.length - offset > MAX_MESSAGE_BYTES) throw new RangeError('request too large');
          break;
        }
        if (message.tag !== 0x30) throw new RangeError('not an LDAPMessage');
        const request = decodeRequest(buf, message.start, message.end);
        offset = message.end;
        answers.onRequest?.(connection, request.opTag);
        if (request.opTag === REQUEST_TAG.unbind) {
          closing = true;
          break;
        }
        if (answers.service === null) answer(request, answers, replies);
        else serveInSlot(request, answers, answers.service, socket);
      }
    } catch {
      // A malformed request: RFC 4511 has the server drop the connection (no notice is owed).
      socket.destroy();
      return;
    }
    // Pipelined requests of one read get their answers in one write: fewer syscalls, same order.
    if (answers.service === null) send(socket, replies, closing, answers);
    else if (closing) answers.service.afterQueued(() => send(socket, [], true, answers));
    if (closing) return;
    // Keep only the unread tail (a copy, so the big chunk it came from can be freed).
    if (offset < buf.length) pending = Buffer.from(buf.subarray(offset));
  });
}

/** Writes `replies` (after the answer delay, if any) and ends the connection when `closing`. */
function send(socket: net.Socket, replies: Buffer[], closing: boolean, answers: Answers): void {
  const reply = (): void => {
    if (replies.length > 0 && !socket.destroyed) socket.write(Buffer.concat(replies));
    if (closing) socket.end();
  };
  if (answers.delay !== null) answers.delay(reply);
  else reply();
}

/** Queues one request's answer for a service slot: it leaves when the slot has served it. */
function serveInSlot(
  request: DecodedRequest,
  answers: Answers,
  service: ServiceQueue,
  socket: net.Socket,
): void {
  const replies: Buffer[] = [];
  answer(request, answers, replies);
  // An abandon has no answer and takes no slot.
  if (replies.length > 0) service.serve(() => send(socket, replies, false, answers));
}

/** The response tag of each request answered by one LDAPResult-shaped response (searches: their done). */
const RESPONSE_OF = new Map<number, number>([
  [REQUEST_TAG.bind, RESPONSE_TAG.bind],
  [REQUEST_TAG.search, RESPONSE_TAG.searchDone],
  [REQUEST_TAG.modify, RESPONSE_TAG.modify],
  [REQUEST_TAG.add, RESPONSE_TAG.add],
  [REQUEST_TAG.delete, RESPONSE_TAG.delete],
  [REQUEST_TAG.modifyDn, RESPONSE_TAG.modifyDn],
  [REQUEST_TAG.compare, RESPONSE_TAG.compare],
  [REQUEST_TAG.extended, RESPONSE_TAG.extended],
]);

/** Requests answered by a bare result whatever they carry, and its result code. */
const FIXED_CODES = new Map<number, number>([
  [REQUEST_TAG.modify, RESULT.success],
  [REQUEST_TAG.add, RESULT.success],
  [REQUEST_TAG.delete, RESULT.success],
  [REQUEST_TAG.modifyDn, RESULT.success],
  [REQUEST_TAG.compare, RESULT.compareTrue],
]);

/** Appends the response messages for one request to `replies`. */
function answer(request: DecodedRequest, answers: Answers, replies: Buffer[]): void {
  const responseTag = RESPONSE_OF.get(request.opTag);
  if (answers.resultCode !== undefined && responseTag !== undefined && !spared(request, answers)) {
    const text = `the DirBench responder answers every request with result code ${answers.resultCode}`;
    replies.push(
      encodeMessage(request.messageId, encodeResult(responseTag, answers.resultCode, text)),
    );
    return;
  }
  switch (request.opTag) {
    case REQUEST_TAG.search:
      searchAnswer(request, answers, replies);
      return;
    case REQUEST_TAG.abandon:
      // Every request is already answered: nothing to abandon, and abandon has no response.
      return;
    default:
      replies.push(encodeMessage(request.messageId, resultOf(request)));
  }
}

/** True for a request `resultCode` does not answer: a simple bind or a root DSE read, when spared. */
function spared(request: DecodedRequest, answers: Answers): boolean {
  if (!answers.sparesLogin) return false;
  if (request.opTag === REQUEST_TAG.bind) return request.simpleBind === true;
  return request.search?.scope === 0 && request.search.baseDn === '';
}

/** The result a request other than a search or an abandon gets (its only response). */
function resultOf(request: DecodedRequest): Buffer {
  const fixed = FIXED_CODES.get(request.opTag);
  const tag = RESPONSE_OF.get(request.opTag);
  if (fixed !== undefined && tag !== undefined) return encodeResult(tag, fixed);
  switch (request.opTag) {
    case REQUEST_TAG.bind:
      // Simple binds (anonymous included) succeed whatever the password; SASL is not offered.
      return request.simpleBind === true
        ? encodeResult(RESPONSE_TAG.bind, RESULT.success)
        : encodeResult(
            RESPONSE_TAG.bind,
            RESULT.authMethodNotSupported,
            'the DirBench responder offers simple binds only',
          );
    case REQUEST_TAG.extended:
      // No TLS here: StartTLS is "unavailable" (RFC 4511 4.14.2); unknown operations are a protocolError (4.12).
      return request.extendedOid === START_TLS_OID
        ? encodeResult(
            RESPONSE_TAG.extended,
            RESULT.unavailable,
            'the DirBench responder has no TLS',
          )
        : encodeResult(
            RESPONSE_TAG.extended,
            RESULT.protocolError,
            `unsupported extended operation ${request.extendedOid ?? ''}`,
          );
    default:
      throw new RangeError(`unknown protocol op 0x${request.opTag.toString(16)}`);
  }
}

/** Base searches return the canned entry (or the root DSE); wider scopes return synthetic entries. */
function searchAnswer(request: DecodedRequest, answers: Answers, replies: Buffer[]): void {
  const id = request.messageId;
  const search = request.search;
  if (search === undefined) throw new RangeError('search request without fields');
  const noAttributes = search.attributes.length === 1 && search.attributes[0] === '1.1';
  if (search.scope === 0) {
    if (search.baseDn === '') {
      replies.push(encodeEntryMessage(id, '', answers.rootDse));
    } else {
      const attributes = noAttributes
        ? answers.noAttributes
        : selectedAttributes(search.attributes, answers);
      replies.push(encodeEntryMessage(id, search.baseDn, attributes));
    }
  } else {
    // Lets a run's DN sampling (a subtree search) find entries to read; paging is not needed.
    const attributes = noAttributes ? answers.noAttributes : answers.entryAttributes;
    const suffix = search.baseDn === '' ? '' : `,${search.baseDn}`;
    for (let i = 0; i < answers.listEntries; i++) {
      replies.push(encodeEntryMessage(id, `uid=user.${i}${suffix}`, attributes));
    }
  }
  replies.push(encodeMessage(id, SEARCH_DONE_SUCCESS));
}

/** The canned entry's attributes a search asked for ('*' or none: all user attributes). */
function selectedAttributes(requested: string[], answers: Answers): Buffer {
  if (requested.length === 0 || requested.includes('*')) return answers.entryAttributes;
  const wanted = new Set(requested.map((name) => name.toLowerCase()));
  const picked: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(answers.entry)) {
    if (wanted.has(name.toLowerCase())) picked[name] = values;
  }
  return encodeAttributes(picked);
}
