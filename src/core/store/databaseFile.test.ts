import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { ApiError } from '../../shared/errors.ts';
import { openDatabase } from './database.ts';
import { DIRBENCH_APPLICATION_ID } from './databaseFile.ts';
import { emptySqlite, foreignSqlite, legacyDatabase } from './databaseFixtures.ts';
import { MIGRATIONS } from './migrations.ts';

function tempDir(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-dbfile-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The file's SHA-256 (a folder: its sorted listing), and what else its folder holds. */
function fingerprint(path: string, isDir = false): string {
  return isDir
    ? readdirSync(path).sort().join('\n')
    : createHash('sha256').update(readFileSync(path)).digest('hex');
}

const REFUSED = /is not a DirBench database \(.*\); choose another --db path or move the file$/;

/** Opening `path` is refused naming it, and neither it nor its folder changed. */
function assertRefused(dir: string, path: string, reason: RegExp, isDir = false): void {
  const before = fingerprint(path, isDir);
  const listing = readdirSync(dir).sort();
  assert.throws(
    () => openDatabase(path),
    (err: unknown) =>
      err instanceof ApiError &&
      err.kind === 'unavailable' &&
      err.message.startsWith(path) &&
      reason.test(err.message) &&
      (isDir || REFUSED.test(err.message)),
  );
  assert.equal(fingerprint(path, isDir), before, `${path} is unchanged`);
  assert.deepEqual(readdirSync(dir).sort(), listing, 'no -wal, -shm or other file left beside it');
}

test("other people's files are refused and left byte for byte as they were", (t) => {
  const dir = tempDir(t);
  const notes = join(dir, 'notes.sqlite');
  foreignSqlite(notes);
  assertRefused(dir, notes, /\(it holds table notes\)/);

  const runs = join(dir, 'runs.sqlite');
  foreignSqlite(runs, 'runs');
  assertRefused(dir, runs, /\(it holds table runs\)/);

  const empty = join(dir, 'empty.sqlite');
  emptySqlite(empty);
  assert.equal(readFileSync(empty).subarray(0, 15).toString(), 'SQLite format 3');
  assertRefused(dir, empty, /\(it is an empty SQLite database, with no tables\)/);

  const zero = join(dir, 'zero.sqlite');
  writeFileSync(zero, '');
  assertRefused(dir, zero, /\(it is an empty file, 0 bytes\)/);

  const folder = join(dir, 'folder');
  mkdirSync(folder);
  writeFileSync(join(folder, 'kept.txt'), 'x');
  assertRefused(dir, folder, /is a folder, not a DirBench database; give --db a file path/, true);

  const binary = join(dir, 'binary.sqlite');
  writeFileSync(
    binary,
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(200).fill(0)]),
  );
  assertRefused(dir, binary, /not a SQLite file: bytes 0-15: 7f 45 4c 46 02 01 01 00/);
});

test("a foreign table's name is shown printably", (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'odd.sqlite');
  foreignSqlite(file, '"odd\u001b[2Jname"');
  assertRefused(dir, file, /\(it holds table bytes 0-10: 6f 64 64 1b 5b 32 4a 6e 61 6d 65\)/);
});

test("another application's WAL database, with or without its own id, gets no -wal or -shm beside it", (t) => {
  const dir = tempDir(t);
  const plain = join(dir, 'wal-app.sqlite');
  foreignSqlite(plain);
  const withId = join(dir, 'wal-app-id.sqlite');
  foreignSqlite(withId);
  for (const [file, id] of [
    [plain, 0],
    [withId, 0x1234],
  ] as const) {
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma(`application_id = ${id}`);
    db.close();
  }
  assertRefused(dir, plain, /\(it holds table notes\)/);
  assertRefused(
    dir,
    withId,
    /another application's SQLite database, application id 0x00001234; it holds table notes/,
  );
});

test('a new database carries the DirBench application id and is whole when it appears', (t) => {
  const file = join(tempDir(t), 'sub', 'new.sqlite');
  openDatabase(file).close();
  const header = readFileSync(file).subarray(0, 100);
  assert.equal(header.readInt32BE(68), DIRBENCH_APPLICATION_ID);
  assert.equal(header[18], 2, 'WAL');
  assert.deepEqual(readdirSync(join(file, '..')), ['new.sqlite'], 'no temporary file left');
});

test('DirBench databases from every earlier schema open, migrate and get the application id', (t) => {
  const dir = tempDir(t);
  for (let version = 1; version <= MIGRATIONS.length; version++) {
    const file = join(dir, `v${version}.sqlite`);
    legacyDatabase(file, version);
    const db = openDatabase(file);
    assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.length, `from ${version}`);
    assert.equal(db.pragma('application_id', { simple: true }), DIRBENCH_APPLICATION_ID);
    db.close();
  }
});

test('an earlier DirBench database that another process holds open (its -wal beside it) opens too', (t) => {
  const file = join(tempDir(t), 'busy.sqlite');
  legacyDatabase(file, MIGRATIONS.length - 1);
  const other = new Database(file);
  t.after(() => other.close());
  other
    .prepare(
      "INSERT INTO targets (id, name, url, start_tls, bind_dn, base_dn, created_at, updated_at) VALUES ('t', 'n', 'u', 0, '', 'o=x', '', '')",
    )
    .run();
  const db = openDatabase(file);
  assert.deepEqual(db.prepare('SELECT count(*) AS n FROM targets').get(), { n: 1 });
  assert.equal(db.pragma('application_id', { simple: true }), DIRBENCH_APPLICATION_ID);
  db.close();
});
