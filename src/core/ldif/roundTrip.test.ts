// Property: whatever DirBench writes as LDIF, any reader here gives back, folded or not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ldifValue } from '../testing/ldifValues.ts';
import { escapeRdnValue } from './dn.ts';
import { entryOf } from './entries.ts';
import { newRecord } from './edit.ts';
import { parseLdifText } from './parse.ts';
import { valueText } from './record.ts';
import { formatLdif } from './write.ts';

/** A fixed seed, so a failure here fails the same way on every machine. */
const SEED = 2849;

const entry = fc.record({
  dn: fc.oneof(
    ldifValue.filter((t) => t !== '').map((v) => `cn=${escapeRdnValue(v)},o=x`),
    ldifValue,
  ),
  pairs: fc.array(
    fc.tuple(
      fc.constantFrom('cn', 'sn', 'description', 'cn;binary', 'constructor', '__proto__'),
      ldifValue,
    ),
    { maxLength: 6 },
  ),
});

/** `ldif` with every line folded at `width` characters, the way RFC 2849 allows a writer to fold. */
function fold(ldif: string, width: number): string {
  return ldif
    .split('\n')
    .map((line) => {
      const parts = [line.slice(0, width)];
      for (let i = width; i < line.length; i += width - 1)
        parts.push(` ${line.slice(i, i + width - 1)}`);
      return parts.join('\n');
    })
    .join('\n');
}

test('write then read gives the same entries, folded at any width or not at all', () => {
  fc.assert(
    fc.property(
      fc.array(entry, { minLength: 1, maxLength: 4 }),
      fc.option(fc.integer({ min: 2, max: 80 })),
      (entries, width) => {
        const written = formatLdif(entries.map((e) => newRecord(e.dn, e.pairs)));
        const records = parseLdifText(width === null ? written : fold(written, width), 'rt.ldif');
        assert.deepEqual(
          records.map((r) => ({
            dn: r.dn,
            pairs: r.attributes.map((a) => [a.name, valueText(a)]),
          })),
          entries.map((e) => ({ dn: e.dn, pairs: e.pairs })),
        );
        // The entry view agrees: every value a string again, grouped by name in file order.
        records.forEach((r, i) => {
          const grouped = new Map<string, string[]>();
          for (const [name, value] of entries[i]?.pairs ?? [])
            grouped.set(name, [...(grouped.get(name) ?? []), value]);
          assert.deepEqual(entryOf(r, 'rt.ldif').attributes, Object.fromEntries(grouped));
        });
      },
    ),
    { seed: SEED, numRuns: 1000 },
  );
});
