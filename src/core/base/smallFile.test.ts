import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readSmallFile } from './smallFile.ts';

test('a small file is read whole; a device or an oversized file is refused with a code', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-small-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'pw');
  writeFileSync(file, 'secret\n');
  assert.equal(readSmallFile(file), 'secret\n');
  writeFileSync(file, 'x'.repeat(2000));
  assert.throws(() => readSmallFile(file, 1000), { code: 'EFBIG' });
  // /dev/zero never ends: reading it whole would take all memory.
  assert.throws(() => readSmallFile('/dev/zero'), { code: 'EDEVICE' });
  assert.throws(() => readSmallFile(join(dir, 'missing')), { code: 'ENOENT' });
});
