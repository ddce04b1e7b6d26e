import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { RunEnvironment } from '../../shared/types.ts';
import { unstoredEnding } from '../runs/unstoredEnding.ts';
import { runConfigFixture } from '../testing/runConfigFixture.ts';
import { tempDir } from '../testing/tempDirFixture.ts';
import { openDatabase } from './database.ts';
import { RunsRepo } from './runsRepo.ts';

const environment = { dirbenchVersion: '0.1.0', rootDse: null, lab: null } as RunEnvironment;
const DISK_FULL = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
const NOBODY = (): boolean => false;

/** A file database with one run in progress, owned by a process that is gone. */
async function orphanedRun(
  t: Parameters<typeof tempDir>[0],
): Promise<{ file: string; runs: RunsRepo }> {
  const file = join(await tempDir(t, 'dirbench-end-notes-'), 'db.sqlite');
  const db = openDatabase(file);
  t.after(() => db.close());
  const runs = new RunsRepo(db);
  runs.create('run-1', runConfigFixture(), environment);
  runs.setStatus('run-1', 'running');
  return { file, runs };
}

test('a run sets its ending bytes aside, and a stored ending removes them', async (t) => {
  const { file, runs } = await orphanedRun(t);
  assert.equal(statSync(`${file}-end-run-1`).size, 4096);
  assert.equal(readFileSync(`${file}-end-run-1`, 'utf8').trim(), '');
  runs.finish('run-1', 'completed', null, null, null);
  assert.deepEqual(
    readdirSync(join(file, '..')).filter((f) => f.includes('-end-')),
    [],
  );
});

test("an ending the database refused is stored by the next open with its first cause, not 'DirBench exited'", async (t) => {
  const { runs } = await orphanedRun(t);
  const firstCause =
    'the disk holding the database x is full (found while storing second 7); the run was ended there';
  const message = unstoredEnding(
    runs,
    'run-1',
    { status: 'failed', endReason: firstCause },
    DISK_FULL,
  );
  assert.match(
    message,
    /is full .*found while storing the end of run run-1.*stored as failed with the reason it ended: the disk/,
  );
  assert.equal(runs.markInterrupted(NOBODY), 1);
  const run = runs.get('run-1');
  assert.equal(run.status, 'failed');
  assert.equal(run.endReason, firstCause);
});

test('a completed run whose ending could not be stored fails with the database refusal as its cause', async (t) => {
  const { file, runs } = await orphanedRun(t);
  const message = unstoredEnding(
    runs,
    'run-1',
    { status: 'completed', endReason: null },
    DISK_FULL,
  );
  assert.match(message, /stored as failed with this reason/);
  runs.markInterrupted(NOBODY);
  assert.equal(runs.get('run-1').status, 'failed');
  assert.match(
    runs.get('run-1').endReason ?? '',
    /^the disk holding the database .*db\.sqlite is full/,
  );
  assert.equal(readdirSync(join(file, '..')).filter((f) => f.includes('-end-')).length, 0);
});

test('without a noted ending a run left running is interrupted, as before; a long reason is cut to fit', async (t) => {
  const { runs } = await orphanedRun(t);
  runs.create('run-2', runConfigFixture(), environment);
  unstoredEnding(runs, 'run-2', { status: 'stopped', endReason: 'x'.repeat(10_000) }, DISK_FULL);
  assert.equal(runs.markInterrupted(NOBODY), 2);
  assert.equal(runs.get('run-1').status, 'interrupted');
  assert.match(runs.get('run-1').endReason ?? '', /^DirBench exited while the run was in progress/);
  const cut = runs.get('run-2');
  assert.equal(cut.status, 'stopped');
  assert.match(cut.endReason ?? '', /^x{4000,}…$/);
});
