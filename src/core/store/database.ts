// Opens the SQLite file (WAL) and brings its schema up to date in one transaction; a new file is
// made whole beside it and put in place at once, and an existing one is checked before any write.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { ApiError } from '../../shared/errors.ts';
import { checkDatabaseFile, DIRBENCH_APPLICATION_ID } from './databaseFile.ts';
import { databaseFailure, noteDatabaseFile } from './databaseErrors.ts';
import { applyMigrations, MIGRATIONS } from './migrations.ts';

/** The better-sqlite3 handle type used across the store. */
export type Db = Database.Database;

/** How long a write waits for another process's write to finish before it fails as "locked". */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating if needed) and migrates the DirBench database at `file`, and proves it can be
 * written: a locked, read-only, corrupt or full database fails here, before any run starts, with
 * an ApiError naming the file and what to do. A file that is not a DirBench database (another
 * application's, an empty one, a folder) is refused without being written.
 */
export function openDatabase(file: string): Db {
  if (file === ':memory:') return prepared(new Database(file), file);
  let db: Db | null = null;
  try {
    if (checkDatabaseFile(file) === 'absent') createDatabase(file);
    db = new Database(file, { timeout: BUSY_TIMEOUT_MS, fileMustExist: true });
    prepared(db, file);
    // Takes and releases the write lock: a database another process holds, or one that cannot be
    // written, is reported now rather than at the first stored second.
    db.exec('BEGIN IMMEDIATE');
    db.exec('ROLLBACK');
  } catch (err) {
    if (db?.open === true) db.close();
    throw databaseFailure(err, 'opening it', file);
  }
  noteDatabaseFile(file);
  return db;
}

/** Sets the connection up (WAL, foreign keys, durability) and migrates its schema. */
function prepared(db: Db, file: string): Db {
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // WAL + NORMAL: each committed transaction (one per stored second) survives the process being
  // killed; only an OS crash or power loss can drop the last commits before a checkpoint.
  db.pragma('synchronous = NORMAL');
  // 32 MiB of page cache (SQLite's default is 2 MiB), used only as pages are read: at 100,000 runs
  // the covering history index a filter or search walks stays in memory between queries.
  db.pragma('cache_size = -32768');
  migrate(db, file);
  return db;
}

/**
 * Makes a new, migrated database at `file`: built under a temporary name beside it and linked into
 * place, so another process never finds it half made (an empty file is not a DirBench database).
 * When another DirBench process put one there first, that one is checked and used.
 */
function createDatabase(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.new`;
  try {
    const db = new Database(temporary, { timeout: BUSY_TIMEOUT_MS });
    try {
      prepared(db, file);
    } finally {
      // The last connection's close checkpoints the WAL: the file alone is the whole database.
      db.close();
    }
    try {
      linkSync(temporary, file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') checkDatabaseFile(file);
      // File systems without hard links: a rename, which never replaces a file that appeared.
      else if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') {
        if (existsSync(file)) checkDatabaseFile(file);
        else renameSync(temporary, file);
      } else throw err;
    }
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${temporary}${suffix}`, { force: true });
  }
}

function migrate(db: Db, file: string): void {
  const current = () => db.pragma('application_id', { simple: true }) === DIRBENCH_APPLICATION_ID;
  if (schemaVersion(db, file) === MIGRATIONS.length && current()) return;
  // Another process may be migrating the same file: take the write lock first (waiting for it),
  // then read the version again inside the lock, so only one of them runs each step.
  db.transaction(() => {
    applyMigrations(db, schemaVersion(db, file));
    db.pragma(`user_version = ${MIGRATIONS.length}`);
    // Marks the file as DirBench's (databases made before this carry none): see databaseFile.ts.
    db.pragma(`application_id = ${DIRBENCH_APPLICATION_ID}`);
  }).immediate();
}

/** The database's schema version; a newer one than this DirBench knows is refused. */
function schemaVersion(db: Db, file: string): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    // Never roll back a newer database: it may hold data this version cannot represent.
    throw new ApiError(
      'unavailable',
      `${file} was written by a newer DirBench (schema ${current}, this version knows ${MIGRATIONS.length}); upgrade DirBench or use another --db.`,
      'db',
    );
  }
  return current;
}
