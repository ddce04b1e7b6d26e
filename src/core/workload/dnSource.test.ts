import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Prng } from '../datagen/prng.ts';
import { salfordPersonDn } from '../datagen/salford.ts';
import type { DnSource } from './dnSource.ts';
import { dnSourceSize } from './dnSource.ts';
import { entryPickerFor } from './entryPicker.ts';
import { OpContext } from './opContext.ts';

/** Picks an existing DN per op as a load worker does: [entry:dn] through an entry picker. */
function dnPicks(source: DnSource, seed: number): () => string {
  const ctx = new OpContext(new Prng(seed), entryPickerFor(source), 'u');
  return () => {
    ctx.begin();
    return ctx.entry('dn');
  };
}

test('a list source picks only listed DNs, all of them eventually', () => {
  const dns = ['cn=a,o=x', 'cn=b,o=x', 'cn=c,o=x'];
  const pick = dnPicks({ kind: 'list', dns }, 7);
  const seen = new Set<string>();
  for (let i = 0; i < 300; i++) seen.add(pick());
  assert.deepEqual([...seen].sort(), dns);
});

test('a salford source yields DNs of existing persons, reproducibly for a seed', () => {
  const source = { kind: 'salford' as const, entries: 1000, seed: 42 };
  const all = new Set(Array.from({ length: 1000 }, (_, i) => salfordPersonDn(source, i)));
  const a = dnPicks(source, 1);
  const b = dnPicks(source, 1);
  for (let i = 0; i < 200; i++) {
    const dn = a();
    assert.ok(all.has(dn), dn);
    assert.equal(b(), dn);
  }
  assert.equal(dnSourceSize(source), 1000);
});

test('an empty source is refused up front', () => {
  assert.throws(() => entryPickerFor({ kind: 'list', dns: [] }), /empty/);
  assert.throws(() => entryPickerFor({ kind: 'salford', entries: 0, seed: 1 }), /empty/);
});
