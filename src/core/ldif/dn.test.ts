import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { dnKey, escapeRdnValue, formatDn, parseDn, splitDn } from './dn.ts';

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

test('DN keys: case and blanks around separators and at the ends do not matter', () => {
  assert.equal(dnKey('cn=A, cn=Config'), 'cn=a,cn=config');
  assert.equal(dnKey('  CN = Config '), 'cn=config');
  assert.equal(dnKey('cn=a + uid=B,\to=X'), 'cn=a+uid=b,o=x');
  assert.equal(dnKey('cn=Long  Name,o=x'), 'cn=long  name,o=x', 'blanks inside a value stay');
  assert.equal(dnKey(''), '');
});

test('DN keys keep escaped and quoted characters as written', () => {
  // An escaped trailing space is part of the value: dropping it would make "\," of "\ ,".
  assert.equal(dnKey('cn=a\\ ,o=x'), 'cn=a\\ ,o=x');
  assert.notEqual(dnKey('cn=a\\, b,o=x'), dnKey('cn=a\\,b,o=x'));
  assert.equal(
    dnKey('cn="o=Salford, c=GB" , cn=mapping tree,cn=config'),
    'cn="o=salford, c=gb",cn=mapping tree,cn=config',
  );
  assert.equal(dnKey('cn="unclosed, x'), 'cn="unclosed, x');
  assert.equal(dnKey('cn=x\\'), 'cn=x\\');
});
