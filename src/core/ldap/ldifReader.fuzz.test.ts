import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { fuzz, joined, maybeTruncated, oddText } from '../testing/fuzzCheck.ts';
import { withFuzzSeed } from '../testing/fuzzSeed.ts';
import { ldifLine } from '../datagen/makeldif/ldifText.ts';
import { LdifError, LdifParser } from './ldifReader.ts';
import type { LdifEntry } from './ldifReader.ts';

/** Every entry of `text`, split into lines the way readline splits a file. */
function parse(text: string): LdifEntry[] {
  const parser = new LdifParser('fuzz.ldif');
  const out: LdifEntry[] = [];
  for (const line of text.split(/\r?\n/)) {
    const entry = parser.line(line);
    if (entry !== null) out.push(entry);
  }
  const last = parser.end();
  if (last !== null) out.push(last);
  return out;
}

const name = fc.constantFrom(
  'dn',
  'DN',
  'objectClass',
  'cn',
  'cn;binary',
  'version',
  'changetype',
  'constructor',
  '__proto__',
  'toString',
  '',
  ' cn',
  '-',
);
const separator = fc.constantFrom(': ', ':', ':: ', '::', ':< ', ' : ', '');
const value = fc.oneof(
  fc.constantFrom(
    'o=Salford,c=gb',
    'person',
    '1',
    'add',
    'file:///etc/passwd',
    'Zm9v',
    '====',
    '!!',
    '\u00ff',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }).map((s) => Buffer.from(s).toString('base64')),
  oddText,
);
const line = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(name, separator, value).map(([n, s, v]) => n + s + v) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '# comment', ' folded', '  two', '\t', '-') },
  { weight: 1, arbitrary: oddText },
);
const ldif = maybeTruncated(joined(line, 14));
// Records that start with a dn line, so most inputs get past the first check into the attributes.
const record = fc
  .tuple(value, fc.array(line, { maxLength: 6 }))
  .map(([dn, rest]) => [`dn: ${dn}`, ...rest]);
const document = fc
  .tuple(fc.array(record, { minLength: 1, maxLength: 3 }), fc.constantFrom('\n', '\r\n'))
  .map(([records, eol]) => records.map((r) => r.join(eol)).join(eol + eol));

test('LDIF: any text yields entries or an LdifError naming the line, quickly', async () => {
  await fuzz(
    'LDIF',
    fc.oneof(maybeTruncated(document), ldif),
    (text) => void parse(text),
    (err) => err instanceof LdifError,
  );
});

// Entries written the way DirBench's generators write them, folded at any width, read back the same.
const attrName = fc.constantFrom('cn', 'sn', 'description', 'constructor', 'userPassword');
const entry = fc.record({
  dn: fc.constantFrom('o=x', 'cn=a b,o=x', 'cn=\\2C,o=x'),
  attributes: fc.dictionary(
    attrName,
    fc.array(fc.string({ unit: 'grapheme', maxLength: 20 }), { minLength: 1, maxLength: 3 }),
    { minKeys: 1 },
  ),
});

function fold(text: string, width: number): string {
  return text
    .split('\n')
    .map((l) => {
      const parts = [l.slice(0, width)];
      for (let i = width; i < l.length; i += width - 1) parts.push(' ' + l.slice(i, i + width - 1));
      return parts.join('\n');
    })
    .join('\n');
}

test('LDIF: written entries, folded at any width, read back unchanged', async () => {
  await withFuzzSeed('LDIF fold round trip', (seed) =>
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 2, max: 80 }),
        (entries, width) => {
          const text = entries
            .map(
              (e) =>
                ldifLine('dn', e.dn) +
                Object.entries(e.attributes)
                  .flatMap(([n, vs]) => vs.map((v) => ldifLine(n, v)))
                  .join(''),
            )
            .join('\n');
          const back = parse(fold(text, width));
          assert.deepEqual(
            back.map((e) => ({ dn: e.dn, attributes: e.attributes })),
            entries.map((e) => ({ dn: e.dn, attributes: { ...e.attributes } })),
          );
        },
      ),
      { numRuns: 2000, seed },
    ),
  );
});
