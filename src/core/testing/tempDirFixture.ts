// A temporary folder per test, for tests that write files.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';

/** A new folder named from `prefix` in the system's temporary folder, removed after test `t`. */
export async function tempDir(t: Pick<TestContext, 'after'>, prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
