import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TargetInput } from '../../shared/targetTypes.ts';
import { ApiError } from '../../shared/errors.ts';
import { TargetSecrets } from '../secrets/targetSecrets.ts';
import { openDatabase } from './database.ts';
import type { Db } from './database.ts';
import { TargetsRepo, publicTarget } from './targetsRepo.ts';

const SECRET = 'pw-Zq81-unique';

const base: TargetInput = {
  name: 't',
  url: 'ldap://127.0.0.1:389',
  startTls: false,
  bindDn: 'cn=x',
  baseDn: 'o=x',
};

function setup(t: { after: (fn: () => void) => void }): { dir: string; db: Db; repo: TargetsRepo } {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-targets-'));
  const db = openDatabase(join(dir, 'db.sqlite'));
  t.after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, db, repo: new TargetsRepo(db, new TargetSecrets(join(dir, 'secrets'))) };
}

/** Every byte of the database file and its WAL, as latin1 text to grep. */
function databaseText(dir: string): string {
  const read = (p: string): string => {
    try {
      return readFileSync(p, 'latin1');
    } catch {
      return '';
    }
  };
  return read(join(dir, 'db.sqlite')) + read(join(dir, 'db.sqlite-wal'));
}

test('a typed password goes to a mode-600 file under secrets/, never into SQLite', (t) => {
  const { dir, db, repo } = setup(t);
  const saved = repo.save({ ...base, password: SECRET });
  assert.equal(saved.passwordSource, 'managed-file');
  assert.equal(saved.passwordFile, join(dir, 'secrets', `${saved.id}.password`));
  assert.equal(statSync(saved.passwordFile).mode & 0o777, 0o600);
  assert.equal(statSync(join(dir, 'secrets')).mode & 0o777, 0o700);
  assert.equal(repo.password(saved), SECRET);
  db.pragma('wal_checkpoint(TRUNCATE)');
  assert.equal(databaseText(dir).includes(SECRET), false);
  assert.equal(JSON.stringify(publicTarget(saved)).includes(SECRET), false);
  // Switching to an environment variable deletes the file DirBench wrote.
  const edited = repo.save({ ...base, id: saved.id, passwordEnv: 'TARGETS_REPO_TEST_PW' });
  assert.equal(edited.passwordEnv, 'TARGETS_REPO_TEST_PW');
  assert.throws(() => statSync(saved.passwordFile as string), /ENOENT/);
  assert.throws(
    () => repo.password(edited),
    (err: unknown) => err instanceof ApiError && err.field === 'passwordEnv',
  );
  process.env.TARGETS_REPO_TEST_PW = SECRET;
  t.after(() => delete process.env.TARGETS_REPO_TEST_PW);
  assert.equal(repo.password(edited), SECRET);
});

test('a password file is referenced where it is; one source at a time; bad names are named', (t) => {
  const { dir, repo } = setup(t);
  const file = join(dir, 'bench.pw');
  writeFileSync(file, `${SECRET}\nignored\n`);
  const saved = repo.save({ ...base, passwordFile: file });
  assert.equal(saved.passwordFile, file);
  assert.equal(repo.password(saved), SECRET);
  const fieldOf = (input: TargetInput): string | undefined => {
    try {
      repo.save(input);
    } catch (err) {
      return err instanceof ApiError ? err.field : 'not an ApiError';
    }
    return undefined;
  };
  assert.equal(fieldOf({ ...base, password: 'a', passwordFile: file }), 'password');
  assert.equal(fieldOf({ ...base, passwordFile: join(dir, 'missing.pw') }), 'passwordFile');
  assert.equal(fieldOf({ ...base, passwordEnv: '1-bad name' }), 'passwordEnv');
  // Deleting the target keeps the user's own file.
  repo.delete(saved.id);
  assert.equal(readFileSync(file, 'utf8').startsWith(SECRET), true);
});

test('plain passwords of an older database move to files and leave the database file', (t) => {
  const { dir, db, repo } = setup(t);
  const saved = repo.save({ ...base, password: '' });
  db.prepare('UPDATE targets SET password = ?, secret_ref = NULL WHERE id = ?').run(
    SECRET,
    saved.id,
  );
  db.pragma('wal_checkpoint(TRUNCATE)');
  assert.equal(databaseText(dir).includes(SECRET), true);
  assert.equal(repo.movePlainPasswords(), 1);
  const moved = repo.get(saved.id);
  assert.equal(moved.passwordSource, 'managed-file');
  assert.equal(repo.password(moved), SECRET);
  assert.equal(databaseText(dir).includes(SECRET), false);
  assert.equal(repo.movePlainPasswords(), 0);
});

test('a sealer keeps typed passwords as ciphertext that only it can open', (t) => {
  const { dir, db } = setup(t);
  const sealer = {
    seal: (plain: string) => Buffer.from([...plain].reverse().join('')).toString('base64'),
    unseal: (c: string) => [...Buffer.from(c, 'base64').toString()].reverse().join(''),
  };
  const repo = new TargetsRepo(db, new TargetSecrets(join(dir, 'secrets'), sealer));
  const saved = repo.save({ ...base, password: SECRET });
  assert.equal(saved.passwordSource, 'sealed');
  assert.equal(repo.password(saved), SECRET);
  const unsealed = new TargetsRepo(db, new TargetSecrets(join(dir, 'secrets')));
  assert.throws(
    () => unsealed.password(unsealed.get(saved.id)),
    (err: unknown) => err instanceof ApiError && err.field === 'password',
  );
});

test('a SASL bind mechanism is stored; an input without one keeps it, simple clears it', (t) => {
  const { repo } = setup(t);
  const saved = repo.save({ ...base, bindDn: 'jdoe', bindMechanism: 'DIGEST-MD5' });
  assert.equal(saved.bindMechanism, 'DIGEST-MD5');
  assert.equal(repo.save({ ...base, id: saved.id, bindDn: 'jdoe' }).bindMechanism, 'DIGEST-MD5');
  const cram = repo.save({ ...base, id: saved.id, bindDn: 'jdoe', bindMechanism: 'CRAM-MD5' });
  assert.equal(cram.bindMechanism, 'CRAM-MD5');
  assert.equal(
    repo.save({ ...base, id: saved.id, bindMechanism: 'simple' }).bindMechanism,
    'simple',
  );
  assert.equal(repo.save({ ...base, name: 'other' }).bindMechanism, 'simple');
});
