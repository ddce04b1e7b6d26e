import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  escapeRdnValue,
  formatDn,
  isSafeValue,
  ldifLine,
  parseDn,
  partsAreSafe,
  propsOf,
  splitDn,
} from './ldifText.ts';

test('safe values are printable ASCII without a leading space, colon or <, or a trailing space', () => {
  for (const ok of ['', 'plain', 'a: b', 'x<y', '+1 555 123 4567']) assert.ok(isSafeValue(ok), ok);
  for (const bad of [' lead', ':colon', '<angle', 'trail ', 'Zoë', 'a\nb', 'tab\there'])
    assert.ok(!isSafeValue(bad), bad);
  assert.equal(ldifLine('sn', 'Smith'), 'sn: Smith\n');
  assert.equal(ldifLine('sn', 'Zoë'), `sn:: ${Buffer.from('Zoë').toString('base64')}\n`);
});

test('any string written by ldifLine reads back unchanged', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (value) => {
      const line = ldifLine('x', value);
      assert.ok(/^[\x20-\x7e]*\n$/.test(line), 'one ASCII line');
      const m = /^x(::?) ?(.*)\n$/.exec(line);
      const back =
        m?.[1] === '::' ? Buffer.from(m[2] ?? '', 'base64').toString('utf8') : (m?.[2] ?? '');
      assert.equal(back, value);
    }),
  );
});

test('an escaped RDN value parses back to itself, on one line', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }), (value) => {
      const dn = `cn=${escapeRdnValue(value)},o=x`;
      assert.ok(!dn.includes('\n') && !dn.includes('\t'));
      assert.deepEqual(parseDn(dn), [[{ attr: 'cn', value }], [{ attr: 'o', value: 'x' }]]);
      assert.equal(splitDn(dn).length, 2);
    }),
  );
});

test('DNs: multi-valued RDNs, hex escapes, spaces around separators, formatting', () => {
  assert.deepEqual(parseDn('cn=A\\, B+uid=x , o = Org,c=BA'), [
    [
      { attr: 'cn', value: 'A, B' },
      { attr: 'uid', value: 'x' },
    ],
    [{ attr: 'o', value: 'Org' }],
    [{ attr: 'c', value: 'BA' }],
  ]);
  assert.deepEqual(parseDn('cn=Zo\\C3\\AB'), [[{ attr: 'cn', value: 'Zoë' }]]);
  assert.equal(formatDn(parseDn('cn=A\\, B+uid=x , o = Org')), 'cn=A\\, B+uid=x,o=Org');
  assert.equal(escapeRdnValue(' lead, and trail '), '\\ lead\\, and trail\\ ');
  assert.equal(escapeRdnValue('#hash'), '\\#hash');
  assert.equal(escapeRdnValue('a\nb'), 'a\\0Ab');
  assert.throws(() => parseDn('nonsense'), /has no "="/);
  assert.throws(() => parseDn('cn=x\\'), /lone backslash/);
  assert.deepEqual(splitDn('cn=a\\,b,o=x'), ['cn=a\\,b', 'o=x']);
});

test('static safety: edges matter only where a part can be first or last', () => {
  const text = propsOf;
  assert.ok(partsAreSafe([text('This is '), text('x'), text('.')]));
  assert.ok(!partsAreSafe([text(' lead'), text('x')]));
  assert.ok(!partsAreSafe([text('x'), text('trail ')]));
  // An empty-able part hands the edge to its neighbour.
  assert.ok(!partsAreSafe([text(''), text(' x')]));
  assert.ok(!partsAreSafe([text('ë')]));
});
