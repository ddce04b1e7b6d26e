// SQLite files for tests of what openDatabase accepts: other applications' files, and DirBench
// databases as versions before the application id left them.
import Database from 'better-sqlite3';
import { applyMigrations } from './migrations.ts';

/** Another application's SQLite file: one table `table` (id, body) of `rows` rows. */
export function foreignSqlite(file: string, table = 'notes', rows = 500): void {
  const db = new Database(file);
  db.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, body TEXT)`);
  const insert = db.prepare(`INSERT INTO ${table} (body) VALUES (?)`);
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(`row ${i}`);
  })();
  db.close();
}

/** A valid SQLite file (its 100-byte header and an empty first page) with no tables at all. */
export function emptySqlite(file: string): void {
  const db = new Database(file);
  db.exec('VACUUM');
  db.close();
}

/** A DirBench database as versions before the application id made it: WAL, `version` migrations. */
export function legacyDatabase(file: string, version: number): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.transaction(() => {
    applyMigrations(db, 0, version);
    db.pragma(`user_version = ${version}`);
  })();
  db.close();
}
