// The ldapts 9 Client internals DirBench uses: sending requests ldapts has no public call for
// (counted searches, modifyDN keeping the old RDN) and the lean request path (src/core/ldap/lean).
// ldapts is pinned to one version; e2e/integration/ldapts-internals.test.ts fails if these change.
import type { EventEmitter } from 'node:events';
import type net from 'node:net';
import { StatusCodeParser } from 'ldapts';
import type { Client, Message, MessageResponse } from 'ldapts';

/** What ldapts keeps per request in flight, by message id as a string; it settles it on answer, error or close. */
export interface MessageDetails {
  /** ldapts names its constructor and protocolOperation in the error it gives on close. */
  message: Message;
  /** Called with the final response (a SearchResponse carries the entries ldapts collected). */
  resolve(response?: MessageResponse): void;
  reject(err: Error): void;
  timeoutTimer: NodeJS.Timeout | null;
  /** On close ldapts rejects only the requests sent on the socket that closed. */
  socket: net.Socket;
}

/** ldapts' response parser: `read` takes bytes (partial messages are kept in `buffer`) and emits messages. */
export interface MessageParserInternals extends EventEmitter {
  buffer?: Buffer;
  read(data: Buffer, details: Map<string, MessageDetails>): void;
}

/** The non-public members of an ldapts Client used here. */
export interface ClientInternals {
  /** Opens the socket (ldapts connects lazily, inside its first call). */
  _connect(): Promise<void>;
  _nextMessageId(): number;
  /** Ends a socket and, when it is the client's, marks the client not connected at once (its close event comes later). */
  _destroySocket(socket: net.Socket | undefined): void;
  _send(message: Message): Promise<MessageResponse | undefined>;
  messageParser: MessageParserInternals;
  messageDetailsByMessageId: Map<string, MessageDetails>;
  /** An instance field: ldapts attaches it to the socket on connect and to the TLS socket after StartTLS. */
  socketDataHandler: (data: Buffer) => void;
  connected: boolean;
  socket?: net.Socket;
}

/** The client seen through its internals. */
export function internalsOf(client: Client): ClientInternals {
  return client as unknown as ClientInternals;
}

/** Sends a request built with the next message id and throws the result code error unless it succeeded. */
export async function sendChecked(
  client: Client,
  build: (messageId: number) => Message,
): Promise<void> {
  const internals = internalsOf(client);
  const response = await internals._send(build(internals._nextMessageId()));
  if (response?.status !== 0) throw StatusCodeParser.parse(response);
}
