import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  datasetsDir,
  ensureSalfordDataset,
  removeStalePartials,
  salfordDatasetPath,
} from './datasetCache.ts';

test('the first call generates, the second reuses the same file', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dirbench-cache-'));
  t.after(() => rm(dataDir, { recursive: true, force: true }));
  const spec = { entries: 1_000, seed: 5 };
  let calls = 0;
  const first = await ensureSalfordDataset(dataDir, spec, { onProgress: () => calls++ });
  assert.equal(first.reused, false);
  assert.equal(first.path, join(dataDir, 'datasets', 'salford-1000-5.ldif'));
  assert.ok(calls > 0);
  const before = await stat(first.path);
  const second = await ensureSalfordDataset(dataDir, spec, {
    onProgress: () => assert.fail('no generation expected'),
  });
  assert.deepEqual(second, {
    path: first.path,
    reused: true,
    entriesWithHeaders: first.entriesWithHeaders,
  });
  assert.equal((await stat(second.path)).mtimeMs, before.mtimeMs);
  assert.deepEqual(await readdir(datasetsDir(dataDir)), ['salford-1000-5.ldif']);
  assert.notEqual(salfordDatasetPath(dataDir, { entries: 1_000, seed: 6 }), first.path);
});

test('a cancelled generation leaves nothing under the cache name', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dirbench-cache-'));
  t.after(() => rm(dataDir, { recursive: true, force: true }));
  const controller = new AbortController();
  await assert.rejects(
    ensureSalfordDataset(
      dataDir,
      { entries: 2_000_000, seed: 1 },
      {
        signal: controller.signal,
        onProgress: () => controller.abort(),
      },
    ),
    { name: 'AbortError' },
  );
  assert.deepEqual(await readdir(datasetsDir(dataDir)), []);
});

test('partials of dead processes are removed, those of live ones kept', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dirbench-cache-'));
  t.after(() => rm(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['-e', '0']);
  await once(child, 'exit');
  await mkdir(datasetsDir(dataDir), { recursive: true });
  const dead = `salford-10-1.ldif.${child.pid}.abc123.partial`;
  const live = `salford-10-1.ldif.${process.pid}.def456.partial`;
  await writeFile(join(datasetsDir(dataDir), dead), 'x');
  await writeFile(join(datasetsDir(dataDir), live), 'x');
  await writeFile(join(datasetsDir(dataDir), 'salford-10-1.ldif'), 'x');
  await removeStalePartials(dataDir);
  assert.deepEqual(
    (await readdir(datasetsDir(dataDir))).sort(),
    ['salford-10-1.ldif', live].sort(),
  );
});
