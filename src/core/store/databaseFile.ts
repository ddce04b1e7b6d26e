// Tells a DirBench database from other people's files before anything writes to them: an existing
// file is only read (its header, and for databases made before the application id, its tables)
// and anything that is not DirBench's is refused, left byte for byte as it was.
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ApiError } from '../../shared/errors.ts';
import { inputExcerpt } from '../../shared/inputExcerpt.ts';
import { applyMigrations, MIGRATIONS } from './migrations.ts';

/** DirBench's SQLite application id (PRAGMA application_id), "DirB" in ASCII. */
export const DIRBENCH_APPLICATION_ID = 0x44697242;

/** SQLite's database header: its size, magic string and the fields read here (big-endian). */
const HEADER_BYTES = 100;
const MAGIC = 'SQLite format 3\u0000';
const WRITE_VERSION_AT = 18;
const APPLICATION_ID_AT = 68;

/**
 * A WAL database without its -wal file is read from a copy in memory: SQLite itself would leave
 * empty -wal and -shm files beside it. Above this size, reading it in place is the lesser cost.
 */
const MAX_COPY_BYTES = 256 * 1024 * 1024;

/** Table names listed in a refusal at most. */
const LISTED_TABLES = 8;

/** What a file holds, as far as DirBench needs to know. */
export type DatabaseFileState = 'absent' | 'dirbench';

/** The refusal for a file that is not a DirBench database; `what` says what it is instead. */
function notOurs(file: string, what: string): ApiError {
  return new ApiError(
    'unavailable',
    `${file} is not a DirBench database (${what}); choose another --db path or move the file`,
    'db',
  );
}

/** The tables a DirBench database has at each schema version (from its migrations, run in memory). */
const tablesByVersion = new Map<number, readonly string[]>();

/** The tables DirBench's migrations create up to `version`. */
function tablesAt(version: number): readonly string[] {
  const known = tablesByVersion.get(version);
  if (known !== undefined) return known;
  const db = new Database(':memory:');
  try {
    applyMigrations(db, 0, version);
    const tables = tableNames(db);
    tablesByVersion.set(version, tables);
    return tables;
  } finally {
    db.close();
  }
}

/** The names of a database's own tables (not SQLite's), sorted. */
function tableNames(db: Database.Database): string[] {
  const rows = db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .all() as { name: string }[];
  return rows.map((r) => r.name);
}

/** The tables, schema version and application id of an existing SQLite file, read without writing anything. */
function readSchema(
  file: string,
  header: Buffer,
  sizeBytes: number,
): { tables: string[]; version: number; applicationId: number } {
  const wal = header[WRITE_VERSION_AT] === 2;
  const inMemory = wal && !existsSync(`${file}-wal`) && sizeBytes <= MAX_COPY_BYTES;
  let db: Database.Database;
  if (inMemory) {
    const copy = readFileSync(file);
    // The copy has no -wal to read: as a rollback-journal database it is whole.
    copy[WRITE_VERSION_AT] = 1;
    copy[WRITE_VERSION_AT + 1] = 1;
    db = new Database(copy, { readonly: true });
  } else db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    return {
      tables: tableNames(db),
      version: db.pragma('user_version', { simple: true }) as number,
      applicationId: db.pragma('application_id', { simple: true }) as number,
    };
  } finally {
    db.close();
  }
}

/** "tables a, b and 3 more" / "no tables", for a refusal. */
function tablesText(tables: readonly string[]): string {
  if (tables.length === 0) return 'it is an empty SQLite database, with no tables';
  // Names from someone else's file: printable ones as they are, others as bytes.
  const listed = tables
    .slice(0, LISTED_TABLES)
    .map((name) => inputExcerpt(name, { quote: '' }))
    .join(', ');
  const more = tables.length > LISTED_TABLES ? ` and ${tables.length - LISTED_TABLES} more` : '';
  return `it holds table${tables.length === 1 ? '' : 's'} ${listed}${more}`;
}

/** The first bytes of `file` (up to the SQLite header's size). */
function readHeader(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    const read = readSync(fd, header, 0, HEADER_BYTES, 0);
    return header.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether `file` is absent or a DirBench database; anything else (a folder, an empty or foreign
 * file, another application's database) throws an ApiError naming the file and what to do. Reads
 * only: a refused file keeps every byte, its journal mode and its header.
 */
export function checkDatabaseFile(file: string): DatabaseFileState {
  let stat;
  try {
    stat = statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw err;
  }
  if (stat.isDirectory()) {
    throw new ApiError(
      'unavailable',
      `${file} is a folder, not a DirBench database; give --db a file path (e.g. ${file.replace(/\/+$/, '')}/dirbench.sqlite)`,
      'db',
    );
  }
  if (!stat.isFile()) throw notOurs(file, 'it is not a regular file');
  if (stat.size === 0) throw notOurs(file, 'it is an empty file, 0 bytes');
  const header = readHeader(file);
  if (header.length < HEADER_BYTES || header.toString('latin1', 0, MAGIC.length) !== MAGIC)
    throw notOurs(file, `not a SQLite file: ${inputExcerpt(header)}`);
  const applicationId = header.readInt32BE(APPLICATION_ID_AT);
  if (applicationId === DIRBENCH_APPLICATION_ID) return 'dirbench';
  const schema = readSchema(file, header, stat.size);
  if (schema.applicationId === DIRBENCH_APPLICATION_ID) return 'dirbench';
  if (schema.applicationId !== 0) {
    const id = `0x${(schema.applicationId >>> 0).toString(16).padStart(8, '0')}`;
    throw notOurs(
      file,
      `another application's SQLite database, application id ${id}; ${tablesText(schema.tables)}`,
    );
  }
  // Made before DirBench set an application id: its schema version and the tables that version has.
  const expected =
    schema.version >= 1 ? tablesAt(Math.min(schema.version, MIGRATIONS.length)) : null;
  if (expected !== null && expected.every((t) => schema.tables.includes(t))) return 'dirbench';
  throw notOurs(file, tablesText(schema.tables));
}
