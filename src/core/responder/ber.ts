// The little BER (X.690) the responder needs: read one TLV at an offset, write TLVs, integers and strings.

/** One decoded tag-length-value: where its content sits in the buffer. */
export interface Tlv {
  tag: number;
  /** Offset of the first content byte. */
  start: number;
  /** Offset just past the last content byte. */
  end: number;
}

/**
 * Reads the TLV at `offset` (single-byte tags only, as LDAP uses). Returns null when the buffer
 * ends before the TLV does (a partial TCP read); throws on encodings LDAP never produces.
 */
export function readTlv(buf: Buffer, offset: number, limit = buf.length): Tlv | null {
  if (offset + 2 > limit) return null;
  const tag = buf[offset] as number;
  if ((tag & 0x1f) === 0x1f) throw new RangeError('multi-byte BER tags are not used by LDAP');
  let first = buf[offset + 1] as number;
  let pos = offset + 2;
  let length: number;
  if (first < 0x80) {
    length = first;
  } else {
    first &= 0x7f;
    // Indefinite length (0x80) is forbidden in LDAP; more than 4 length bytes is abuse.
    if (first === 0 || first > 4) throw new RangeError(`unsupported BER length form (${first})`);
    if (pos + first > limit) return null;
    length = 0;
    for (let i = 0; i < first; i++) length = length * 256 + (buf[pos + i] as number);
    pos += first;
  }
  if (pos + length > limit) return null;
  return { tag, start: pos, end: pos + length };
}

/** Reads the TLV at `offset` and insists it is complete inside `limit` (inside an already-complete message). */
export function mustReadTlv(buf: Buffer, offset: number, limit: number): Tlv {
  const tlv = readTlv(buf, offset, limit);
  if (tlv === null) throw new RangeError('truncated BER element');
  return tlv;
}

/** The content of an INTEGER or ENUMERATED TLV as a number (two's complement, up to 6 bytes). */
export function tlvInteger(buf: Buffer, tlv: Tlv): number {
  const size = tlv.end - tlv.start;
  if (size === 0 || size > 6) throw new RangeError(`unsupported integer size ${size}`);
  return buf.readIntBE(tlv.start, size);
}

/** The content of an OCTET STRING TLV as UTF-8 text. */
export function tlvString(buf: Buffer, tlv: Tlv): string {
  return buf.toString('utf8', tlv.start, tlv.end);
}

/** Encodes a BER length. */
function lengthBytes(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** A TLV with `tag` around the concatenated `parts`. */
export function tlv(tag: number, ...parts: Buffer[]): Buffer {
  const content = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), lengthBytes(content.length), content]);
}

/** An INTEGER (or, with tag 0x0a, ENUMERATED) in the fewest two's-complement bytes. */
export function berInteger(value: number, tag = 0x02): Buffer {
  let size = 1;
  while (size < 6 && (value < -(2 ** (8 * size - 1)) || value >= 2 ** (8 * size - 1))) size++;
  const content = Buffer.alloc(size);
  content.writeIntBE(value, 0, size);
  return tlv(tag, content);
}

/** An OCTET STRING (or another primitive string tag) holding UTF-8 text or bytes. */
export function berString(value: string | Buffer, tag = 0x04): Buffer {
  return tlv(tag, typeof value === 'string' ? Buffer.from(value, 'utf8') : value);
}

/** Bytes a BER length takes. */
export function lengthSize(length: number): number {
  if (length < 0x80) return 1;
  let bytes = 0;
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes++;
  return 1 + bytes;
}

/** Writes a tag and a length at `pos`; returns the position after them. */
export function writeHeader(buf: Buffer, pos: number, tag: number, length: number): number {
  buf[pos++] = tag;
  if (length < 0x80) {
    buf[pos++] = length;
    return pos;
  }
  const size = lengthSize(length) - 1;
  buf[pos++] = 0x80 | size;
  for (let i = size - 1; i >= 0; i--) buf[pos++] = Math.floor(length / 256 ** i) & 0xff;
  return pos;
}
