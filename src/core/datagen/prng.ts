// Seeded 32-bit PRNG with O(1) per-index streams, so any generated entry can be rebuilt alone.

/** murmur3's 32-bit finalizer: a bijective mix that spreads every input bit over the output. */
export function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A mulberry32 generator: tiny, fast, and good enough for test data (not for secrets). */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Next uniformly distributed unsigned 32-bit integer. */
  nextU32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Next float in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** Next integer in [0, n) for 0 < n <= 2^32; the modulo bias is below 1e-6 for the small n used here. */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Picks an element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

/** Seed of the independent stream number `index` of `seed`; two rounds of mixing decorrelate neighbours. */
export function streamSeed(seed: number, index: number): number {
  // Index may exceed 2^32 in principle; fold the high part in so distinct indexes stay distinct below 2^53.
  const high = Math.floor(index / 4294967296);
  return mix32(mix32(seed ^ 0x9e3779b9) ^ mix32((index >>> 0) + Math.imul(high, 0x7feb352d)));
}

/** A generator for item `index` of the dataset `seed`, computed in O(1) without items 0..index-1. */
export function streamFor(seed: number, index: number): Prng {
  return new Prng(streamSeed(seed, index));
}

// One module-level mulberry32 state for generator hot loops: no object per entry, same numbers as Prng.
let inlineState = 0;

/** Starts the shared inline stream at `seed` (as `new Prng(seed)` would). */
export function inlineSeed(seed: number): void {
  inlineState = seed >>> 0;
}

/** Next integer in [0, n) from the shared inline stream: exactly `Prng.int(n)`'s arithmetic. */
export function inlineInt(n: number): number {
  inlineState = (inlineState + 0x6d2b79f5) >>> 0;
  let t = inlineState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
}
