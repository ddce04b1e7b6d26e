// BER lengths, integers and strings written exactly as ldapts' BerWriter writes them, into a buffer
// whose size was computed first (the lean path writes each request in one pass, no growth, no shifts).

/** Longest length ldapts' BerWriter encodes (3 length bytes); it throws beyond, so the lean path defers to it. */
export const MAX_BER_LENGTH = 0xff_ffff;

/** Bytes ldapts writes for a length: 1 up to 127, then 0x81/0x82/0x83 and 1-3 bytes (call only up to MAX_BER_LENGTH). */
export function lengthSize(length: number): number {
  if (length <= 0x7f) return 1;
  if (length <= 0xff) return 2;
  if (length <= 0xffff) return 3;
  return 4;
}

/** Writes a length as ldapts does; returns the position after it. */
export function writeLength(buf: Buffer, pos: number, length: number): number {
  if (length <= 0x7f) {
    buf[pos] = length;
    return pos + 1;
  }
  if (length <= 0xff) {
    buf[pos] = 0x81;
    buf[pos + 1] = length;
    return pos + 2;
  }
  if (length <= 0xffff) {
    buf[pos] = 0x82;
    buf[pos + 1] = length >> 8;
    buf[pos + 2] = length & 0xff;
    return pos + 3;
  }
  buf[pos] = 0x83;
  buf[pos + 1] = length >> 16;
  buf[pos + 2] = (length >> 8) & 0xff;
  buf[pos + 3] = length & 0xff;
  return pos + 4;
}

/** Bytes of a TLV whose content is `contentLength` bytes. */
export function tlvSize(contentLength: number): number {
  return 1 + lengthSize(contentLength) + contentLength;
}

/** Content bytes of an INTEGER as ldapts' writeInt encodes it (fewest two's-complement bytes, 1 to 4). */
export function intSize(value: number): number {
  // BerWriter drops a leading byte while the top 9 bits are all 0 or all 1.
  let size = 4;
  let shifted = value | 0;
  while (size > 1) {
    const top = shifted & 0xff80_0000;
    if (top !== 0 && top !== (0xff80_0000 | 0)) break;
    size--;
    shifted <<= 8;
  }
  return size;
}

/** Writes the `size` content bytes of an INTEGER (big-endian two's complement); returns the position after. */
export function writeIntContent(buf: Buffer, pos: number, value: number, size: number): number {
  for (let i = size - 1; i >= 0; i--) buf[pos++] = (value >> (8 * i)) & 0xff;
  return pos;
}

/** Writes a primitive string TLV whose UTF-8 length is `byteLength`; returns the position after it. */
export function writeStringTlv(
  buf: Buffer,
  pos: number,
  tag: number,
  value: string,
  byteLength: number,
): number {
  buf[pos] = tag;
  pos = writeLength(buf, pos + 1, byteLength);
  // Buffer's UTF-8 encoder is the one ldapts uses (lone surrogates become U+FFFD, as in Buffer.byteLength).
  if (byteLength > 0) buf.write(value, pos, byteLength, 'utf8');
  return pos + byteLength;
}
