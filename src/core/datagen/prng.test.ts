import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mix32, Prng, streamFor, streamSeed } from './prng.ts';

test('the same seed gives the same sequence', () => {
  const a = new Prng(42);
  const b = new Prng(42);
  for (let i = 0; i < 1000; i++) assert.equal(a.nextU32(), b.nextU32());
});

test('values stay in range and look uniform', () => {
  const rng = new Prng(7);
  const buckets = new Array<number>(10).fill(0);
  for (let i = 0; i < 100_000; i++) {
    const f = rng.next();
    assert.ok(f >= 0 && f < 1);
    const k = rng.int(10);
    buckets[k] = (buckets[k] ?? 0) + 1;
  }
  // Each bucket expects 10,000; 5% is far outside what a working generator strays.
  for (const count of buckets) assert.ok(Math.abs(count - 10_000) < 500, `bucket count ${count}`);
});

test('per-index streams are O(1), distinct and stable', () => {
  const seeds = new Set<number>();
  for (let i = 0; i < 100_000; i++) seeds.add(streamSeed(1, i));
  assert.equal(seeds.size, 100_000);
  assert.notEqual(streamSeed(1, 5), streamSeed(2, 5));
  assert.equal(streamFor(9, 123_456).nextU32(), streamFor(9, 123_456).nextU32());
  // Indexes beyond 2^32 must not wrap onto small ones.
  assert.notEqual(streamSeed(1, 2 ** 32 + 3), streamSeed(1, 3));
});

test('mix32 is a 32-bit unsigned mix', () => {
  assert.equal(mix32(0), 0);
  const h = mix32(1);
  assert.ok(Number.isInteger(h) && h > 0 && h < 2 ** 32);
  assert.notEqual(mix32(1), mix32(2));
});
