import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attributeValues, newRecord, setAttribute } from './edit.ts';
import { parseLdifText } from './parse.ts';
import type { LdifRecord } from './record.ts';
import { formatLdif } from './write.ts';

function record(text: string): LdifRecord {
  const [first] = parseLdifText(text, 'test.ldif');
  assert.ok(first !== undefined);
  return first;
}

test('values of an attribute in any case, base64 ones decoded', () => {
  const r = record('dn: cn=x\na: 1\nB: lo\n ng\nb:: IGxlYWQ=\n');
  assert.deepEqual(attributeValues(r, 'b'), ['long', ' lead']);
  assert.deepEqual(attributeValues(r, 'A'), ['1']);
  assert.deepEqual(attributeValues(r, 'missing'), []);
});

test('setting an attribute replaces it where it stood; a new one goes before `before` or last', () => {
  const r = record('dn: cn=x\na: 1\nb: 2\nA: 3\nobjectClass: top\n');
  setAttribute(r, 'a', ['4', ' five']);
  setAttribute(r, 'c', ['6'], 'OBJECTCLASS');
  setAttribute(r, 'd', ['7']);
  setAttribute(r, 'e', ['8'], 'absent');
  setAttribute(r, 'b', []);
  assert.equal(
    formatLdif([r]),
    'dn: cn=x\na: 4\na:: IGZpdmU=\nc: 6\nobjectClass: top\nd: 7\ne: 8\n\n',
  );
});

test('a new record writes its values by the safe-value rule', () => {
  const r = newRecord('cn=Zoë', [
    ['cn', 'Zoë'],
    ['sn', 'Z'],
  ]);
  assert.equal(
    formatLdif([r]),
    `dn:: ${Buffer.from('cn=Zoë').toString('base64')}\ncn:: ${Buffer.from('Zoë').toString('base64')}\nsn: Z\n\n`,
  );
  assert.deepEqual(attributeValues(r, 'cn'), ['Zoë']);
});
