// What a connection does with answers no request can take: a Notice of Disconnection ends it, an
// answer of the wrong kind fails its request, and a refused stream fails every request on it.
import { UnbindRequest } from 'ldapts';
import { readTlv } from '../../responder/ber.ts';
import { resultCodeName } from '../resultCodes.ts';
import type { ClientInternals } from '../clientInternals.ts';

/** OID of the unsolicited Notice of Disconnection (RFC 4511 4.4.1). */
const NOTICE_OF_DISCONNECTION = '1.3.6.1.4.1.1466.20036';

const EXTENDED_RESPONSE = 0x78;
/** The responseName of an ExtendedResponse: [10] LDAPOID. */
const RESPONSE_NAME = 0x8a;

/** The server said it is closing the connection: every request on it fails with this. */
export class NoticeOfDisconnectionError extends Error {
  /** Counted per second under this cause (see failureCodeName). */
  readonly code = 'noticeOfDisconnection';
  /** The notice's result code (unavailable, protocolError, strongerAuthRequired...). */
  readonly resultCode: number;

  constructor(resultCode: number) {
    super(
      `the server sent a Notice of Disconnection (${resultCodeName(resultCode)}, ${resultCode}) and closes the connection`,
    );
    this.name = 'NoticeOfDisconnectionError';
    this.resultCode = resultCode;
  }
}

/**
 * An answer the request cannot have: of another kind (a bind response to a search), or not in
 * the shape of its kind. The request fails with this; the connection goes on.
 */
export class UnexpectedResponseError extends Error {
  /** The C API's and ldapts' name for an answer that cannot be decoded. */
  readonly code = 'decodingError';

  constructor(requestTag: number, responseTag: number, malformed: boolean) {
    const request = `0x${requestTag.toString(16)}`;
    const response = `0x${responseTag.toString(16)}`;
    super(
      malformed
        ? `the server's answer (${response}) to a request (${request}) is not a valid LDAP message`
        : `the server answered a request (${request}) with a message of the wrong kind (${response})`,
    );
    this.name = 'UnexpectedResponseError';
  }
}

/** Response tags each request tag may be answered with (RFC 4511 4.2 to 4.12). */
const ANSWERS = new Map<number, readonly number[]>([
  [0x60, [0x61]],
  [0x63, [0x64, 0x65, 0x73]],
  [0x66, [0x67]],
  [0x68, [0x69]],
  [0x4a, [0x6b]],
  [0x6c, [0x6d]],
  [0x6e, [0x6f]],
  [0x77, [0x78, 0x79]],
]);

/** False when `responseTag` cannot answer a request with `requestTag` (unknown requests: true). */
export function answers(requestTag: number, responseTag: number): boolean {
  const allowed = ANSWERS.get(requestTag);
  return allowed === undefined || allowed.includes(responseTag);
}

/**
 * The result code of `message` (a whole LDAPMessage with id 0) when it is a Notice of
 * Disconnection; null for any other unsolicited message (ignored, as RFC 4511 4.4 lets a client do).
 */
export function noticeCode(message: Buffer): number | null {
  try {
    const outer = readTlv(message, 0);
    const id = outer === null ? null : readTlv(message, outer.start, outer.end);
    const op = outer === null || id === null ? null : readTlv(message, id.end, outer.end);
    if (op === null || op.tag !== EXTENDED_RESPONSE) return null;
    const code = readTlv(message, op.start, op.end);
    if (code === null || code.tag !== 0x0a || code.end - code.start !== 1) return null;
    for (let pos = code.end; pos < op.end;) {
      const field = readTlv(message, pos, op.end);
      if (field === null) return null;
      if (field.tag === RESPONSE_NAME) {
        const name = message.toString('latin1', field.start, field.end);
        return name === NOTICE_OF_DISCONNECTION ? (message[code.start] as number) : null;
      }
      pos = field.end;
    }
    return null;
  } catch {
    // Framing LDAP never uses (readTlv throws on it): not a notice.
    return null;
  }
}

/**
 * Ends `client`'s connection: every request on it (lean or ldapts' own) fails with `err`, as
 * ldapts fails them on a socket error but with the cause kept; an unbind in flight is done.
 */
export function failConnection(client: ClientInternals, err: Error): void {
  const requests = [...client.messageDetailsByMessageId.values()];
  client.messageDetailsByMessageId.clear();
  for (const details of requests) {
    if (details.message instanceof UnbindRequest) details.resolve();
    else details.reject(err);
  }
  // Not connected from now on: the next operation reopens the connection instead of writing to a dead one.
  client._destroySocket(client.socket);
}
