import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { entryOf, readLdif } from './entries.ts';
import type { LdifEntry } from './entries.ts';
import { parseLdifText } from './parse.ts';

async function entriesOf(text: string): Promise<LdifEntry[]> {
  const dir = await mkdtemp(join(tmpdir(), 'dirbench-ldif-'));
  try {
    const file = join(dir, 'a.ldif');
    await writeFile(file, text);
    const out: LdifEntry[] = [];
    for await (const e of readLdif(file)) out.push(e);
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('a file streams as entries: folded lines, comments, base64 text and binary values', async () => {
  const bin = Buffer.from([0xff, 0x00, 0x01]).toString('base64');
  const entries = await entriesOf(
    `version: 1\n\n# a comment\ndn: c=gb\nobjectClass: country\nc: gb\n\ndn: cn=Long na\n me,c=gb\nobjectClass: person\ncn:: ${Buffer.from(' lead').toString('base64')}\ndescription: one\ndescription: tw\n o\njpegPhoto:: ${bin}\n`,
  );
  assert.equal(entries.length, 2);
  assert.deepEqual(entries[0]?.attributes, { objectClass: ['country'], c: ['gb'] });
  assert.equal(entries[1]?.dn, 'cn=Long name,c=gb');
  assert.equal(entries[1]?.line, 8);
  assert.deepEqual(entries[1]?.attributes['cn'], [' lead']);
  assert.deepEqual(entries[1]?.attributes['description'], ['one', 'two']);
  assert.deepEqual(entries[1]?.attributes['jpegPhoto'], [Buffer.from([0xff, 0x00, 0x01])]);
});

test('a malformed file rejects naming the line', async () => {
  await assert.rejects(entriesOf('objectClass: top\n'), /line 1: an entry must start with dn:/);
  await assert.rejects(entriesOf('dn: c=gb\nchangetype: add\n'), /line 2: change records/);
  await assert.rejects(entriesOf('dn: c=gb\nbroken\n'), /line 2: expected "attribute: value"/);
  await assert.rejects(entriesOf('\n\nobjectClass: top\n'), /line 3: an entry must start/);
  await assert.rejects(
    entriesOf('dn: c=gb\nc: gb\njpegPhoto:< file:///x.jpg\n'),
    /line 3: URL values \("jpegPhoto:<"\) are not supported/,
  );
});

// Found by fuzzing: the reader kept attributes in a plain object, so these names crashed it.
test('attributes named like Object properties are read as attributes', () => {
  const [record] = parseLdifText(
    'dn: c=gb\nconstructor: a\n__proto__: b\ntoString: c\ntoString: d\n',
    'test.ldif',
  );
  assert.ok(record !== undefined);
  const entry = entryOf(record, 'test.ldif');
  assert.deepEqual(entry.attributes['constructor'], ['a']);
  assert.deepEqual(Object.getOwnPropertyDescriptor(entry.attributes, '__proto__')?.value, ['b']);
  assert.deepEqual(entry.attributes['toString'], ['c', 'd']);
});
