// Opens the SQLite file (WAL) and brings its schema up to date in one transaction.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ApiError } from '../../shared/errors.ts';
import { MIGRATIONS } from './migrations.ts';

/** The better-sqlite3 handle type used across the store. */
export type Db = Database.Database;

/** Opens (creating if needed) and migrates the DirBench database at `file`. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  let db: Db;
  try {
    db = new Database(file, { timeout: 5000 });
    db.pragma('journal_mode = WAL');
  } catch (err) {
    throw new ApiError(
      'unavailable',
      `cannot open the database ${file}: ${(err as Error).message}. Check the path and its permissions, or pass another with --db FILE.`,
      'db',
    );
  }
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  migrate(db, file);
  return db;
}

function migrate(db: Db, file: string): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    db.close();
    // Never roll back a newer database: it may hold data this version cannot represent.
    throw new ApiError(
      'unavailable',
      `${file} was written by a newer DirBench (schema ${current}, this version knows ${MIGRATIONS.length}); upgrade DirBench or use another --db.`,
      'db',
    );
  }
  if (current === MIGRATIONS.length) return;
  db.transaction(() => {
    for (let version = current; version < MIGRATIONS.length; version++) {
      db.exec(MIGRATIONS[version] as string);
    }
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  })();
}
