// A real OpenDJ 4.9 lab through its driver: set up, bulk load 10,000 Salford entries offline,
// serve searches and binds on loopback, report operation counts, stop, and leave no JVM behind,
// also when the process that started it goes away. Needs Java >= 11 and the server zip (in
// ~/.m2 after `mvn -q dependency:get -Dtransitive=false
// -Dartifact=org.openidentityplatform.opendj:opendj-server-legacy:4.9.4:zip`,
// or named by DIRBENCH_OPENDJ_ZIP); skipped, saying what is missing, without them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Client } from 'ldapts';
import {
  salfordPersonAttributes,
  salfordPersonDn,
  salfordPersonPassword,
  writeSalfordLdif,
} from '../../src/core/datagen/salford.ts';
import { SALFORD_BASE_DN, SALFORD_SUFFIX } from '../../src/core/datagen/salfordWords.ts';
import type { LabServerConfig, RunningServer } from '../../src/core/lab/driver.ts';
import { freePort } from '../../src/core/lab/freePort.ts';
import { resolveIndexProfile } from '../../src/core/lab/indexProfiles.ts';
import { createOpenDjDriver } from '../../src/core/lab/opendj/index.ts';
import { openDjLayout } from '../../src/core/lab/opendj/layout.ts';
import { processMatches } from '../../src/core/lab/processes.ts';
import { listeningAddresses } from './fixtures/listeningAddresses.ts';
import { pollUntil } from './fixtures/pollUntil.ts';

const ENTRIES = 10_000;
/** c=gb, o=Salford and its ten organizational units. */
const HEADER_ENTRIES = 12;
const spec = { entries: ENTRIES, seed: 1 };

const driver = createOpenDjDriver({ softwareDir: join(tmpdir(), 'dirbench-software-none') });
const availability = driver.availability();

/** PIDs of live processes whose command line names `text` (Linux /proc). */
function processesNaming(text: string): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => pid !== process.pid && processMatches(pid, [text]));
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ url, timeout: 30_000, connectTimeout: 5_000 });
  try {
    return await fn(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

test(
  'an OpenDJ lab loads 10,000 Salford entries, serves searches and binds, and leaves no JVM behind',
  {
    timeout: 170_000,
    skip: availability.available ? false : `OpenDJ lab unavailable: ${availability.detail}`,
  },
  async (t) => {
    const workDir = await mkdtemp(join(tmpdir(), 'dirbench opendj-it-'));
    const labDir = join(workDir, 'lab');
    mkdirSync(labDir);
    const layout = openDjLayout(labDir);
    const started: RunningServer[] = [];
    const signal = new AbortController().signal;
    t.after(async () => {
      for (const server of started) await driver.stop(server.pid, labDir, 5_000);
      // Anything of this lab still alive (a failed step's JVM): SIGKILL by PID, checked by path.
      for (const pid of processesNaming(layout.installDir)) {
        if (processMatches(pid, [layout.installDir])) process.kill(pid, 'SIGKILL');
      }
      await rm(workDir, { recursive: true, force: true });
    });
    const timings: string[] = [];
    let lapStart = performance.now();
    const lap = (step: string): void => {
      const now = performance.now();
      timings.push(`${step} ${((now - lapStart) / 1000).toFixed(1)} s`);
      t.diagnostic(`${step}: ${((now - lapStart) / 1000).toFixed(1)} s`);
      lapStart = now;
    };

    const ldifPath = join(workDir, 'salford.ldif');
    await writeSalfordLdif(spec, ldifPath);
    lap('generate LDIF');

    const config: LabServerConfig = {
      labDir,
      port: await freePort(),
      suffix: SALFORD_SUFFIX,
      rootDn: driver.rootDn(SALFORD_SUFFIX),
      rootPassword: 'lab-root-secret',
      indexProfile: resolveIndexProfile('salford-indexed'),
      entries: ENTRIES,
    };
    assert.equal(config.rootDn, 'cn=Directory Manager');

    await driver.configure(config, signal);
    lap('configure (unzip + setup + settings)');
    const setupLog = readFileSync(layout.setupLog, 'utf8');
    for (const m of setupLog.matchAll(/\] (unpacked .* in [\d.]+ s|setup took [\d.]+ s)/g)) {
      t.diagnostic(`  ${(m[1] as string).replace(/unpacked .* in/, 'unzip')}`);
    }
    assert.ok(existsSync(layout.configLdif));
    const configText = readFileSync(layout.configLdif, 'utf8');
    assert.match(configText, /dn: ds-cfg-attribute=cn,cn=Index,ds-cfg-backend-id=userRoot/);
    assert.doesNotMatch(
      configText,
      /dn: ds-cfg-attribute=telephoneNumber,cn=Index/,
      'setup indexes beyond the profile are gone',
    );

    const progress: number[] = [];
    await driver.bulkLoad(config, {
      ldifPath,
      logPath: join(labDir, 'load.log'),
      signal,
      onProgress: (f) => progress.push(f),
    });
    lap('bulk load (import-ldif --offline)');
    assert.equal(progress.at(-1), 1);
    assert.ok(
      progress.every((f, i) => i === 0 || f >= (progress[i - 1] as number)),
      'progress never goes back',
    );
    assert.match(
      readFileSync(join(labDir, 'load.log'), 'utf8'),
      /imported 10012, skipped 0, rejected 0/,
    );

    const server = await driver.start(config, {
      persistent: false,
      logPath: join(labDir, 'server.log'),
      signal,
      timeoutMs: 90_000,
    });
    started.push(server);
    lap('start (until it answers LDAP)');
    assert.equal(server.url, `ldap://127.0.0.1:${config.port}`);
    assert.ok(driver.isLabProcess(server.pid, labDir), 'the PID is the lab server');
    assert.match(
      readFileSync(`/proc/${server.pid}/cmdline`, 'utf8'),
      /java.*org\.opends\.server\.core\.DirectoryServer/,
      'the PID is the JVM itself, what CPU and RSS sampling should watch',
    );
    assert.deepEqual(listeningAddresses(config.port), ['127.0.0.1'], 'LDAP on loopback only');

    await withClient(server.url, async (client) => {
      await client.bind(config.rootDn, config.rootPassword);
      const all = await client.search(SALFORD_SUFFIX, {
        scope: 'sub',
        filter: '(objectClass=*)',
        attributes: ['1.1'],
        timeLimit: 0,
      });
      assert.equal(all.searchEntries.length, ENTRIES + HEADER_ENTRIES);

      const person = salfordPersonAttributes(spec, 4321);
      const exact = await client.search(SALFORD_BASE_DN, {
        scope: 'sub',
        filter: `(cn=${person['cn'] as string})`,
        attributes: ['cn', 'userPassword'],
      });
      const found = exact.searchEntries.find(
        (e) => e.dn.toLowerCase() === (person['dn'] as string).toLowerCase(),
      );
      assert.ok(found, `cn=${person['cn'] as string} finds ${person['dn'] as string}`);
      // Plain-text passwords in the LDIF are stored hashed by the import.
      const stored = String(found['userPassword']);
      assert.match(stored, /^\{[A-Z0-9-]+\}/);
      assert.notEqual(stored, salfordPersonPassword(spec, 4321));
    });
    lap('root searches');

    // Anonymous: every person (no size limit, unindexed-search allowed); passwords hidden.
    await withClient(server.url, async (client) => {
      const persons = await client.search(SALFORD_BASE_DN, {
        scope: 'sub',
        filter: '(objectClass=person)',
        attributes: ['userPassword'],
        timeLimit: 0,
      });
      assert.equal(persons.searchEntries.length, ENTRIES);
      assert.deepEqual(
        persons.searchEntries.flatMap((e) => [e['userPassword'] ?? []].flat()),
        [],
        'no passwords for anonymous',
      );
    });
    await withClient(server.url, async (client) => {
      await client.bind(salfordPersonDn(spec, 42), salfordPersonPassword(spec, 42));
      await assert.rejects(client.bind(salfordPersonDn(spec, 42), 'wrong'));
    });
    await withClient(server.url, async (client) => {
      const uid = salfordPersonAttributes(spec, 77)['uid'] as string;
      await client.bind('PLAIN', `\u0000u:${uid}\u0000${salfordPersonPassword(spec, 77)}`);
    });
    lap('anonymous search, simple and SASL PLAIN binds');

    const counts = await withClient(server.url, async (client) => {
      await client.bind(config.rootDn, config.rootPassword);
      assert.ok(driver.operationCounts !== undefined);
      return driver.operationCounts(client);
    });
    t.diagnostic(`operation counts: ${JSON.stringify(counts)}`);
    // waitForLdap's probe, 2 root searches and 1 anonymous search (this monitor read is still in
    // progress, so not counted); 4 binds (one refused) and this connection's root bind.
    assert.ok((counts['search'] ?? 0) >= 4, `searches counted: ${counts['search']}`);
    assert.ok((counts['bind'] ?? 0) >= 5, `binds counted: ${counts['bind']}`);

    const version = await driver.version();
    assert.match(version ?? '', /^OpenDJ \d+\.\d+\.\d+/);
    t.diagnostic(`version: ${version}`);

    const diskKb = Number(execFileSync('du', ['-sk', labDir], { encoding: 'utf8' }).split('\t')[0]);
    const dbKb = Number(
      execFileSync('du', ['-sk', layout.dbDir], { encoding: 'utf8' }).split('\t')[0],
    );
    t.diagnostic(
      `disk: lab ${Math.round(diskKb / 1024)} MB, of which database ${Math.round(dbKb / 1024)} MB`,
    );

    lapStart = performance.now();
    assert.equal(await driver.stop(server.pid, labDir), 'stopped');
    lap('stop (SIGTERM, clean shutdown)');
    assert.ok(
      await pollUntil(() => processesNaming(layout.installDir).length === 0, 10_000),
      `processes of the lab left: ${processesNaming(layout.installDir).join(', ')}`,
    );
    assert.equal(driver.isLabProcess(server.pid, labDir), false);
    assert.equal(
      await driver.stop(server.pid, labDir),
      'not-running',
      'stopping twice is harmless',
    );

    // The watchdog: when this process goes away its pipe closes and the JVM gets SIGTERM.
    const again = await driver.start(config, {
      persistent: false,
      logPath: join(labDir, 'server.log'),
      signal,
      timeoutMs: 90_000,
    });
    started.push(again);
    lap('second start');
    again.child.stdin?.destroy();
    assert.ok(
      await pollUntil(() => processesNaming(layout.installDir).length === 0, 30_000),
      `the JVM outlived its watchdog's pipe: ${processesNaming(layout.installDir).join(', ')}`,
    );
    lap('JVM exit after the owner went away');

    driver.removeData(labDir);
    assert.equal(existsSync(layout.dbDir), false, 'database deleted');
    assert.ok(existsSync(layout.configLdif), 'configuration kept');
    assert.ok(existsSync(layout.errorLog), 'server log kept');
    t.diagnostic(`timings: ${timings.join('; ')}`);
  },
);
