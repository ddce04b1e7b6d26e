// Other people's files given as the database: `runs list`, `run` and `serve` (by --db and by its
// data folder) refuse each with exit 1 and one line naming the file, and leave it as it was.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { emptySqlite, foreignSqlite } from '../../src/core/store/databaseFixtures.ts';
import { runCli } from './cliHarness.ts';
import type { CliResult } from './cliHarness.ts';

const CLI_TIMEOUT_MS = 30_000;
let dir = '';

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dirbench-foreign-db-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `name` in the test's folder, made by `make`. */
function made(name: string, make: (file: string) => void): string {
  const file = path.join(dir, name);
  make(file);
  return file;
}

/** The file's SHA-256; for a folder, its listing. */
function fingerprint(file: string): string {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return readdirSync(file).sort().join('\n');
  }
}

/** Exit 1, one `dirbench:` line naming the file and what to do, no stack trace. */
function assertRefused(r: CliResult, file: string, advice: RegExp): void {
  assert.equal(r.code, 1, r.stderr);
  const line = r.stderr.split('\n').find((l) => l.startsWith('dirbench: ')) ?? '';
  assert.ok(line.includes(file), r.stderr);
  assert.match(line, advice);
  assert.doesNotMatch(r.stderr, /^\s+at /m, 'no stack trace');
}

const NOT_OURS = /is not a DirBench database \(.+\); choose another --db path or move the file$/;

/** The cases of the issue, each with what the refusal says about it. */
function cases(): { file: string; says: RegExp }[] {
  const zero = path.join(dir, 'zero.sqlite');
  writeFileSync(zero, '');
  const folder = path.join(dir, 'folder');
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'keep.txt'), 'kept');
  return [
    {
      file: made('notes.sqlite', (f) => foreignSqlite(f)),
      says: /\(it holds table notes\)/,
    },
    {
      file: made('runs.sqlite', (f) => foreignSqlite(f, 'runs')),
      says: /\(it holds table runs\)/,
    },
    { file: made('empty.sqlite', emptySqlite), says: /\(it is an empty SQLite database/ },
    { file: zero, says: /\(it is an empty file, 0 bytes\)/ },
    { file: folder, says: /is a folder, not a DirBench database; give --db a file path/ },
  ];
}

test('runs list, run and serve refuse a file that is not a DirBench database and leave it unchanged', async () => {
  for (const { file, says } of cases()) {
    const before = fingerprint(file);
    const listing = readdirSync(dir).sort();
    const list = await runCli(['runs', 'list', '--db', file], dir, CLI_TIMEOUT_MS);
    assertRefused(list, file, says);
    if (!file.endsWith('folder')) assertRefused(list, file, NOT_OURS);
    if (file.endsWith('notes.sqlite')) {
      // The database opens before any server is contacted: nothing listens on port 9 here.
      const run = await runCli(
        ['run', '--target', 'ldap://127.0.0.1:9', '--base', 'o=x', '--db', file, '--json'],
        dir,
        CLI_TIMEOUT_MS,
      );
      assertRefused(run, file, says);
      assert.equal(run.stdout, '');
    }
    assert.equal(fingerprint(file), before, `${file} unchanged`);
    assert.deepEqual(readdirSync(dir).sort(), listing, 'no file added beside it');
  }
});

test('serve refuses a foreign database given by --db or found in its data folder', async () => {
  const file = made('serve-notes.sqlite', (f) => foreignSqlite(f));
  const before = fingerprint(file);
  const byOption = await runCli(['serve', '--port', '0', '--db', file], dir, CLI_TIMEOUT_MS);
  assertRefused(byOption, file, NOT_OURS);
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir);
  const inFolder = path.join(dataDir, 'dirbench.sqlite');
  writeFileSync(inFolder, readFileSync(file));
  const byFolder = await runCli(['serve', '--port', '0'], dataDir, CLI_TIMEOUT_MS);
  assertRefused(byFolder, inFolder, NOT_OURS);
  assert.equal(fingerprint(file), before);
  assert.equal(fingerprint(inFolder), before);
  assert.deepEqual(readdirSync(dataDir), ['dirbench.sqlite']);
});
