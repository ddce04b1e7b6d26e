// The lean request path on one ldapts client: prepared requests go out with ldapts' own message
// ids and are registered where ldapts keeps its requests, so a close, a socket error or a parse
// error fails them exactly as it fails its own; framed answers complete them without decoding.
import type net from 'node:net';
import { StatusCodeParser } from 'ldapts';
import type { Client, Message, MessageResponse } from 'ldapts';
import { internalsOf } from '../clientInternals.ts';
import type { ClientInternals, MessageDetails } from '../clientInternals.ts';
import {
  NoticeOfDisconnectionError,
  UnexpectedResponseError,
  answers,
  failConnection,
  noticeCode,
} from './answerGuard.ts';
import { ResponseFramer } from './frame.ts';
import { wellFormedResponse } from './responseShape.ts';
import { readReused, readsReused } from './reusedReads.ts';
import type { FrameSink } from './frame.ts';
import type { LeanKind, PreparedRequest } from './prepared.ts';

const SEARCH_ENTRY = 0x64;

/**
 * Where a lean op ends: `ticket` is the one its sender gave, so a sender with one op at a time
 * (a load loop) tells a late answer from the op it now waits for. Called synchronously from the
 * socket's read (success) or from ldapts' own settling (failures, answers it parsed).
 */
export interface LeanSink {
  leanDone(ticket: number, entries: number): void;
  leanFailed(ticket: number, err: unknown): void;
}

/** A promise's settling functions as a sink (sendLean's callers await the op). */
class PromiseSink implements LeanSink {
  resolve!: (entries: number) => void;
  reject!: (err: unknown) => void;

  leanDone(_ticket: number, entries: number): void {
    this.resolve(entries);
  }

  leanFailed(_ticket: number, err: unknown): void {
    this.reject(err);
  }
}

/** One lean request in flight, in the shape of ldapts' own MessageDetails (ldapts settles it on errors). */
class LeanPending implements MessageDetails {
  readonly kind: LeanKind;
  readonly messageId: number;
  /** ldapts' key for it in messageDetailsByMessageId. */
  readonly key: string;
  readonly socket: net.Socket;
  readonly timeoutTimer = null;
  entries = 0;
  /** Entries ldapts collected itself (only when it had to read one of ours whole). */
  searchEntries: unknown[] | undefined = undefined;
  private readonly channel: LeanChannel;
  private readonly sink: LeanSink;
  private readonly ticket: number;

  constructor(
    channel: LeanChannel,
    kind: LeanKind,
    messageId: number,
    socket: net.Socket,
    sink: LeanSink,
    ticket: number,
  ) {
    this.channel = channel;
    this.kind = kind;
    this.messageId = messageId;
    this.key = String(messageId);
    this.socket = socket;
    this.sink = sink;
    this.ticket = ticket;
  }

  done(entries: number): void {
    this.sink.leanDone(this.ticket, entries);
  }

  fail(err: unknown): void {
    this.sink.leanFailed(this.ticket, err);
  }

  get message(): Message {
    return this.kind.message;
  }

  /** All entries counted, by the framing or by ldapts. */
  entryCount(): number {
    return this.entries + (this.searchEntries?.length ?? 0);
  }

  /** Called by ldapts with a final response it parsed: settled as ldapts' own call would settle. */
  resolve(response?: MessageResponse): void {
    this.channel.forget(this.messageId);
    if (response !== undefined && this.kind.accepts(response.status)) {
      const collected = (response as { searchEntries?: unknown[] }).searchEntries?.length ?? 0;
      this.done(this.entries + collected);
    } else {
      this.fail(StatusCodeParser.parse(response));
    }
  }

  /** Called by ldapts on a close, a socket error or a response it could not parse. */
  reject(err: Error): void {
    this.channel.forget(this.messageId);
    this.fail(err);
  }
}

/** A `data` listener feeding `channel` (ldapts calls it with the socket as `this`). */
function socketReader(channel: LeanChannel): (this: net.Socket, data: Buffer) => void {
  return function (this: net.Socket, data: Buffer): void {
    channel.receive(this, data);
  };
}

/** Uncorks the socket a channel corked this event-loop turn. */
function flushCorked(channel: LeanChannel): void {
  channel.flush();
}

/** The lean side of one client: its framing of the socket's bytes and its requests in flight. */
class LeanChannel implements FrameSink {
  private readonly client: ClientInternals;
  private readonly framer = new ResponseFramer(this);
  private readonly inFlight = new Map<number, LeanPending>();
  /** The socket the framing state belongs to (a StartTLS upgrade or a reconnect starts afresh). */
  private readSocket: net.Socket | undefined;
  /** Two requests have been in flight at once: writes are batched per event-loop turn from then on. */
  private pipelined = false;
  private corked: net.Socket | null = null;

  constructor(client: ClientInternals) {
    this.client = client;
    // ldapts attaches this field to every socket it reads (connect, StartTLS).
    const onData = socketReader(this);
    const previous = client.socketDataHandler;
    client.socketDataHandler = onData;
    const socket = client.socket;
    if (socket !== undefined) {
      socket.removeListener('data', previous);
      socket.on('data', onData);
      this.readSocket = socket;
      // A plain socket reading into the shared buffer: its reads come here without a copy.
      if (readsReused(socket)) readReused(socket, (chunk) => this.receive(socket, chunk, true));
    }
    // A message ldapts had begun to receive is finished here, so no byte is read twice or lost.
    const partial = client.messageParser.buffer;
    if (partial !== undefined) {
      delete client.messageParser.buffer;
      this.framer.receive(partial);
    }
  }

  /** Sends `request` with the next message id; its end goes to `sink` with `ticket`. */
  send(request: PreparedRequest, sink: LeanSink, ticket: number): void {
    // leanChannelOf checked that the client is connected, so it has a socket.
    const socket = this.client.socket as net.Socket;
    const messageId = this.client._nextMessageId();
    const pending = new LeanPending(this, request.kind, messageId, socket, sink, ticket);
    this.inFlight.set(messageId, pending);
    this.client.messageDetailsByMessageId.set(pending.key, pending);
    if (this.inFlight.size > 1) this.pipelined = true;
    if (this.pipelined && this.corked === null) {
      // The loops of one connection send in the same turn: one write system call carries them all.
      socket.cork();
      this.corked = socket;
      process.nextTick(flushCorked, this);
    }
    socket.write(request.withMessageId(messageId));
  }

  /** Ends this turn's batch of writes. */
  flush(): void {
    const socket = this.corked;
    this.corked = null;
    socket?.uncork();
  }

  /** Drops a request ldapts settled. */
  forget(messageId: number): void {
    this.inFlight.delete(messageId);
  }

  countable(messageId: number, opTag: number): boolean {
    const pending = this.inFlight.get(messageId);
    if (pending === undefined || !pending.kind.countsEntries) return false;
    if (opTag === SEARCH_ENTRY) pending.entries++;
    return true;
  }

  finish(messageId: number, opTag: number, resultCode: number): boolean {
    const pending = this.inFlight.get(messageId);
    if (pending === undefined || opTag !== pending.kind.finalTag) return false;
    if (!pending.kind.accepts(resultCode)) return false;
    this.inFlight.delete(messageId);
    this.client.messageDetailsByMessageId.delete(pending.key);
    pending.done(pending.entryCount());
    return true;
  }

  handOver(bytes: Buffer, messageId: number, opTag: number): void {
    const requests = this.client.messageDetailsByMessageId;
    if (messageId === 0) {
      // Unsolicited: a Notice of Disconnection ends the connection (RFC 4511 4.4.1); others are ignored.
      const code = noticeCode(bytes);
      if (code !== null) failConnection(this.client, new NoticeOfDisconnectionError(code));
      return;
    }
    const request = messageId > 0 ? requests.get(String(messageId)) : undefined;
    // ldapts' parser spins for ever on some malformed messages, and would settle a search with a bind response.
    const malformed = !wellFormedResponse(bytes);
    if (
      malformed ||
      (request !== undefined && !answers(request.message.protocolOperation, opTag))
    ) {
      if (request === undefined) return;
      requests.delete(String(messageId));
      const tag = request.message.protocolOperation;
      request.reject(new UnexpectedResponseError(tag, opTag, malformed));
      return;
    }
    this.client.messageParser.read(bytes, requests);
  }

  refuse(err: Error): void {
    failConnection(this.client, err);
  }

  /** Bytes read from `socket`; `reused`: they live in the shared read buffer, during this call only. */
  receive(socket: net.Socket, data: Buffer, reused = false): void {
    if (socket !== this.readSocket) {
      this.framer.reset();
      this.readSocket = socket;
      // Framing installed before the connect: from the next read on, reads come without a copy.
      if (!reused && readsReused(socket))
        readReused(socket, (chunk) => this.receive(socket, chunk, true));
    }
    this.framer.receive(data, reused);
  }
}

const channels = new WeakMap<Client, LeanChannel>();
const ldaptsOnly = new WeakSet<Client>();

/**
 * The lean channel of `client` and its socket; null when an op must take ldapts' own path: a client
 * kept on ldapts, or one not connected (ldapts' call then fails or reconnects as it always has).
 */
function leanChannelOf(client: Client): LeanChannel | null {
  if (ldaptsOnly.has(client)) return null;
  const internals = internalsOf(client);
  if (!internals.connected || internals.socket === undefined) return null;
  let channel = channels.get(client);
  if (channel === undefined) {
    channel = new LeanChannel(internals);
    channels.set(client, channel);
  }
  return channel;
}

/**
 * Frames `client`'s answers from its first byte on (call it before the client connects): every
 * message is checked and held to the size limit (frame.ts) before ldapts parses it, whichever path
 * its request took, and the lean path needs no take-over later.
 */
export function frameResponses(client: Client): void {
  if (!channels.has(client)) channels.set(client, new LeanChannel(internalsOf(client)));
}

/**
 * Sends `request` on the lean path of `client`; null when the op must take ldapts' own path: no
 * request (too long to be lean), a client kept on ldapts, or one not connected.
 */
export function sendLean(client: Client, request: PreparedRequest | null): Promise<number> | null {
  if (request === null) return null;
  const channel = leanChannelOf(client);
  if (channel === null) return null;
  const sink = new PromiseSink();
  const answered = new Promise<number>((resolve, reject) => {
    sink.resolve = resolve;
    sink.reject = reject;
  });
  channel.send(request, sink, 0);
  return answered;
}

/**
 * Sends `request` on the lean path of `client` with its end going to `sink` (no promise: the load
 * loops' hot path); false, with nothing sent, when the op must take ldapts' own path (see sendLean).
 */
export function sendLeanTo(
  client: Client,
  request: PreparedRequest | null,
  sink: LeanSink,
  ticket: number,
): boolean {
  if (request === null) return false;
  const channel = leanChannelOf(client);
  if (channel === null) return false;
  channel.send(request, sink, ticket);
  return true;
}

/** Keeps every operation on `client` on ldapts' own path (tests compare the two paths with it). */
export function keepOnLdapts(client: Client): void {
  ldaptsOnly.add(client);
}
