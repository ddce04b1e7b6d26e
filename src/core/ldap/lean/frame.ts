// Cuts a connection's incoming bytes into LDAPMessages by tag and length, reading only each
// message's id, protocol op tag and result code: the lean side counts or completes what is its
// own, every other message goes whole to ldapts' parser. A stream that cannot be framed, or a
// message over the size limit, is refused: nothing more is read or kept from that connection.

/** Where framed messages go. */
export interface FrameSink {
  /**
   * A search entry (0x64) or reference (0x73) for `messageId` has begun: true when the lean side
   * counted it (its bytes are then dropped, even those still to come).
   */
  countable(messageId: number, opTag: number): boolean;
  /**
   * A whole message other than an entry or reference: true when the lean side completed its op
   * with it. `resultCode` is -1 unless the op's content starts with a one-byte ENUMERATED.
   */
  finish(messageId: number, opTag: number, resultCode: number): boolean;
  /**
   * One whole message for ldapts' parser, with its id and op tag as framed (`messageId` -1 when
   * this reader could not take it: ldapts then reads it, and fails on it).
   */
  handOver(bytes: Buffer, messageId: number, opTag: number): void;
  /** The stream is refused (unframeable, or a message too large): its connection must end with `err`. */
  refuse(err: Error): void;
}

/**
 * Largest LDAPMessage accepted from a server, as the UnboundID SDK's default maximum: a whole
 * message is kept until it is complete, so a length without a bound would let one server's
 * answer (or a lie about its length) take the worker's memory.
 */
export const MAX_MESSAGE_BYTES = 20 << 20;

/** A server's message longer than the limit: its connection is closed, its operations fail with this. */
export class MessageTooLargeError extends Error {
  /** Counted per second under this cause (see failureCodeName). */
  readonly code = 'messageTooLarge';
  readonly messageBytes: number;

  constructor(messageBytes: number, limitBytes: number) {
    super(
      `the server sent a message of ${messageBytes} bytes, more than the ${limitBytes} bytes accepted`,
    );
    this.name = 'MessageTooLargeError';
    this.messageBytes = messageBytes;
  }
}

/** Bytes that are not an LDAPMessage where one must start: the connection cannot be read further. */
export class UnframeableError extends Error {
  /** The C API's and ldapts' name for an answer that cannot be decoded. */
  readonly code = 'decodingError';

  constructor(what: string) {
    super(`the server's bytes are not LDAP messages: ${what}`);
    this.name = 'UnframeableError';
  }
}

/** What `readHeader` found at an offset. */
const SHORT = -1;
const UNFRAMEABLE = -2;
const TOO_LARGE = -3;

/** Tags of messages the lean side may count while they are still arriving. */
const SEARCH_ENTRY = 0x64;
const SEARCH_REFERENCE = 0x73;

/** A message's header as read: its total length, id (-1 when ldapts must read it), op tag and result code. */
interface Header {
  total: number;
  messageId: number;
  opTag: number;
  resultCode: number;
}

/**
 * Reads the length at `pos` as ldapts' BerReader does (short form, or 1 to 4 length bytes).
 * Returns [length, position after it], SHORT when the bytes end first, UNFRAMEABLE otherwise.
 */
function readLength(buf: Buffer, pos: number, limit: number, out: number[]): number {
  if (pos >= limit) return SHORT;
  const first = buf[pos] as number;
  if (first < 0x80) {
    out[0] = first;
    out[1] = pos + 1;
    return 0;
  }
  const count = first & 0x7f;
  if (count === 0 || count > 4) return UNFRAMEABLE;
  if (pos + 1 + count > limit) return SHORT;
  let length = 0;
  for (let i = 1; i <= count; i++) length = length * 256 + (buf[pos + i] as number);
  out[0] = length;
  out[1] = pos + 1 + count;
  return 0;
}

/** Splits a byte stream into LDAPMessages for a FrameSink; one per connection (`reset` for a new socket). */
export class ResponseFramer {
  private readonly sink: FrameSink;
  /** The current chunk lives only during the call (a reused read buffer): what is kept or handed over is copied. */
  private copyKept = false;
  /** Bytes of a message whose header is not complete yet. */
  private carry: Buffer | null = null;
  /** A message ldapts must get whole, still arriving: its parts and how long it is. */
  private parts: Buffer[] | null = null;
  private partsBytes = 0;
  private partsNeed = 0;
  /** Bytes still to drop of a counted entry. */
  private skip = 0;
  /** The stream was refused: the rest of it is dropped until `reset` (a new socket). */
  private refused = false;
  private readonly maxMessageBytes: number;
  private readonly header: Header = { total: 0, messageId: -1, opTag: 0, resultCode: -1 };
  private readonly lengthOut = [0, 0];

  constructor(sink: FrameSink, maxMessageBytes = MAX_MESSAGE_BYTES) {
    this.sink = sink;
    this.maxMessageBytes = maxMessageBytes;
  }

  /** Forgets a partial message (its socket is gone). */
  reset(): void {
    this.carry = null;
    this.parts = null;
    this.skip = 0;
    this.refused = false;
  }

  /** Takes the next bytes of the stream; `reused`: the chunk's memory is overwritten after the call. */
  receive(chunk: Buffer, reused = false): void {
    this.copyKept = reused;
    if (this.refused) return;
    let buf = chunk;
    let off = 0;
    if (this.skip > 0) {
      off = Math.min(this.skip, buf.length);
      this.skip -= off;
      if (off === buf.length) return;
    }
    if (this.parts !== null) {
      this.parts.push(this.kept(buf.subarray(off)));
      this.partsBytes += buf.length - off;
      if (this.partsBytes < this.partsNeed) return;
      buf = Buffer.concat(this.parts, this.partsBytes);
      off = 0;
      this.parts = null;
    } else if (this.carry !== null) {
      buf = Buffer.concat([this.carry, buf.subarray(off)]);
      off = 0;
      this.carry = null;
    }
    this.frame(buf, off, buf !== chunk);
  }

  /** Frames whole messages from `off`; `owned`: `buf` is ours (a concatenation), no copy needed. */
  private frame(buf: Buffer, off: number, owned: boolean): void {
    const header = this.header;
    const sink = this.sink;
    while (off < buf.length) {
      const status = this.readHeader(buf, off);
      if (status === SHORT) {
        this.carry = owned ? buf.subarray(off) : this.kept(buf.subarray(off));
        return;
      }
      if (status === UNFRAMEABLE || status === TOO_LARGE) {
        this.refused = true;
        this.carry = null;
        sink.refuse(
          status === TOO_LARGE
            ? new MessageTooLargeError(header.total, this.maxMessageBytes)
            : new UnframeableError(describeStart(buf, off)),
        );
        return;
      }
      const end = off + header.total;
      if (
        (header.opTag === SEARCH_ENTRY || header.opTag === SEARCH_REFERENCE) &&
        header.messageId > 0 &&
        sink.countable(header.messageId, header.opTag)
      ) {
        if (end > buf.length) {
          this.skip = end - buf.length;
          return;
        }
        off = end;
        continue;
      }
      if (end > buf.length) {
        const rest = buf.subarray(off);
        this.parts = [owned ? rest : this.kept(rest)];
        this.partsBytes = rest.length;
        this.partsNeed = header.total;
        return;
      }
      if (
        header.messageId <= 0 ||
        !sink.finish(header.messageId, header.opTag, header.resultCode)
      ) {
        const message = buf.subarray(off, end);
        sink.handOver(owned ? message : this.kept(message), header.messageId, header.opTag);
      }
      off = end;
    }
  }

  /** `bytes`, copied when the chunk they belong to is reused after the call. */
  private kept(bytes: Buffer): Buffer {
    return this.copyKept ? Buffer.from(bytes) : bytes;
  }

  /**
   * Reads the message header at `off` into `this.header`: SHORT when the bytes end before what is
   * needed, UNFRAMEABLE when no LDAPMessage can start there (another tag than SEQUENCE, a length
   * form LDAP forbids), TOO_LARGE over the limit, else 0. A message id or op header this reader
   * does not expect leaves messageId -1 (the message is then ldapts' to read and to fail on).
   */
  private readHeader(buf: Buffer, off: number): number {
    const header = this.header;
    const out = this.lengthOut;
    // Every LDAPMessage is a SEQUENCE: anything else means the stream is lost (ldapts would wait for ever).
    if (buf[off] !== 0x30) return UNFRAMEABLE;
    const outer = readLength(buf, off + 1, buf.length, out);
    if (outer !== 0) return outer;
    const length = out[0] as number;
    const contentStart = out[1] as number;
    const end = contentStart + length;
    header.total = end - off;
    if (header.total > this.maxMessageBytes) return TOO_LARGE;
    header.messageId = -1;
    header.opTag = -1;
    header.resultCode = -1;
    const limit = Math.min(end, buf.length);
    // A complete message too short for its header is ldapts' to reject; an incomplete one waits.
    const missing = limit === end ? 0 : SHORT;
    let pos = contentStart;
    if (pos + 2 > limit) return missing;
    const idLength = buf[pos + 1] as number;
    if (buf[pos] !== 0x02 || idLength < 1 || idLength > 4) return 0;
    if (pos + 2 + idLength + 1 > limit) return missing;
    let id = 0;
    for (let i = 0; i < idLength; i++) id = id * 256 + (buf[pos + 2 + i] as number);
    // Two's complement, as ldapts reads it: a negative id is never a lean op's.
    if ((buf[pos + 2] as number) >= 0x80) id -= 2 ** (8 * idLength);
    pos += 2 + idLength;
    header.opTag = buf[pos] as number;
    if (header.opTag === SEARCH_ENTRY || header.opTag === SEARCH_REFERENCE) {
      header.messageId = id;
      return 0;
    }
    // Other messages are judged whole: only their length matters until they are complete.
    if (limit < end) return 0;
    if (readLength(buf, pos + 1, end, out) !== 0) return 0;
    const contentAt = out[1] as number;
    if (contentAt + (out[0] as number) > end) return 0;
    header.messageId = id;
    // A result opens with its resultCode ENUMERATED; one byte holds every code below 128.
    if (contentAt + 3 <= end && buf[contentAt] === 0x0a && buf[contentAt + 1] === 0x01) {
      const code = buf[contentAt + 2] as number;
      if (code < 0x80) header.resultCode = code;
    }
    return 0;
  }
}

/** The first bytes at `off`, in hex, to name what could not be framed. */
function describeStart(buf: Buffer, off: number): string {
  const head = buf
    .subarray(off, off + 8)
    .toString('hex')
    .replace(/(..)/g, '$1 ')
    .trim();
  return `a message cannot start with ${head}${buf.length - off > 8 ? ' ...' : ''}`;
}
