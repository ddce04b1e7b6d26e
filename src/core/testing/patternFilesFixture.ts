// A temporary folder of files for the value-pattern tests that read [file:...] and rand(file).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';

/**
 * Makes a folder (named from `prefix`) before the file's tests holding names.txt (alice, bob,
 * carol) and an empty empty.txt, and removes it after them; returns a getter of its path.
 */
export function patternFilesFixture(prefix: string): () => string {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    writeFileSync(join(dir, 'names.txt'), 'alice\nbob\ncarol\n');
    writeFileSync(join(dir, 'empty.txt'), '');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}
