import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import type { LabProgress } from '../../shared/labTypes.ts';
import type { LabDriver } from './driver.ts';
import { LabManager } from './labManager.ts';
import type { LabRegistry, StoredLab } from './labRecord.ts';
import { storedLabFixture } from '../testing/labFixture.ts';

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
  reg.insert(
    storedLabFixture('lab-abcdef', {
      state: 'running',
      port: 1,
      // PID 1 is never this lab's slapd: the liveness check must look at the command line, not just the PID.
      pid: 1,
      url: 'ldap://127.0.0.1:1',
      passwordFile: '/nonexistent/root.pw',
      serverVersion: 'OpenLDAP 2.5.13',
      dataDir: join(tmpdir(), 'dirbench-no-such-lab'),
      persistent: true,
    }),
  );
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

/** An OpenLDAP driver whose configure step lasts until the start is aborted: a build that never ends on its own. */
function stalledDriver(): LabDriver & { configured: number } {
  const driver = {
    kind: 'openldap' as const,
    title: 'Stalled LDAP',
    configured: 0,
    availability: () => ({ kind: 'openldap' as const, available: true, detail: 'fake' }),
    rootDn: (suffix: string) => `cn=admin,${suffix}`,
    configure: (_config: unknown, signal: AbortSignal) => {
      driver.configured++;
      return new Promise<void>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
      );
    },
    bulkLoad: () => Promise.reject(new Error('not reached')),
    start: () => Promise.reject(new Error('not reached')),
    stop: async () => 'not-running' as const,
    isLabProcess: () => false,
    version: async () => null,
    removeData: () => undefined,
  };
  return driver;
}

test('begin answers the recorded lab while it builds; stopping it by id cancels the build', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dirbench-labmgr-'));
  t.after(() => rm(dataDir, { recursive: true, force: true }));
  const reg = registry();
  const progress: LabProgress[] = [];
  const driver = stalledDriver();
  const m = new LabManager({
    dataDir,
    registry: reg,
    drivers: [driver],
    onProgress: (p) => progress.push(p),
  });
  const { lab, ready } = await m.begin({ kind: 'openldap', entries: 10 });
  const outcome = ready.then(
    () => 'ready',
    (err: unknown) => err,
  );
  assert.equal(lab.state, 'loading');
  assert.equal(reg.labs.get(lab.id)?.state, 'loading', 'the lab is recorded before it is ready');
  assert.equal(progress[0]?.labId, lab.id);
  while (driver.configured === 0) await new Promise((resolve) => setTimeout(resolve, 5));

  const stopped = await m.stop(lab.id);
  const err = await outcome;
  assert.ok(err instanceof ApiError, `the build should end in an ApiError, got ${String(err)}`);
  assert.equal(err.code, 'cancelled');
  assert.equal(stopped.state, 'failed');
  assert.equal(progress.at(-1)?.step, 'failed');
  assert.equal((await m.stop(lab.id)).state, 'failed', 'a second stop finds nothing to cancel');
});

test('cancelStart cancels a lab still starting and leaves a lab that is already ready running', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dirbench-labmgr-'));
  t.after(() => rm(dataDir, { recursive: true, force: true }));
  const reg = registry();
  const driver = stalledDriver();
  const m = new LabManager({ dataDir, registry: reg, drivers: [driver] });
  const { lab, ready } = await m.begin({ kind: 'openldap', entries: 10 });
  const outcome = ready.then(
    () => 'ready',
    (err: unknown) => err,
  );
  while (driver.configured === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal((await m.cancelStart(lab.id)).state, 'failed');
  const err = await outcome;
  assert.ok(err instanceof ApiError && err.code === 'cancelled', `got ${String(err)}`);

  // A cancel that crosses the lab's ready: the lab is running and not starting any more.
  reg.insert(storedLabFixture('lab-ready1', { state: 'running', dataDir }));
  const answered = await m.cancelStart('lab-ready1');
  assert.equal(answered.state, 'running');
  assert.equal(reg.labs.get('lab-ready1')?.state, 'running', 'the ready lab is left running');
  await assert.rejects(m.cancelStart('lab-nosuch'), (e: unknown) => {
    return e instanceof ApiError && e.kind === 'not-found';
  });
});
