import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { CHUNK_BYTES, ChunkedWriter, partialPath } from './output.ts';
import { tempDir } from '../testing/tempDirFixture.ts';

test('many small writes, huge ones and flushes come out in order, byte for byte', async (t) => {
  const dir = await tempDir(t, 'dirbench-output-');
  const writer = await ChunkedWriter.create(join(dir, 'out.txt'));
  let expected = '';
  for (let i = 0; i < 50_000; i++) {
    const text = `line ${i} ${'x'.repeat(i % 97)}\n`;
    writer.write(text);
    expected += text;
    if (writer.full) await writer.flush();
    if (i === 20_000) {
      // Larger than a chunk and its slack: the buffer grows rather than truncating.
      const big = 'B'.repeat(CHUNK_BYTES * 2 + 5);
      writer.write(big);
      expected += big;
    }
  }
  await writer.close();
  assert.equal(writer.bytes, expected.length);
  assert.equal(await readFile(join(dir, 'out.txt'), 'latin1'), expected);
});

test('a UTF-8 writer keeps every character; discard removes the file', async (t) => {
  const dir = await tempDir(t, 'dirbench-output-');
  const writer = await ChunkedWriter.create(join(dir, 'dns.txt'), 'utf8');
  writer.write('cn=Zoë Ångström,o=Test\n');
  writer.write('cn=山田 太郎,o=Test\n');
  await writer.close();
  assert.equal(
    await readFile(join(dir, 'dns.txt'), 'utf8'),
    'cn=Zoë Ångström,o=Test\ncn=山田 太郎,o=Test\n',
  );
  const doomed = await ChunkedWriter.create(join(dir, 'doomed.txt'));
  doomed.write('partial');
  await doomed.flush();
  await doomed.discard();
  await assert.rejects(stat(join(dir, 'doomed.txt')), { code: 'ENOENT' });
});

test('partial names sit beside the final one and differ each time', () => {
  const a = partialPath('/data/x.ldif');
  assert.match(a, /^\/data\/x\.ldif\.\d+\.[0-9a-f]{6}\.partial$/);
  assert.notEqual(a, partialPath('/data/x.ldif'));
});
