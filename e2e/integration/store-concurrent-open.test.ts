// Several DirBench processes opening one fresh database at once (a CLI run and a browser-mode host,
// or a script starting commands in parallel) must all get a migrated database, none an error.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./fixtures/openDatabaseChild.ts', import.meta.url));
const ROUNDS = 6;
const PROCESSES = 4;

/** Runs the child on `file`; resolves with its exit code and what it printed on stderr. */
function openIn(file: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

test('processes opening one fresh database at once all migrate it without an error', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'dirbench-concurrent-open-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  for (let round = 0; round < ROUNDS; round++) {
    const file = join(dir, `round-${round}.sqlite`);
    const results = await Promise.all(Array.from({ length: PROCESSES }, () => openIn(file)));
    const failed = results.filter((r) => r.code !== 0).map((r) => r.stderr.trim());
    assert.deepEqual(failed, [], `round ${round}`);
  }
});
