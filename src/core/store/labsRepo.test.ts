import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { StoredLab } from '../lab/labRecord.ts';
import { openDatabase } from './database.ts';
import { LabsRepo } from './labsRepo.ts';

const PASSWORD = 'lab-root-Hq27-unique';

function lab(dir: string, passwordFile: string): StoredLab {
  return {
    id: 'lab-abcdef',
    kind: 'openldap',
    state: 'running',
    entries: 10,
    seed: 1,
    port: 1,
    pid: null,
    url: 'ldap://127.0.0.1:1',
    baseDn: 'o=Salford,c=gb',
    bindDn: 'cn=admin,c=gb',
    suffix: 'c=gb',
    passwordFile,
    shape: 'salford',
    indexProfile: 'salford-indexed',
    indexes: ['objectClass eq'],
    serverVersion: null,
    targetId: null,
    dataDir: dir,
    loadS: 1,
    generateS: 0,
    startS: 0,
    verifiedEntries: 10,
    loadMethod: 'offline',
    loadConnections: null,
    tls: null,
    persistent: true,
    error: null,
    createdAt: new Date().toISOString(),
    rootPassword: PASSWORD,
    ownerPid: null,
  };
}

test('a lab root password lives in its password file, not in the database', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-labs-repo-'));
  const file = join(dir, 'db.sqlite');
  const db = openDatabase(file);
  t.after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const passwordFile = join(dir, 'root.pw');
  writeFileSync(passwordFile, PASSWORD, { mode: 0o600 });
  const repo = new LabsRepo(db);
  repo.insert(lab(dir, passwordFile));
  repo.update('lab-abcdef', { state: 'stopped' });
  assert.equal(repo.get('lab-abcdef')?.rootPassword, PASSWORD);
  // A lab stored by an earlier version, with the password in the row: cleared on the next open.
  db.prepare('UPDATE labs SET root_password = ?').run(PASSWORD);
  new LabsRepo(db);
  db.pragma('wal_checkpoint(TRUNCATE)');
  assert.equal(readFileSync(file, 'latin1').includes(PASSWORD), false);
  assert.equal(repo.list()[0]?.rootPassword, PASSWORD);
});
