import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import { databaseFailure, isDatabaseFailure, troubleOf } from './databaseErrors.ts';

/** An error shaped like better-sqlite3's SqliteError or a Node errno error. */
function coded(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

test('SQLite and errno codes map to the trouble they mean', () => {
  assert.equal(troubleOf(coded('SQLITE_BUSY')), 'locked');
  assert.equal(troubleOf(coded('SQLITE_BUSY_SNAPSHOT')), 'locked');
  assert.equal(troubleOf(coded('SQLITE_READONLY_DBMOVED')), 'read-only');
  assert.equal(troubleOf(coded('SQLITE_CANTOPEN')), 'read-only');
  assert.equal(troubleOf(coded('EROFS')), 'read-only');
  assert.equal(troubleOf(coded('SQLITE_NOTADB')), 'corrupt');
  assert.equal(troubleOf(coded('SQLITE_CORRUPT')), 'corrupt');
  assert.equal(troubleOf(coded('SQLITE_FULL')), 'full');
  assert.equal(troubleOf(coded('ENOSPC')), 'full');
  assert.equal(troubleOf(coded('SQLITE_IOERR_WRITE', 'No space left on device')), 'full');
  assert.equal(troubleOf(coded('SQLITE_IOERR_WRITE', 'disk I/O error')), 'other');
  assert.equal(troubleOf(coded('SQLITE_IOERR_READ', 'read failed')), 'other');
  assert.equal(troubleOf(new Error('boom')), 'other');
  assert.equal(isDatabaseFailure(coded('SQLITE_ERROR')), true);
  assert.equal(isDatabaseFailure(new TypeError('x is undefined')), false);
});

test('the message names the file, the trouble, the fix and the step; field db, kind unavailable', () => {
  const err = databaseFailure(coded('SQLITE_BUSY', 'database is locked'), 'opening it', '/d/x.db');
  assert.equal(err.kind, 'unavailable');
  assert.equal(err.field, 'db');
  assert.match(
    err.message,
    /^the database \/d\/x\.db is locked by another process .*--db FILE \(found while opening it\)$/,
  );
  const full = databaseFailure(
    coded('SQLITE_FULL', 'database or disk is full'),
    'storing second 2',
    '/d/x.db',
  );
  assert.match(
    full.message,
    /disk holding the database \/d\/x\.db is full \(database or disk is full\): free some space/,
  );
});

test('ApiErrors pass through unchanged', () => {
  const original = new ApiError('unavailable', 'newer schema', 'db');
  assert.equal(databaseFailure(original, 'opening it', '/d/x.db'), original);
});
