// A real Samba AD domain controller lab through the core: 2,000 Salford entries loaded with the
// offline ldb load into the domain (c=gb moved under DC=dirbench,DC=test, where AD authenticates),
// served on a loopback address of its own, counted with ldapsearch as the domain's Administrator,
// salford/S.2 and binds as the generated persons (their DNs and passwords, and search-then-bind
// from the study's base) run against it; a second (persistent, loaded over LDAP) lab beside it on
// the next address, whose persons bind too, reaped as an orphan; stop and destroy leave no samba
// process and no file. Needs Debian's samba-ad-dc and samba-ad-provision and permission to listen
// on port 389; skipped, saying what is missing, without them.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Client } from 'ldapts';
import type { LabInfo } from '../../src/shared/labTypes.ts';
import type { BindOperation } from '../../src/shared/workload.ts';
import { startLabAndWait } from '../../src/core/lab/labStart.ts';
import { DIRECTORY_SHAPES } from '../../src/core/datagen/shapes.ts';
import { labDnRebase } from '../../src/core/lab/labPlacement.ts';
import { rebaseDn } from '../../src/core/ldif/rebase.ts';
import { LabManager } from '../../src/core/lab/labManager.ts';
import { processAlive, processCommandLine } from '../../src/core/lab/processes.ts';
import { createSambaAdDriver } from '../../src/core/lab/sambaAd/index.ts';
import { sambaAdLayout } from '../../src/core/lab/sambaAd/layout.ts';
import { SAMBA_AD_DOMAIN_DN, SAMBA_AD_ROOT_DN } from '../../src/core/lab/sambaAd/smbConf.ts';
import { listeningAddresses } from './fixtures/listeningAddresses.ts';
import { MemoryLabRegistry } from './fixtures/memoryLabRegistry.ts';
import { assertSalfordS2Runs, ldapsearchPersons, useLabTestCore } from './fixtures/labTestCore.ts';
import { pollUntil } from './fixtures/pollUntil.ts';

const ENTRIES = 2_000;
const driver = createSambaAdDriver();
const availability = driver.availability();
const skip = availability.available ? false : `Samba AD lab unavailable: ${availability.detail}`;

/** PIDs of live samba processes (the binary, whatever title they give themselves). */
function sambaPids(): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/exe`).endsWith('/samba');
      } catch {
        return false;
      }
    });
}

/** Live samba processes holding a file under `dir` open (a lab's server and every child it forked). */
function sambasUnder(dir: string): number[] {
  return sambaPids().filter((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(`${dir}/`);
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  });
}

/** The host part of a lab's ldap://host:port URL. */
function hostOf(lab: LabInfo): string {
  return new URL(lab.url).hostname;
}

const harness = useLabTestCore('samba-ad', skip, sambasUnder);

/**
 * Runs `bind` as the lab's generated persons for 2 s and checks every right password was accepted
 * and every wrong one refused (counted as `bind-invalid`, not as errors); returns the binds done.
 */
async function assertPersonsBind(lab: LabInfo, bind: Omit<BindOperation, 'kind'>): Promise<number> {
  const { done } = await harness.core().runService.start({
    targetId: lab.targetId as string,
    workload: 'adhoc',
    workloadSpec: {
      id: 'adhoc',
      title: 'binds as the lab persons',
      operations: [{ label: 'bind', weight: 1, operation: { kind: 'bind', ...bind } }],
    },
    connections: 2,
    depth: 1,
    warmupS: 0,
    durationS: 2,
    workers: 1,
  });
  const run = await done;
  const summary = run.summary;
  assert.equal(run.status, 'completed', run.endReason ?? '');
  assert.equal(summary?.errors, 0, `errors: ${JSON.stringify(summary?.errorsByCode ?? {})}`);
  // One label alone has no per-operation breakdown.
  const ok = summary?.operations?.['bind']?.ops ?? summary?.ops ?? 0;
  assert.ok(ok > 0, `persons bound with their passwords: ${JSON.stringify(summary?.operations)}`);
  if ((bind.invalidPercent ?? 0) > 0)
    assert.ok((summary?.operations?.['bind-invalid']?.ops ?? 0) > 0, 'wrong passwords refused');
  return ok;
}

test(
  'a Samba AD lab of 2,000 entries answers ldapsearch on its own address, runs salford/S.2, and a second lab runs beside it',
  { skip, timeout: 170_000 },
  async (t) => {
    const theCore = harness.core();
    const started = performance.now();
    const lab: LabInfo = await startLabAndWait(theCore, {
      kind: 'samba-ad',
      entries: ENTRIES,
      persistent: false,
    });
    t.diagnostic(
      `lab start: ${((performance.now() - started) / 1000).toFixed(1)} s, load ${lab.loadS} s`,
    );
    assert.equal(lab.state, 'running');
    assert.equal(lab.bindDn, SAMBA_AD_ROOT_DN);
    assert.equal(lab.suffix, `c=gb,${SAMBA_AD_DOMAIN_DN}`, 'the study tree inside the domain');
    assert.equal(lab.baseDn, `o=Salford,c=gb,${SAMBA_AD_DOMAIN_DN}`);
    assert.match(lab.url, /^ldap:\/\/127\.0\.0\.([2-9]|\d\d+):389$/, 'its own loopback address');
    assert.equal(lab.port, 389);
    assert.equal(lab.verifiedEntries, ENTRIES + 12, 'c=gb, o=Salford and ten units counted too');
    assert.match(lab.serverVersion ?? '', /^Samba 4\.\d+/);
    const pid = lab.pid as number;
    assert.ok(driver.isLabProcess(pid, lab.dataDir), 'the PID is the lab samba');
    assert.ok(listeningAddresses(389).includes(hostOf(lab)), 'LDAP on its address');
    assert.ok(!listeningAddresses(389).includes('0.0.0.0'), 'not on every interface');
    assert.equal(ldapsearchPersons(lab), ENTRIES, 'ldapsearch counts every person');

    await assertSalfordS2Runs(t, harness, lab);
    // The workloads' DNs name o=Salford,c=gb: the run moves them where the lab keeps the tree.
    const binds = await assertPersonsBind(lab, {
      bindDn: '[entry:dn]',
      password: '[entry:userPassword]',
      invalidPercent: 20,
    });
    await assertPersonsBind(lab, {
      bindDn: '',
      password: '[entry:userPassword]',
      search: { base: 'o=Salford,c=gb', scope: 'sub', filter: '(cn=[entry:cn])' },
    });
    t.diagnostic(`binds as the generated persons: ${binds} in 2 s on 2 connections`);

    // Adds, renames and deletes work in the domain's copy of the study tree.
    const client = new Client({ url: lab.url });
    try {
      await client.bind(lab.bindDn, readFileSync(lab.passwordFile, 'utf8'));
      const dn = `cn=Probe Person 1,ou=Finance,${lab.baseDn}`;
      await client.add(dn, {
        objectClass: ['top', 'person', 'organizationalPerson', 'inetOrgPerson'],
        sn: 'Person',
      });
      await client.modifyDN(dn, 'cn=Probe Person 2');
      await client.del(`cn=Probe Person 2,ou=Finance,${lab.baseDn}`);
    } finally {
      await client.unbind();
    }
    assert.equal(ldapsearchPersons(lab), ENTRIES, 'the probe is gone, its tombstone hidden');

    // Beside it: a persistent lab (detached, no watchdog) loaded over LDAP, later reaped as an orphan.
    const registry = new MemoryLabRegistry();
    const otherDir = join(harness.dataDir(), 'other');
    const manager = new LabManager({ dataDir: otherDir, registry });
    const other = await manager.start({
      kind: 'samba-ad',
      entries: 200,
      persistent: true,
      load: 'protocol',
    });
    t.diagnostic(`second lab at ${other.url}: load over LDAP ${other.loadS} s`);
    assert.notEqual(hostOf(other), hostOf(lab), 'another address');
    assert.equal(other.verifiedEntries, 212);
    assert.equal(ldapsearchPersons(other), 200);
    // Persons added over LDAP are enabled accounts with the LDIF's passwords too.
    const spec = { entries: other.entries, seed: other.seed };
    const salford = DIRECTORY_SHAPES.salford;
    const moved = labDnRebase(other);
    assert.ok(moved !== null);
    for (const index of [0, 199]) {
      const person = rebaseDn(salford.personDn(spec, index), moved);
      const password = salford.personPassword(spec, index);
      const bound = new Client({ url: other.url });
      try {
        await bound.bind(person, password);
        await assert.rejects(bound.bind(person, `${password}x`), /InvalidCredentials|49/);
      } finally {
        await bound.unbind();
      }
    }
    assert.equal(ldapsearchPersons(lab), ENTRIES, 'the first lab still answers');
    const deadOwner = 2 ** 22 + 12_345;
    assert.equal(processAlive(deadOwner), false);
    registry.update(other.id, { persistent: false, ownerPid: deadOwner });
    await new LabManager({ dataDir: otherDir, registry }).reapOrphans();
    const reaped = registry.get(other.id);
    assert.equal(reaped?.state, 'stopped');
    assert.match(reaped?.error ?? '', /process that started it had exited/);
    assert.deepEqual(sambasUnder(otherDir), [], 'no samba of the reaped lab left');
    assert.equal(existsSync(sambaAdLayout(other.dataDir).privateDir), false, 'its data deleted');

    const family = sambasUnder(lab.dataDir);
    assert.ok(family.length > 1, `samba and its workers: ${family.join(', ')}`);
    await theCore.labs.stop(lab.id);
    assert.ok(
      await pollUntil(
        // A zombie has no command line: it has exited, only not been reaped yet.
        () =>
          family.every((p) => processCommandLine(p) === null) &&
          sambasUnder(harness.dataDir()).length === 0,
        10_000,
      ),
      `samba processes of the lab left: ${sambasUnder(harness.dataDir()).join(', ')}`,
    );
    assert.equal(existsSync(sambaAdLayout(lab.dataDir).privateDir), false, 'data deleted');
    await theCore.labs.destroy(lab.id);
    assert.equal(existsSync(lab.dataDir), false, 'no file of the lab left');
    assert.equal(theCore.labs.get(lab.id), null);
  },
);
