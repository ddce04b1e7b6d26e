// Uniform integers, character strings and UUIDs drawn from the caller's seeded random source.
import type { PatternRandom } from './types.ts';

const TWO_32 = 4294967296;
const TWO_53 = 9007199254740992;

/** A uniform integer in [0, count) for 1 <= count <= 2^53, without modulo bias. */
export function randomBelow(rng: PatternRandom, count: number): number {
  if (count <= TWO_32) {
    // Rejecting the incomplete top bucket keeps every residue equally likely.
    const limit = TWO_32 - (TWO_32 % count);
    for (;;) {
      const u = rng.nextU32();
      if (u < limit) return u % count;
    }
  }
  // Wider ranges need 53 random bits: 21 from one draw and 32 from another.
  const limit = TWO_53 - (TWO_53 % count);
  for (;;) {
    const u = (rng.nextU32() >>> 11) * TWO_32 + rng.nextU32();
    if (u < limit) return u % count;
  }
}

/** A uniform integer in [min, max], both safe integers with max - min < 2^53. */
export function randomBetween(rng: PatternRandom, min: number, max: number): number {
  return min + randomBelow(rng, max - min + 1);
}

/** A string of `length` characters drawn uniformly from `charset` (UTF-16 units). */
export function randomChars(rng: PatternRandom, length: number, charset: string): string {
  let out = '';
  for (let i = 0; i < length; i++) out += charset[randomBelow(rng, charset.length)];
  return out;
}

const HEX_BYTE: readonly string[] = Array.from({ length: 256 }, (_, b) =>
  b.toString(16).padStart(2, '0'),
);

/** Two hex digits of byte `shift` bits up `word`. */
function hex(word: number, shift: number): string {
  return HEX_BYTE[(word >>> shift) & 0xff] as string;
}

/** An RFC 4122 version-4 UUID built from four 32-bit draws, so a seed reproduces it. */
export function randomUuid(rng: PatternRandom): string {
  const a = rng.nextU32();
  const b = ((rng.nextU32() & 0xffff0fff) | 0x00004000) >>> 0; // version nibble = 4
  const c = ((rng.nextU32() & 0x3fffffff) | 0x80000000) >>> 0; // variant bits = 10
  const d = rng.nextU32();
  return (
    hex(a, 24) +
    hex(a, 16) +
    hex(a, 8) +
    hex(a, 0) +
    '-' +
    hex(b, 24) +
    hex(b, 16) +
    '-' +
    hex(b, 8) +
    hex(b, 0) +
    '-' +
    hex(c, 24) +
    hex(c, 16) +
    '-' +
    hex(c, 8) +
    hex(c, 0) +
    hex(d, 24) +
    hex(d, 16) +
    hex(d, 8) +
    hex(d, 0)
  );
}

/** Walks positions 0..count-1 as worker `offset` of `stride` workers sharing one counter. */
export class SequenceCursor {
  private position: number;
  private readonly step: number;
  private readonly count: number;

  constructor(count: number, offset: number, stride: number) {
    this.count = count;
    this.position = offset % count;
    this.step = stride % count;
  }

  /** The current position, then advances past the other workers' positions. */
  take(): number {
    const p = this.position;
    // step < count, so one subtraction wraps without a modulo on the hot path.
    let n = p + this.step;
    if (n >= this.count) n -= this.count;
    this.position = n;
    return p;
  }
}
