// A lean request ready to send but for its message id, and the kind of operation it is (how its
// answer completes it).
import type { Message } from 'ldapts';
import { intSize, lengthSize, MAX_BER_LENGTH, writeIntContent, writeLength } from './berWrite.ts';

/**
 * Room kept before a request's body for its LDAPMessage header: the SEQUENCE tag, up to 4 length
 * bytes and a message id INTEGER of up to 6 bytes.
 */
export const HEADER_ROOM = 11;

/** What a lean operation is: the request ldapts would have sent, its final response and the codes that end it well. */
export interface LeanKind {
  /**
   * An ldapts request of the same class, shared by every op of this kind: ldapts reads its class
   * name and protocolOperation for the error it gives a request cut off by a close.
   */
  readonly message: Message;
  /** Protocol op tag of the final response (searchResultDone 0x65, compareResponse 0x6f, ...). */
  readonly finalTag: number;
  /** Search entries (0x64) and references (0x73) are counted for this kind. */
  readonly countsEntries: boolean;
  /** True when result code `status` completes the op as ldapts' own call would succeed. */
  accepts(status: number): boolean;
}

/** One request's bytes after HEADER_ROOM; `withMessageId` puts the LDAPMessage header in front. */
export class PreparedRequest {
  readonly kind: LeanKind;
  private bytes: Buffer;
  private used = false;

  constructor(kind: LeanKind, bytes: Buffer) {
    this.kind = kind;
    this.bytes = bytes;
  }

  /**
   * This request with `controls` (a [0] Controls element) after its protocol op, as a new request;
   * null when the whole is too long for the lean path (ldapts then sends it, or refuses it).
   */
  withControls(controls: Buffer): PreparedRequest | null {
    // A 6-byte message id must still fit under ldapts' length bound.
    if (this.bytes.length - HEADER_ROOM + controls.length > MAX_BER_LENGTH - 6) return null;
    return new PreparedRequest(this.kind, Buffer.concat([this.bytes, controls]));
  }

  /** The whole LDAPMessage for `messageId` (1 to 2^31-1), as ldapts' Message.write lays it out. */
  withMessageId(messageId: number): Buffer {
    // A socket may still hold the first send's bytes: a second send gets its own copy.
    if (this.used) this.bytes = Buffer.from(this.bytes);
    this.used = true;
    const bytes = this.bytes;
    const idSize = intSize(messageId);
    const contentLength = 2 + idSize + bytes.length - HEADER_ROOM;
    const start = HEADER_ROOM - (1 + lengthSize(contentLength) + 2 + idSize);
    bytes[start] = 0x30;
    const pos = writeLength(bytes, start + 1, contentLength);
    bytes[pos] = 0x02;
    bytes[pos + 1] = idSize;
    writeIntContent(bytes, pos + 2, messageId, idSize);
    return bytes.subarray(start);
  }
}

/** A buffer for a body of `bodyLength` bytes with HEADER_ROOM before it (uninitialised: every byte is written). */
export function allocRequest(bodyLength: number): Buffer {
  return Buffer.allocUnsafe(HEADER_ROOM + bodyLength);
}
