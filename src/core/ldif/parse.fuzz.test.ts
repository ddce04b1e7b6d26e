import { test } from 'node:test';
import fc from 'fast-check';
import { fuzz, joined, maybeTruncated, oddText } from '../testing/fuzzCheck.ts';
import { entryOf } from './entries.ts';
import { LdifError, LdifParser } from './parse.ts';

/** Every entry of `text`, split into lines the way readline splits a file. */
function parse(text: string): void {
  const parser = new LdifParser('fuzz.ldif');
  for (const line of text.split(/\r?\n/)) {
    const record = parser.line(line);
    if (record !== null) entryOf(record, 'fuzz.ldif');
  }
  const last = parser.end();
  if (last !== null) entryOf(last, 'fuzz.ldif');
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
    (text) => parse(text),
    (err) => err instanceof LdifError,
  );
});
