import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { datasetPath, datasetsDir, ensureDataset, removeStalePartials } from './datasetCache.ts';

test('the first call generates, the second reuses the same file', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dirbench-cache-'));
  t.after(() => rm(dataDir, { recursive: true, force: true }));
  const spec = { entries: 1_000, seed: 5 };
  let calls = 0;
  const first = await ensureDataset(dataDir, 'salford', spec, { onProgress: () => calls++ });
  assert.equal(first.reused, false);
  assert.equal(first.path, join(dataDir, 'datasets', 'salford-1000-5.ldif'));
  assert.ok(calls > 0);
  const before = await stat(first.path);
  const second = await ensureDataset(dataDir, 'salford', spec, {
    onProgress: () => assert.fail('no generation expected'),
  });
  assert.deepEqual(second, { ...first, reused: true });
  assert.equal(first.entriesWithHeaders, 1_012);
  assert.equal(first.baseDn, 'o=Salford,c=gb');
  assert.equal((await stat(second.path)).mtimeMs, before.mtimeMs);
  assert.deepEqual((await readdir(datasetsDir(dataDir))).sort(), [
    'salford-1000-5.ldif',
    'salford-1000-5.ldif.binds',
    'salford-1000-5.ldif.dns',
    'salford-1000-5.ldif.meta.json',
  ]);
  assert.notEqual(datasetPath(dataDir, 'salford', { entries: 1_000, seed: 6 }), first.path);
  const flat = await ensureDataset(dataDir, 'flat', { entries: 100, seed: 5 });
  assert.equal(flat.suffix, 'c=BA');
  assert.equal(flat.entriesWithHeaders, 102);
});

test('a cancelled generation leaves nothing under the cache name', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dirbench-cache-'));
  t.after(() => rm(dataDir, { recursive: true, force: true }));
  const controller = new AbortController();
  await assert.rejects(
    ensureDataset(
      dataDir,
      'salford',
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
