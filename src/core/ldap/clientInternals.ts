// The two ldapts 9 Client internals DirBench uses to send requests ldapts has no public call for
// (counted searches, modifyDN keeping the old RDN); integration tests fail if they change.
import type { EventEmitter } from 'node:events';
import { StatusCodeParser } from 'ldapts';
import type { Client, Message, MessageResponse } from 'ldapts';

/** The non-public members of an ldapts Client used here. */
export interface ClientInternals {
  _nextMessageId(): number;
  _send(message: Message): Promise<MessageResponse | undefined>;
  messageParser: EventEmitter;
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
