import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ldifValue } from '../testing/ldifValues.ts';
import { parseLdifText } from './parse.ts';
import { valueText } from './record.ts';
import { attrLine, formatLdif, formatRecord, ldifLine, toBase64 } from './write.ts';

const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

test('a line is plain when the value is safe, base64 of its UTF-8 bytes otherwise', () => {
  assert.equal(ldifLine('sn', 'Smith'), 'sn: Smith\n');
  assert.equal(ldifLine('sn', ''), 'sn: \n');
  assert.equal(ldifLine('sn', 'Zoë'), `sn:: ${b64('Zoë')}\n`);
  assert.equal(ldifLine('description', ' lead'), 'description:: IGxlYWQ=\n');
  assert.equal(ldifLine('description', 'two\nlines'), `description:: ${b64('two\nlines')}\n`);
  assert.deepEqual(attrLine('a', 'x y'), { name: 'a', kind: 'text', value: 'x y' });
  assert.deepEqual(attrLine('a', 'é'), { name: 'a', kind: 'base64', value: b64('é') });
  assert.equal(toBase64('\0'), 'AA==');
});

test('records: dn:: for a DN that is not safe, lines as read, a blank line after each', () => {
  const record = {
    dn: 'cn=Zoë,o=x',
    line: 0,
    attributes: [
      { name: 'cn', kind: 'text' as const, value: 'Zoë' },
      { name: 'photo', kind: 'base64' as const, value: '/wAB' },
      { name: 'seeAlso', kind: 'url' as const, value: 'file:///x' },
    ],
  };
  assert.equal(
    formatRecord(record),
    `dn:: ${b64('cn=Zoë,o=x')}\ncn: Zoë\nphoto:: /wAB\nseeAlso:< file:///x\n`,
  );
  assert.equal(
    formatLdif([record, { dn: 'o=x', line: 0, attributes: [] }]).endsWith('\n\ndn: o=x\n\n'),
    true,
  );
  assert.equal(formatLdif([]), '');
});

test('base64 round trip: any text written by ldifLine reads back unchanged, on one ASCII line', () => {
  const check = (value: string): void => {
    const line = ldifLine('x', value);
    assert.match(line, /^[\x20-\x7e]*\n$/);
    const [attr] = parseLdifText(`dn: o=x\n${line}`, 'test.ldif')[0]?.attributes ?? [];
    assert.ok(attr !== undefined);
    assert.equal(valueText(attr), value);
  };
  fc.assert(fc.property(ldifValue, check), { seed: 2849, numRuns: 2000 });
});
