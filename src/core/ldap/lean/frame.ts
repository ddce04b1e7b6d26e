// Cuts a connection's incoming bytes into LDAPMessages by tag and length, reading only each
// message's id, protocol op tag and result code: the lean side counts or completes what is its
// own, every other message goes whole to ldapts' parser.

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
  /** Bytes for ldapts' parser: one whole message, or after an unframeable length everything as it came. */
  handOver(bytes: Buffer): void;
}

/** What `readHeader` found at an offset. */
const SHORT = -1;
const UNFRAMEABLE = -2;

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
  /** After an unframeable length: ldapts gets the rest as it comes (and fails as it does today). */
  private passThrough = false;
  private readonly header: Header = { total: 0, messageId: -1, opTag: 0, resultCode: -1 };
  private readonly lengthOut = [0, 0];

  constructor(sink: FrameSink) {
    this.sink = sink;
  }

  /** Forgets a partial message (its socket is gone). */
  reset(): void {
    this.carry = null;
    this.parts = null;
    this.skip = 0;
    this.passThrough = false;
  }

  /** Takes the next bytes of the stream; `reused`: the chunk's memory is overwritten after the call. */
  receive(chunk: Buffer, reused = false): void {
    this.copyKept = reused;
    if (this.passThrough) {
      this.sink.handOver(this.kept(chunk));
      return;
    }
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
      if (status === UNFRAMEABLE) {
        this.passThrough = true;
        sink.handOver(owned ? buf.subarray(off) : this.kept(buf.subarray(off)));
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
        sink.handOver(owned ? message : this.kept(message));
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
   * needed, UNFRAMEABLE when ldapts' reader could not take the message's length either, else 0. A
   * message id or op header this reader does not expect leaves messageId -1 (the message is then
   * ldapts' to read and to fail on, as today).
   */
  private readHeader(buf: Buffer, off: number): number {
    const header = this.header;
    const out = this.lengthOut;
    // ldapts' parser takes a 0 tag for "no message yet" and waits for ever: so must the framing.
    if (buf[off] === 0) return UNFRAMEABLE;
    const outer = readLength(buf, off + 1, buf.length, out);
    if (outer !== 0) return outer;
    const length = out[0] as number;
    // ldapts computes lengths in 32-bit signed arithmetic: beyond that its framing is not ours to copy.
    if (length > 0x7fff_ffff) return UNFRAMEABLE;
    const contentStart = out[1] as number;
    const end = contentStart + length;
    header.total = end - off;
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
