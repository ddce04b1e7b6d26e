// The database locked, read-only, corrupt or on a full disk: `dirbench run` says which file and
// what to do (on stderr, --json or not), stores no half run, and keeps the first cause of its end.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { openDatabase } from '../../src/core/store/database.ts';
import { runCli } from './cliHarness.ts';
import { startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';
import {
  childPids,
  runArgs,
  startCli,
  storedRuns,
  waitForSampleRows,
  waitUntilExited,
} from './fault-harness.ts';

let slapd: TestSlapd;
let dataDir: string;

before(async () => {
  slapd = await startTestSlapd(300);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dirbench-fault-db-'));
});
after(async () => {
  await slapd.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** A fresh, migrated database file in the test's folder. */
function freshDb(name: string): string {
  const file = path.join(dataDir, name);
  openDatabase(file).close();
  return file;
}

/** The CLI failed in words: exit 1, one `dirbench:` line naming the file and the advice, no stack trace. */
function assertClearFailure(stderr: string, file: string, advice: RegExp): void {
  const line = stderr.split('\n').find((l) => l.startsWith('dirbench: '));
  assert.ok(line !== undefined, stderr);
  assert.ok(line.includes(file), line);
  assert.match(line, advice);
  assert.doesNotMatch(stderr, /^\s+at /m, 'no stack trace');
}

/** Holds `file`'s write lock from a second connection, as another program would. */
function lockExclusively(file: string): () => void {
  const other = new Database(file);
  other.exec('BEGIN EXCLUSIVE');
  return () => {
    other.exec('ROLLBACK');
    other.close();
  };
}

/** Mounts a small tmpfs at a new folder (root only); null when this machine cannot. */
function smallTmpfs(name: string, sizeKb: number): string | null {
  const dir = path.join(dataDir, name);
  mkdirSync(dir);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir], {
      stdio: 'ignore',
    });
    return dir;
  } catch {
    return null;
  }
}

function unmount(dir: string): void {
  execFileSync('umount', [dir]);
}

test('locked by another process before the run: refused before any load, no run stored', async () => {
  const file = freshDb('locked.sqlite');
  const release = lockExclusively(file);
  try {
    const r = await runCli(runArgs(slapd.url, file, 2), dataDir, 30_000);
    assert.equal(r.code, 1, r.stderr);
    assertClearFailure(r.stderr, file, /is locked by another process.*--db FILE/);
  } finally {
    release();
  }
  assert.deepEqual(storedRuns(file), []);
});

test('locked mid-run for less than the busy timeout: every second is kept, the run completes', async () => {
  const file = freshDb('briefly-locked.sqlite');
  const cli = startCli(runArgs(slapd.url, file, 4), dataDir, 60_000);
  try {
    await waitForSampleRows(file, 1, 30_000);
    const release = lockExclusively(file);
    const lockedAtRows = storedRuns(file)[0]?.sampleRows ?? 0;
    // The fault is the lock's length: over a second, so at least one second's store waits on it,
    // and under the 5 s busy timeout, so that store goes through once it is released.
    await new Promise((r) => setTimeout(r, 2000));
    assert.equal(storedRuns(file)[0]?.sampleRows, lockedAtRows, 'nothing was stored while locked');
    release();
    const r = await cli.result;
    assert.equal(r.code, 0, r.stderr);
  } finally {
    cli.child.kill('SIGKILL');
  }
  const [run] = storedRuns(file);
  assert.equal(run?.status, 'completed', run?.endReason ?? '');
  assert.deepEqual(run.seconds, [0, 1, 2, 3]);
});

test('locked mid-run past the busy timeout: the run is ended at the first second it cannot keep, and marked', async () => {
  const file = freshDb('held.sqlite');
  const cli = startCli(runArgs(slapd.url, file, 20), dataDir, 60_000);
  let release: (() => void) | null = null;
  try {
    await waitForSampleRows(file, 1, 30_000);
    const lockedAtRows = storedRuns(file)[0]?.sampleRows ?? 0;
    const workers = childPids(cli.pid);
    assert.ok(workers.length > 0, 'the run has load workers');
    release = lockExclusively(file);
    // The next second waits 5 s for the lock and fails, which ends the run: its workers exit. The
    // lock goes then, while marking the run failed still waits for it (another 5 s).
    await waitUntilExited(workers, 30_000);
    release();
    release = null;
    const r = await cli.result;
    assert.equal(r.code, 1, r.stderr);
    const [run] = storedRuns(file);
    assert.equal(run?.status, 'failed');
    // With --json the summary is on stdout; the failure still gets its line on stderr.
    assert.equal((JSON.parse(r.stdout) as { status: string }).status, 'failed');
    assertClearFailure(r.stderr, file, new RegExp(`^dirbench: run ${run.id} failed: the database`));
    assert.match(
      run.endReason ?? '',
      new RegExp(
        `^the database ${file} is locked by another process.* \\(found while storing second \\d+\\); the run was ended there$`,
      ),
    );
    // Rows: every second before the one that could not be stored (named in the reason), no holes.
    const failedSecond = Number(/storing second (\d+)/.exec(run.endReason ?? '')?.[1]);
    assert.deepEqual(
      run.seconds,
      Array.from({ length: failedSecond }, (_, i) => i),
    );
    assert.ok(
      Math.abs(run.sampleRows - lockedAtRows) <= 1,
      `${run.sampleRows} rows, ${lockedAtRows} before the lock`,
    );
  } finally {
    release?.();
    cli.child.kill('SIGKILL');
  }
});

test('locked mid-run until DirBench exits: the next open stores the run with that cause', async () => {
  const file = freshDb('held-to-the-end.sqlite');
  const cli = startCli(runArgs(slapd.url, file, 20), dataDir, 60_000);
  let release: (() => void) | null = null;
  try {
    await waitForSampleRows(file, 1, 30_000);
    // Held until the CLI has exited: the second that waits for it fails, and so does the ending.
    release = lockExclusively(file);
    const r = await cli.result;
    assert.equal(r.code, 1, r.stderr);
    assertClearFailure(r.stderr, file, /is locked by another process.*storing the end of run/);
    release();
    release = null;
    const list = await runCli(['runs', 'list', '--db', file, '--json'], dataDir, 30_000);
    assert.equal(list.code, 0, list.stderr);
    const [run] = storedRuns(file);
    assert.equal(run?.status, 'failed');
    assert.match(
      run.endReason ?? '',
      /^the database .* is locked by another process.* \(found while storing second \d+\); the run was ended there$/,
    );
  } finally {
    release?.();
    cli.child.kill('SIGKILL');
  }
});

test('corrupt file: says so and how to start afresh', async () => {
  // A DirBench database (its header says so) whose pages after the header are garbage.
  const file = freshDb('corrupt.sqlite');
  const damaged = Buffer.alloc(16_384, 0x5a);
  readFileSync(file).copy(damaged, 0, 0, 100);
  writeFileSync(file, damaged);
  const r = await runCli(runArgs(slapd.url, file, 2), dataDir, 30_000);
  assert.equal(r.code, 1, r.stderr);
  assertClearFailure(r.stderr, file, /is corrupt or not a DirBench database.*move it aside/);
});

test('read-only file: says it cannot be written and what to change', async (t) => {
  const unprivileged = process.getuid?.() !== 0;
  const dir = unprivileged ? path.join(dataDir, 'ro') : smallTmpfs('ro', 4096);
  if (dir === null) return t.skip('root without mount: cannot make a read-only file');
  if (unprivileged) mkdirSync(dir);
  const file = path.join(dir, 'dirbench.sqlite');
  try {
    openDatabase(file).close();
    // Root ignores file modes: a read-only mount is read-only for everyone.
    if (unprivileged) execFileSync('chmod', ['444', file]);
    else execFileSync('mount', ['-o', 'remount,ro', dir]);
    const r = await runCli(runArgs(slapd.url, file, 2), dataDir, 30_000);
    assert.equal(r.code, 1, r.stderr);
    assertClearFailure(r.stderr, file, /cannot be written.*writable/);
    if (unprivileged) execFileSync('chmod', ['644', file]);
    else execFileSync('mount', ['-o', 'remount,rw', dir]);
    assert.deepEqual(storedRuns(file), []);
  } finally {
    if (!unprivileged) unmount(dir);
  }
});

test('disk full: says the disk is full, stores nothing', async (t) => {
  const dir = smallTmpfs('full', 512);
  if (dir === null)
    return t.skip('needs root to mount a small tmpfs; no unprivileged way to fill a disk here');
  try {
    // Fill the disk to the last byte.
    try {
      writeFileSync(path.join(dir, 'filler'), Buffer.alloc(1024 * 1024));
    } catch {
      // ENOSPC: full now.
    }
    const file = path.join(dir, 'dirbench.sqlite');
    const r = await runCli(runArgs(slapd.url, file, 2), dataDir, 30_000);
    assert.equal(r.code, 1, r.stderr);
    assertClearFailure(r.stderr, file, /disk holding the database .* is full.*free some space/);
  } finally {
    unmount(dir);
  }
});

test('disk fills up mid-run: the run ends at the first second it cannot keep, stored with that cause once there is space', async (t) => {
  const dir = smallTmpfs('fills', 2048);
  if (dir === null) return t.skip('needs root to mount a small tmpfs');
  const file = path.join(dir, 'dirbench.sqlite');
  const filler = path.join(dir, 'filler');
  // A first short run saves the ad-hoc target, so the run under test reuses it: the CLI deletes a
  // target it created for a run that failed, and that delete cannot work on a full disk either.
  const first = await runCli(runArgs(slapd.url, file, 1), dataDir, 30_000);
  assert.equal(first.code, 0, first.stderr);
  const cli = startCli(runArgs(slapd.url, file, 20), dataDir, 60_000);
  try {
    await waitForSampleRows(file, 2, 30_000);
    const rowsAtFull = storedRuns(file)[1]?.sampleRows ?? 0;
    try {
      writeFileSync(filler, Buffer.alloc(4 * 1024 * 1024));
    } catch {
      // ENOSPC: the disk is full now.
    }
    const r = await cli.result;
    assert.equal(r.code, 1, r.stderr);
    assertClearFailure(r.stderr, file, /disk holding the database .* is full.*free some space/);
    assert.match(
      r.stderr,
      /next opens the database, the run is stored as failed with the reason it ended: the disk holding/,
    );
    rmSync(filler);
    // The next start stores the run's first cause (not "DirBench exited"); its seconds run up to
    // where the disk filled, without holes.
    const list = await runCli(['runs', 'list', '--db', file, '--json'], dataDir, 30_000);
    assert.equal(list.code, 0, list.stderr);
    const [, run] = storedRuns(file);
    assert.equal(run?.status, 'failed');
    assert.match(
      run.endReason ?? '',
      /^the disk holding the database .* is full .*\(found while storing second \d+\); the run was ended there$/,
    );
    assert.deepEqual(
      run.seconds,
      Array.from({ length: run.sampleRows }, (_, i) => i),
    );
    assert.ok(
      Math.abs(run.sampleRows - rowsAtFull) <= 1,
      `${run.sampleRows} rows, ${rowsAtFull} when the disk filled`,
    );
  } finally {
    cli.child.kill('SIGKILL');
    await cli.result;
    unmount(dir);
  }
});
