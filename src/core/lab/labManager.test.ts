import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import { LabManager } from './labManager.ts';
import type { LabRegistry, StoredLab } from './labRecord.ts';

function registry(): LabRegistry & { labs: Map<string, StoredLab> } {
  const labs = new Map<string, StoredLab>();
  return {
    labs,
    insert: (lab) => void labs.set(lab.id, { ...lab }),
    update: (id, patch) => void labs.set(id, { ...(labs.get(id) as StoredLab), ...patch }),
    get: (id) => labs.get(id) ?? null,
    list: () => [...labs.values()],
    remove: (id) => void labs.delete(id),
  };
}

async function manager(t: {
  after: (fn: () => Promise<void>) => void;
}): Promise<{ m: LabManager; reg: ReturnType<typeof registry> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dirbench-labmgr-'));
  t.after(() => rm(dataDir, { recursive: true, force: true }));
  const reg = registry();
  return { m: new LabManager({ dataDir, registry: reg }), reg };
}

test('entry counts outside 1..10,000,000 are refused with a field error', async (t) => {
  const { m, reg } = await manager(t);
  for (const entries of [0, -5, 10_000_001, 1.5, Number.NaN]) {
    await assert.rejects(m.start({ kind: 'openldap', entries }), (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.kind, 'validation');
      assert.equal(err.field, 'entries');
      return true;
    });
  }
  assert.equal(reg.labs.size, 0, 'nothing is recorded for a refused request');
});

test('an unknown kind and a bad seed are refused', async (t) => {
  const { m } = await manager(t);
  await assert.rejects(m.start({ kind: 'nope' as 'openldap', entries: 10 }), {
    kind: 'validation',
    field: 'kind',
  });
  await assert.rejects(m.start({ kind: 'openldap', entries: 10, seed: -1 }), {
    kind: 'validation',
    field: 'seed',
  });
});

test('stopping an unknown lab says it does not exist', async (t) => {
  const { m } = await manager(t);
  await assert.rejects(m.stop('lab-000000'), { kind: 'not-found' });
  assert.equal(m.get('lab-000000'), null);
  assert.deepEqual(m.list(), []);
});

test('a running lab whose slapd is gone is listed as stopped', async (t) => {
  const { m, reg } = await manager(t);
  reg.insert({
    id: 'lab-abcdef',
    kind: 'openldap',
    state: 'running',
    entries: 10,
    seed: 1,
    port: 1,
    // PID 1 is never this lab's slapd: the liveness check must look at the command line, not just the PID.
    pid: 1,
    url: 'ldap://127.0.0.1:1',
    baseDn: 'o=Salford,c=gb',
    bindDn: 'cn=admin,c=gb',
    suffix: 'c=gb',
    passwordFile: '/nonexistent/root.pw',
    shape: 'salford',
    indexProfile: 'salford-indexed',
    indexes: ['objectClass eq', 'cn eq,sub,pres'],
    serverVersion: 'OpenLDAP 2.5.13',
    targetId: null,
    dataDir: join(tmpdir(), 'dirbench-no-such-lab'),
    loadS: 1,
    generateS: 0,
    startS: 0.1,
    verifiedEntries: 22,
    loadMethod: 'offline',
    loadConnections: null,
    tls: null,
    persistent: true,
    error: null,
    createdAt: new Date().toISOString(),
    rootPassword: 'x',
    ownerPid: null,
  });
  const [lab] = m.list();
  assert.equal(lab?.state, 'stopped');
  assert.equal(lab?.pid, null);
  assert.match(lab?.error ?? '', /no longer running/);
  assert.equal('rootPassword' in (lab ?? {}), false, 'the public view hides the password');
});

test('availability lists openldap', async (t) => {
  const { m } = await manager(t);
  const [openldap] = m.availability();
  assert.equal(openldap?.kind, 'openldap');
  assert.equal(typeof openldap?.available, 'boolean');
  assert.ok((openldap?.detail.length ?? 0) > 0);
});
