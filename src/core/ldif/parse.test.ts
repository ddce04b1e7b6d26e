import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LdifParser, parseLdifText } from './parse.ts';
import { valueText } from './record.ts';
import type { LdifRecord } from './record.ts';

const parse = (text: string): LdifRecord[] => parseLdifText(text, 'test.ldif');
const values = (record: LdifRecord | undefined): [string, string][] =>
  (record?.attributes ?? []).map((a) => [a.name, valueText(a)]);

test('records: blank lines between them, the version line skipped, LF or CRLF', () => {
  for (const eol of ['\n', '\r\n']) {
    const text = ['version: 1', '', 'dn: o=x', 'o: x', '', '', 'dn: cn=a,o=x', 'cn: a', ''];
    const records = parse(text.join(eol));
    assert.deepEqual(
      records.map((r) => [r.dn, r.line]),
      [
        ['o=x', 3],
        ['cn=a,o=x', 7],
      ],
    );
    assert.deepEqual(values(records[1]), [['cn', 'a']]);
  }
});

test('continuation lines: a leading space joins the line to the one before, for any line', () => {
  const [record] = parse(
    'dn: cn=Long na\n me,o=x\ndescription: one\n  two\ncn:: WmXD\n q2Jl\nsn: x\n \n',
  );
  assert.equal(record?.dn, 'cn=Long name,o=x');
  // Only the first space of a continuation goes; the second is the value's.
  assert.deepEqual(values(record), [
    ['description', 'one two'],
    ['cn', 'Zeëbe'],
    ['sn', 'x'],
  ]);
});

test('comments: skipped anywhere, folded ones whole, handed over with their line', () => {
  const comments: [string, number][] = [];
  const records = parseLdifText(
    '# head\n  er\ndn: o=x\n# inside\no: x\n\n#between\ndn: o=y\n',
    'test.ldif',
    (text, line) => comments.push([text, line]),
  );
  assert.deepEqual(
    records.map((r) => [r.dn, values(r)]),
    [
      ['o=x', [['o', 'x']]],
      ['o=y', []],
    ],
  );
  assert.deepEqual(comments, [
    ['# head er', 1],
    ['# inside', 4],
    ['#between', 7],
  ]);
});

test('dn:: is a base64 DN; values keep how they were written', () => {
  const dn = Buffer.from('cn=Zoë, o=x').toString('base64');
  const [record] = parse(`dn:: ${dn}\ncn: a\nphoto:: /wAB\nseeAlso:<  file:///x\n`);
  assert.equal(record?.dn, 'cn=Zoë, o=x');
  assert.deepEqual(
    record?.attributes.map((a) => [a.name, a.kind, a.value, a.line]),
    [
      ['cn', 'text', 'a', 2],
      ['photo', 'base64', '/wAB', 3],
      ['seeAlso', 'url', 'file:///x', 4],
    ],
  );
});

test('FILL: every space between the colon and the value goes (RFC 2849)', () => {
  const [record] = parse('dn:   o=x\na:x\nb:   y\nc:\nd: \ne::  IGxlYWQ= \n');
  assert.equal(record?.dn, 'o=x');
  assert.deepEqual(values(record), [
    ['a', 'x'],
    ['b', 'y'],
    ['c', ''],
    ['d', ''],
    ['e', ' lead'],
  ]);
});

test('malformed input names the file and line', () => {
  const cases: [string, RegExp][] = [
    ['objectClass: top\n', /test\.ldif line 1: an entry must start with dn:/],
    ['\n\nobjectClass: top\n', /line 3: an entry must start with dn:/],
    ['dn: o=x\nchangetype: add\n', /line 2: change records are not supported/],
    ['dn: o=x\nbroken\n', /line 2: expected "attribute: value", got "broken"/],
    ['dn: o=x\n: no name\n', /line 2: expected "attribute: value"/],
    ['\n continued\n', /line 2: a continued line with no line before it/],
    ['dn:< file:///dn\n', /line 1: a DN cannot be a URL/],
  ];
  for (const [text, error] of cases) assert.throws(() => parse(text), error, text);
});

test('the streaming parser hands each record over at the blank line that ends it', () => {
  const parser = new LdifParser('stream.ldif');
  assert.equal(parser.line('dn: o=x'), null);
  assert.equal(parser.line('o: x'), null);
  assert.equal(parser.line('')?.dn, 'o=x');
  assert.equal(parser.line(''), null);
  assert.equal(parser.line('dn: o=y'), null);
  assert.equal(parser.end()?.dn, 'o=y');
  assert.equal(parser.end(), null);
});
