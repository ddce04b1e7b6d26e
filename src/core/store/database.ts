// Opens the SQLite file (WAL) and brings its schema up to date in one transaction.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ApiError } from '../../shared/errors.ts';
import { databaseFailure, noteDatabaseFile } from './databaseErrors.ts';
import { MIGRATIONS } from './migrations.ts';

/** The better-sqlite3 handle type used across the store. */
export type Db = Database.Database;

/** How long a write waits for another process's write to finish before it fails as "locked". */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating if needed) and migrates the DirBench database at `file`, and proves it can be
 * written: a locked, read-only, corrupt or full database fails here, before any run starts, with
 * an ApiError naming the file and what to do.
 */
export function openDatabase(file: string): Db {
  let db: Db | null = null;
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    // WAL + NORMAL: each committed transaction (one per stored second) survives the process being
    // killed; only an OS crash or power loss can drop the last commits before a checkpoint.
    db.pragma('synchronous = NORMAL');
    migrate(db, file);
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

function migrate(db: Db, file: string): void {
  if (schemaVersion(db, file) === MIGRATIONS.length) return;
  // Another process may be migrating the same fresh file: take the write lock first (waiting for
  // it), then read the version again inside the lock, so only one of them runs each step.
  db.transaction(() => {
    for (let version = schemaVersion(db, file); version < MIGRATIONS.length; version++) {
      const step = MIGRATIONS[version];
      if (typeof step === 'function') step(db);
      else db.exec(step as string);
    }
    db.pragma(`user_version = ${MIGRATIONS.length}`);
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
