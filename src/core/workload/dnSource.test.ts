import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Prng } from '../datagen/prng.ts';
import { salfordPersonDn } from '../datagen/salford.ts';
import { dnPicker, dnSourceSize } from './dnSource.ts';

test('a list source picks only listed DNs, all of them eventually', () => {
  const dns = ['cn=a,o=x', 'cn=b,o=x', 'cn=c,o=x'];
  const pick = dnPicker({ kind: 'list', dns }, new Prng(7));
  const seen = new Set<string>();
  for (let i = 0; i < 300; i++) seen.add(pick());
  assert.deepEqual([...seen].sort(), dns);
});

test('a salford source yields DNs of existing persons, reproducibly for a seed', () => {
  const source = { kind: 'salford' as const, entries: 1000, seed: 42 };
  const all = new Set(Array.from({ length: 1000 }, (_, i) => salfordPersonDn(source, i)));
  const a = dnPicker(source, new Prng(1));
  const b = dnPicker(source, new Prng(1));
  for (let i = 0; i < 200; i++) {
    const dn = a();
    assert.ok(all.has(dn), dn);
    assert.equal(b(), dn);
  }
  assert.equal(dnSourceSize(source), 1000);
});

test('an empty source is refused up front', () => {
  assert.throws(() => dnPicker({ kind: 'list', dns: [] }, new Prng(1)), /empty/);
  assert.throws(() => dnPicker({ kind: 'salford', entries: 0, seed: 1 }, new Prng(1)), /empty/);
});
