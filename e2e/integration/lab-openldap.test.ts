// A real OpenLDAP lab: generate, bulk load, serve, stop; plus reuse, cancel, liveness and reaping.
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Client } from 'ldapts';
import { ApiError } from '../../src/shared/errors.ts';
import type { LabInfo, LabProgress } from '../../src/shared/labTypes.ts';
import { salfordPersonDn, salfordPersonPassword } from '../../src/core/datagen/salford.ts';
import { SALFORD_BASE_DN } from '../../src/core/datagen/salfordWords.ts';
import { LabManager } from '../../src/core/lab/labManager.ts';
import { openLdapAvailability } from '../../src/core/lab/openldap/install.ts';
import { isLabSlapd, stopSlapd } from '../../src/core/lab/openldap/slapd.ts';
import { processAlive, processMatches } from '../../src/core/lab/processes.ts';
import { MemoryLabRegistry } from './fixtures/memoryLabRegistry.ts';
import { testConnection } from '../../src/core/ldap/testConnection.ts';

/** PIDs of live processes whose command line contains `text` (Linux /proc). */
function processesNaming(text: string): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => processMatches(pid, [text]));
}

type TestContext = { after: (fn: () => Promise<void> | void) => void };

const availability = openLdapAvailability();

/** A manager over a fresh data dir (with a space in its path, as on macOS) that is cleaned up after the test. */
async function setup(t: TestContext): Promise<{
  manager: LabManager;
  registry: MemoryLabRegistry;
  dataDir: string;
  progress: LabProgress[];
  changes: LabInfo[];
}> {
  assert.ok(availability.available, availability.detail);
  const dataDir = await mkdtemp(join(tmpdir(), 'dirbench lab-it-'));
  const registry = new MemoryLabRegistry();
  const progress: LabProgress[] = [];
  const changes: LabInfo[] = [];
  const manager = new LabManager({
    dataDir,
    registry,
    onProgress: (p) => progress.push(p),
    onChange: (lab) => changes.push(lab),
  });
  t.after(async () => {
    await manager.stopOwned();
    // Persistent labs and anything a failed assertion left behind: stop by PID, verified.
    for (const lab of registry.list()) {
      if (lab.pid !== null) await stopSlapd(lab.pid, join(lab.dataDir, 'slapd.conf'), 2_000);
    }
    await rm(dataDir, { recursive: true, force: true });
  });
  return { manager, registry, dataDir, progress, changes };
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ url, timeout: 10_000, connectTimeout: 5_000 });
  try {
    return await fn(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

test(
  'a 2,000-entry lab serves the Salford directory and is cleaned up on stop',
  { timeout: 120_000 },
  async (t) => {
    const { manager, dataDir, progress, changes } = await setup(t);
    const spec = { entries: 2_000, seed: 1 };
    const lab = await manager.start({ kind: 'openldap', entries: spec.entries });

    assert.equal(lab.state, 'running');
    assert.match(lab.id, /^lab-[0-9a-f]{6}$/);
    assert.equal(lab.url, `ldap://127.0.0.1:${lab.port}`);
    assert.equal(lab.baseDn, SALFORD_BASE_DN);
    assert.equal(lab.bindDn, 'cn=admin,c=gb');
    assert.equal(lab.seed, 1);
    assert.equal(lab.persistent, false);
    assert.equal(lab.targetId, null);
    assert.equal(lab.dataDir, join(dataDir, 'labs', lab.id));
    assert.ok(lab.loadS !== null && lab.loadS > 0);
    assert.ok(lab.pid !== null && isLabSlapd(lab.pid, join(lab.dataDir, 'slapd.conf')));

    const steps = new Set(progress.map((p) => p.step));
    for (const step of ['generate', 'load', 'start', 'verify', 'ready'] as const)
      assert.ok(steps.has(step), `no ${step} progress`);
    assert.ok(progress.every((p) => p.labId === lab.id));
    assert.deepEqual([...new Set(changes.map((c) => c.state))], ['loading', 'starting', 'running']);

    const stored = manager.get(lab.id);
    assert.ok(stored !== null);
    await withClient(lab.url, async (client) => {
      await client.bind(lab.bindDn, stored.rootPassword);
      const persons = await client.search(SALFORD_BASE_DN, {
        scope: 'sub',
        filter: '(objectClass=person)',
        attributes: ['1.1'],
      });
      assert.equal(persons.searchEntries.length, 2_000);
      const dn = salfordPersonDn(spec, 1234);
      const one = await client.search(dn, { scope: 'base', filter: '(objectClass=inetOrgPerson)' });
      assert.equal(one.searchEntries.length, 1);
      assert.equal(one.searchEntries[0]?.dn.toLowerCase(), dn.toLowerCase());
      // The cn index answers substring searches.
      const [, cnValue] = /^cn=([^,]+),/.exec(dn) ?? [];
      const sub = await client.search(SALFORD_BASE_DN, {
        scope: 'sub',
        filter: `(cn=*${cnValue?.slice(-8) ?? ''})`,
      });
      assert.ok(sub.searchEntries.some((e) => e.dn.toLowerCase() === dn.toLowerCase()));
    });

    // Access control: anonymous reads everything but passwords; a person can bind with theirs.
    await withClient(lab.url, async (client) => {
      const dn = salfordPersonDn(spec, 42);
      const anon = await client.search(dn, { scope: 'base', attributes: ['userPassword', 'mail'] });
      assert.equal(anon.searchEntries.length, 1);
      assert.deepEqual(
        [anon.searchEntries[0]?.['userPassword'] ?? []].flat(),
        [],
        'no password for anonymous',
      );
      assert.ok(anon.searchEntries[0]?.['mail']);
      await client.bind(dn, salfordPersonPassword(spec, 42));
    });

    const pid = lab.pid;
    const stopped = await manager.stop(lab.id);
    assert.equal(stopped.state, 'stopped');
    assert.equal(stopped.pid, null);
    // slapd stays a zombie until its watchdog shell exits and it is reaped; allow that a moment.
    for (let i = 0; i < 100 && pid !== null && processAlive(pid); i++) await delay(50);
    assert.equal(processAlive(pid), false);
    assert.equal(existsSync(join(lab.dataDir, 'db')), false, 'database deleted');
    assert.equal(existsSync(join(lab.dataDir, 'server.log')), true, 'log kept');
    assert.equal((await manager.stop(lab.id)).state, 'stopped', 'stopping twice is harmless');
  },
);

test(
  'a lab loaded over LDAP with an index profile holds every entry and reports its figures; destroy removes it',
  { timeout: 120_000 },
  async (t) => {
    const { manager } = await setup(t);
    const lab = await manager.start({
      kind: 'openldap',
      entries: 1_000,
      load: 'protocol',
      loadConnections: 4,
      indexProfile: 'cn:eq;mail:eq,sub',
    });
    assert.equal(lab.state, 'running');
    assert.equal(lab.loadMethod, 'protocol');
    assert.equal(lab.loadConnections, 4);
    assert.equal(lab.verifiedEntries, 1_012, 'persons plus c=gb, o=Salford and ten units');
    assert.deepEqual(lab.indexes, ['objectClass eq', 'cn eq', 'mail eq,sub']);
    assert.match(lab.serverVersion ?? '', /^OpenLDAP \d/);
    assert.ok(lab.loadS !== null && lab.loadS > 0 && lab.startS !== null);
    assert.equal(readFileSync(lab.passwordFile, 'utf8'), manager.get(lab.id)?.rootPassword);
    const conf = readFileSync(join(lab.dataDir, 'slapd.conf'), 'utf8');
    assert.match(conf, /^index mail eq,sub$/m);
    const counts = await manager.operationCounts(lab.id);
    assert.ok(
      (counts?.['add'] ?? 0) >= 1_012,
      `the monitor saw the adds: ${JSON.stringify(counts)}`,
    );
    await manager.destroy(lab.id);
    assert.equal(existsSync(lab.dataDir), false);
    assert.equal(manager.get(lab.id), null);
  },
);

test(
  'a TLS lab serves StartTLS and ldaps:// with its own CA, and clients verify against it',
  { timeout: 120_000 },
  async (t) => {
    const { manager } = await setup(t);
    const lab = await manager.start({ kind: 'openldap', entries: 100, tls: 'ldaps' });
    assert.ok(lab.tls !== null);
    const password = manager.get(lab.id)?.rootPassword ?? '';
    const base = { bindDn: lab.bindDn, password, tcpNoDelay: true };
    for (const params of [
      { ...base, url: lab.url, startTls: true, caFile: lab.tls.caFile },
      { ...base, url: lab.tls.ldapsUrl, startTls: false, caFile: lab.tls.caFile },
    ]) {
      const ok = await testConnection(params);
      assert.equal(ok.ok, true, JSON.stringify(ok));
    }
    // Without the lab's CA the certificate is not trusted: verification is on by default.
    const untrusted = await testConnection({ ...base, url: lab.tls.ldapsUrl, startTls: false });
    assert.equal(untrusted.ok, false);
    assert.match(JSON.stringify(untrusted), /certificate/i);
    await manager.stop(lab.id);
  },
);

test(
  'a second lab of the same size reuses the generated data set',
  { timeout: 120_000 },
  async (t) => {
    const { manager, progress } = await setup(t);
    const first = await manager.start({ kind: 'openldap', entries: 500, seed: 7 });
    await manager.stop(first.id);
    progress.length = 0;
    const second = await manager.start({ kind: 'openldap', entries: 500, seed: 7 });
    assert.equal(second.state, 'running');
    assert.ok(progress.some((p) => p.step === 'generate' && /Reusing/.test(p.message)));
    assert.ok(!progress.some((p) => p.step === 'generate' && /Generating/.test(p.message)));
    assert.equal(manager.list().filter((l) => l.state === 'running').length, 1);
    await manager.stop(second.id);
  },
);

test('stopping a lab while it loads cancels the start', { timeout: 120_000 }, async (t) => {
  const { manager } = await setup(t);
  // begin answers the lab's id at once; it is stopped by that id during generation.
  const { lab, ready } = await manager.begin({ kind: 'openldap', entries: 2_000_000 });
  const labId = lab.id;
  const outcome = ready.then(
    () => 'started',
    (err: unknown) => err,
  );
  const stopped = await manager.stop(labId);
  const err = await outcome;
  assert.ok(err instanceof ApiError, `start should fail with an ApiError, got ${String(err)}`);
  assert.match(err.message, /stopped before it was ready/);
  // The UI tells a cancel from a failure by this code, never by the words.
  assert.equal(err.code, 'cancelled');
  assert.equal(stopped.state, 'failed');
  assert.equal(stopped.pid, null);
  assert.match(stopped.error ?? '', /Cancelled/);
});

test('stopping a lab during the bulk load kills slapadd', { timeout: 120_000 }, async (t) => {
  const { manager, registry, progress } = await setup(t);
  const { lab: begun, ready } = await manager.begin({ kind: 'openldap', entries: 300_000 });
  const outcome = ready.then(
    () => 'started',
    (err: unknown) => err,
  );
  while (!progress.some((p) => p.step === 'load') && registry.get(begun.id)?.state !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const lab = registry.get(begun.id);
  assert.ok(lab !== null);
  // slapadd runs with its own configuration (slapadd.conf), slapd with slapd.conf: both are in the lab folder.
  assert.ok(processesNaming(join(lab.dataDir, 'slapadd.conf')).length > 0, 'slapadd runs');
  assert.equal((await manager.stop(lab.id)).state, 'failed');
  assert.ok((await outcome) instanceof Error);
  assert.deepEqual(processesNaming(lab.dataDir), [], 'no slapadd or slapd left for this lab');
  assert.equal(existsSync(join(lab.dataDir, 'db')), false);
});

test(
  'a persistent lab survives until stopped; list notices when its slapd dies',
  { timeout: 120_000 },
  async (t) => {
    const { manager } = await setup(t);
    const lab = await manager.start({ kind: 'openldap', entries: 200, persistent: true });
    assert.equal(lab.persistent, true);
    assert.equal(manager.get(lab.id)?.ownerPid, null);
    await manager.stopOwned();
    assert.equal(manager.list()[0]?.state, 'running', 'stopOwned leaves persistent labs alone');
    const pid = lab.pid as number;
    await stopSlapd(pid, join(lab.dataDir, 'slapd.conf'));
    const [after] = manager.list();
    assert.equal(after?.state, 'stopped');
    assert.match(after?.error ?? '', /no longer running/);
  },
);

test('reapOrphans kills the slapd of a lab whose owner died', { timeout: 120_000 }, async (t) => {
  const { manager, registry, dataDir } = await setup(t);
  // A persistent start gives a slapd without a watchdog, as if the watchdog had failed.
  const lab = await manager.start({ kind: 'openldap', entries: 200, persistent: true });
  const deadOwner = 2 ** 22 + 12_345;
  assert.equal(processAlive(deadOwner), false);
  registry.update(lab.id, { persistent: false, ownerPid: deadOwner });
  const restarted = new LabManager({ dataDir, registry });
  await restarted.reapOrphans();
  const reaped = restarted.get(lab.id);
  assert.equal(reaped?.state, 'stopped');
  assert.match(reaped?.error ?? '', /process that started it had exited/);
  assert.equal(isLabSlapd(lab.pid as number, join(lab.dataDir, 'slapd.conf')), false);
  assert.equal(existsSync(join(lab.dataDir, 'db')), false);
});
