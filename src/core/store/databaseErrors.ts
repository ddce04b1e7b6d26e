// Says what is wrong with the database file (locked, read-only, corrupt, disk full) and what to do, naming the file.
import { ApiError } from '../../shared/errors.ts';

/** The database this process opened last (a host opens exactly one), named when a write fails later. */
let openedFile: string | null = null;

/** Remembers the file `openDatabase` opened, for messages about later failures. */
export function noteDatabaseFile(file: string): void {
  openedFile = file;
}

/** What kind of trouble a SQLite or file-system error means. */
export type DatabaseTrouble = 'locked' | 'read-only' | 'corrupt' | 'full' | 'other';

/** SQLite's primary code (e.g. SQLITE_BUSY from SQLITE_BUSY_SNAPSHOT) or the errno code. */
function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return '';
  const match = /^SQLITE_[A-Z]+/.exec(code);
  return match === null ? code : match[0];
}

/** Classifies a failure of opening or writing the database. */
export function troubleOf(err: unknown): DatabaseTrouble {
  const code = codeOf(err);
  const message = err instanceof Error ? err.message : String(err);
  switch (code) {
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return 'locked';
    case 'SQLITE_READONLY':
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_PERM':
    case 'SQLITE_AUTH':
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
      return 'read-only';
    case 'SQLITE_NOTADB':
    case 'SQLITE_CORRUPT':
      return 'corrupt';
    case 'SQLITE_FULL':
    case 'ENOSPC':
    case 'EFBIG':
    case 'EDQUOT':
      return 'full';
    case 'SQLITE_IOERR':
      // A write refused for lack of space surfaces as an I/O error on some file systems.
      return /no space|full/i.test(message) ? 'full' : 'other';
    default:
      return 'other';
  }
}

/** True for errors from SQLite (better-sqlite3's SqliteError) or the file system under it. */
export function isDatabaseFailure(err: unknown): boolean {
  return codeOf(err).startsWith('SQLITE_') || troubleOf(err) !== 'other';
}

/** The sentence for `trouble` on `file`, with what to do. */
function advice(trouble: DatabaseTrouble, file: string, detail: string): string {
  switch (trouble) {
    case 'locked':
      return `the database ${file} is locked by another process (another DirBench, or a tool holding a transaction open on it): close that program or let it finish, then try again, or use another file with --db FILE`;
    case 'read-only':
      return `the database ${file} cannot be written (${detail}): make the file and its folder writable by this user (e.g. chmod u+w), remount the disk read-write, or use another file with --db FILE`;
    case 'corrupt':
      return `the database ${file} is corrupt or not a DirBench database (${detail}): move it aside (e.g. mv "${file}" "${file}.broken") to start with an empty one, or use another file with --db FILE`;
    case 'full':
      return `the disk holding the database ${file} is full (${detail}): free some space on it, or use a file on another disk with --db FILE`;
    case 'other':
      return `the database ${file} failed (${detail}): check the file and its disk, or use another file with --db FILE`;
  }
}

/**
 * An ApiError ('unavailable', field `db`) saying what went wrong with the database while `doing`
 * (e.g. "storing second 3 of run-x") and what to do; `file` defaults to the database opened last.
 * ApiErrors pass through unchanged.
 */
export function databaseFailure(err: unknown, doing: string, file?: string): ApiError {
  if (err instanceof ApiError) return err;
  const name = file ?? openedFile ?? 'the DirBench database';
  const detail = err instanceof Error ? err.message : String(err);
  return new ApiError(
    'unavailable',
    `${advice(troubleOf(err), name, detail)} (found while ${doing})`,
    'db',
  );
}
