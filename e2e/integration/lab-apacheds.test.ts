// A real ApacheDS 2.0 lab through the core: 2,000 Salford entries loaded over LDAP into the lab's
// own instance, counted with ldapsearch as the lab's admin, salford/S.2 run against it, stopped
// and destroyed without a JVM or a file left; and an orphaned lab reaped. Needs Debian's apacheds
// and the libraries it lacks (the lab's install hint); skipped, saying what is missing, without them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Client, InvalidCredentialsError } from 'ldapts';
import type { LabInfo } from '../../src/shared/labTypes.ts';
import { startLabAndWait } from '../../src/core/lab/labStart.ts';
import { salfordPersonDn, salfordPersonPassword } from '../../src/core/datagen/salford.ts';
import { SALFORD_BASE_DN } from '../../src/core/datagen/salfordWords.ts';
import { createApacheDsDriver } from '../../src/core/lab/apacheds/index.ts';
import { apacheDsLayout } from '../../src/core/lab/apacheds/layout.ts';
import { LabManager } from '../../src/core/lab/labManager.ts';
import { processAlive, processMatches } from '../../src/core/lab/processes.ts';
import { MemoryLabRegistry } from './fixtures/memoryLabRegistry.ts';
import { listeningAddresses } from './fixtures/listeningAddresses.ts';
import { pollUntil } from './fixtures/pollUntil.ts';
import { assertSalfordS2Runs, useLabTestCore } from './fixtures/labTestCore.ts';

const ENTRIES = 2_000;
const driver = createApacheDsDriver();
const availability = driver.availability();
const skip = availability.available ? false : `ApacheDS lab unavailable: ${availability.detail}`;

const MAIN_CLASS = 'org.apache.directory.server.UberjarMain';

/** The executable's name of `pid` ('java', 'sh'), or null once it has gone. */
function commandName(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/** PIDs of live ApacheDS JVMs whose command line names `text` (not their watchdog shells). */
function serversNaming(text: string): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => processMatches(pid, [MAIN_CLASS, text]) && commandName(pid) === 'java');
}

// Anything a failed step left running under the data folder: SIGKILL by PID, checked by path.
const harness = useLabTestCore('apacheds', skip, serversNaming);

test(
  'an ApacheDS lab of 2,000 entries answers ldapsearch, person binds and anonymous searches, runs salford/S.2, and leaves nothing when destroyed',
  { skip, timeout: 150_000 },
  async (t) => {
    const theCore = harness.core();
    const started = performance.now();
    const lab: LabInfo = await startLabAndWait(theCore, {
      kind: 'apacheds',
      entries: ENTRIES,
      persistent: false,
    });
    t.diagnostic(
      `lab start: ${((performance.now() - started) / 1000).toFixed(1)} s, load ${lab.loadS} s`,
    );
    assert.equal(lab.state, 'running');
    assert.equal(lab.bindDn, 'uid=admin,ou=system');
    assert.equal(lab.verifiedEntries, ENTRIES + 12, 'c=gb, o=Salford and ten units counted too');
    assert.match(lab.serverVersion ?? '', /^ApacheDS 2\.0\.0\.AM\d+/);
    const pid = lab.pid as number;
    assert.ok(driver.isLabProcess(pid, lab.dataDir), 'the PID is the lab JVM');
    assert.deepEqual(
      listeningAddresses(lab.port as number),
      ['127.0.0.1'],
      'LDAP on loopback only',
    );
    const instanceDir = apacheDsLayout(lab.dataDir).instanceDir;
    assert.deepEqual(serversNaming(instanceDir), [pid], 'one JVM: the load server has stopped');

    const persons = execFileSync(
      'ldapsearch',
      [
        '-LLL',
        '-x',
        '-H',
        lab.url,
        '-D',
        lab.bindDn,
        '-y',
        lab.passwordFile,
        '-b',
        SALFORD_BASE_DN,
        '(objectClass=person)',
        '1.1',
      ],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    assert.equal(
      (persons.match(/^dn: /gm) ?? []).length,
      ENTRIES,
      'ldapsearch counts every person',
    );

    // A person binds and searches as the study's bind tests do; anonymous searches have no limits.
    const spec = { entries: ENTRIES, seed: lab.seed };
    const person = new Client({ url: lab.url, timeout: 30_000 });
    try {
      await assert.rejects(
        person.bind(salfordPersonDn(spec, 42), 'wrong'),
        InvalidCredentialsError,
      );
      await person.bind(salfordPersonDn(spec, 42), salfordPersonPassword(spec, 42));
      const own = await person.search(salfordPersonDn(spec, 42), { scope: 'base' });
      assert.equal(own.searchEntries.length, 1, 'a person reads its own entry');
    } finally {
      await person.unbind().catch(() => undefined);
    }
    const anonymous = new Client({ url: lab.url, timeout: 30_000 });
    try {
      const all = await anonymous.search(SALFORD_BASE_DN, {
        scope: 'sub',
        filter: '(objectClass=person)',
        attributes: ['1.1'],
      });
      assert.equal(all.searchEntries.length, ENTRIES, 'no size or time limit for anonymous reads');
    } finally {
      await anonymous.unbind().catch(() => undefined);
    }

    await assertSalfordS2Runs(t, harness, lab);

    await theCore.labs.stop(lab.id);
    assert.ok(
      await pollUntil(() => serversNaming(instanceDir).length === 0, 10_000),
      `JVMs of the lab left: ${serversNaming(instanceDir).join(', ')}`,
    );
    assert.equal(existsSync(apacheDsLayout(lab.dataDir).partitionsDir), false, 'data deleted');
    await theCore.labs.destroy(lab.id);
    assert.equal(existsSync(lab.dataDir), false, 'no file of the lab left');
    assert.equal(theCore.labs.get(lab.id), null);
  },
);

test(
  'reapOrphans stops the JVM of an ApacheDS lab whose owner died',
  { skip, timeout: 120_000 },
  async () => {
    const registry = new MemoryLabRegistry();
    const reapDir = join(harness.dataDir(), 'reap');
    const manager = new LabManager({ dataDir: reapDir, registry });
    // A persistent start gives a JVM without a watchdog, as if the watchdog had failed.
    const lab = await manager.start({ kind: 'apacheds', entries: 200, persistent: true });
    const pid = lab.pid as number;
    assert.ok(driver.isLabProcess(pid, lab.dataDir));
    const deadOwner = 2 ** 22 + 12_345;
    assert.equal(processAlive(deadOwner), false);
    registry.update(lab.id, { persistent: false, ownerPid: deadOwner });
    const restarted = new LabManager({ dataDir: reapDir, registry });
    await restarted.reapOrphans();
    const reaped = restarted.get(lab.id);
    assert.equal(reaped?.state, 'stopped');
    assert.match(reaped?.error ?? '', /process that started it had exited/);
    assert.equal(driver.isLabProcess(pid, lab.dataDir), false);
    assert.equal(existsSync(apacheDsLayout(lab.dataDir).partitionsDir), false, 'data deleted');
  },
);
