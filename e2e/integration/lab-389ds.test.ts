// A real 389 Directory Server lab through its driver: configure, bulk load 10,000 Salford entries
// with ldif2db, serve on loopback, search and bind, stop; nothing may be left running or outside
// the lab directory, and a PID that is not the lab's server is never signalled.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { Client, InvalidCredentialsError } from 'ldapts';
import {
  salfordPersonDn,
  salfordPersonPassword,
  writeSalfordLdif,
} from '../../src/core/datagen/salford.ts';
import { SALFORD_BASE_DN, SALFORD_SUFFIX } from '../../src/core/datagen/salfordWords.ts';
import type { LabDriver, LabServerConfig, RunningServer } from '../../src/core/lab/driver.ts';
import { createDs389Driver } from '../../src/core/lab/ds389/index.ts';
import { ds389Availability } from '../../src/core/lab/ds389/install.ts';
import { ds389Layout } from '../../src/core/lab/ds389/layout.ts';
import { labNsSlapdPids } from '../../src/core/lab/ds389/process.ts';
import { freePort } from '../../src/core/lab/freePort.ts';
import { processAlive, processMatches } from '../../src/core/lab/processes.ts';
import { validateIndexProfiles } from '../../src/core/workload/catalogs.ts';

type TestContext = { after: (fn: () => Promise<void> | void) => void };

const availability = ds389Availability();
const skip = availability.available
  ? false
  : `389 Directory Server is not installed (${availability.detail})`;

const ENTRIES = 10_000;
/** Country, organization and ten organizational units above the persons. */
const HEADER_ENTRIES = 12;
const spec = { entries: ENTRIES, seed: 1 };

/** Where 389 DS keeps instances when installed the usual way; a lab must leave them alone. */
const SYSTEM_DIRS = [
  '/etc/dirsrv',
  '/var/lib/dirsrv',
  '/var/log/dirsrv',
  '/run/dirsrv',
  '/run/lock/dirsrv',
  '/var/lock/dirsrv',
];

/** Every path under the system directories (recursively), to compare before and after a lab. */
function systemFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      found.push(path);
      walk(path);
    }
  };
  for (const dir of SYSTEM_DIRS) walk(dir);
  return found.sort();
}

/** Files in /dev/shm naming this lab's instance (other labs may run on the machine meanwhile). */
function shmFilesOf(instanceName: string): string[] {
  try {
    return readdirSync('/dev/shm').filter((n) => n.includes(instanceName));
  } catch {
    return [];
  }
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ url, timeout: 30_000, connectTimeout: 5_000 });
  try {
    return await fn(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** A lab directory (with a space in its path, as on macOS) whose processes and files go afterwards. */
async function labSetup(t: TestContext): Promise<{ work: string; labDir: string }> {
  const work = await mkdtemp(join(tmpdir(), 'dirbench 389ds-it-'));
  const labDir = join(work, 'lab');
  await mkdir(labDir);
  const driver = createDs389Driver();
  t.after(async () => {
    // Whatever a failed assertion left running (server or ldif2db): by PID, verified by the driver.
    for (const pid of labNsSlapdPids(ds389Layout(labDir))) await driver.stop(pid, labDir, 5_000);
    await rm(work, { recursive: true, force: true });
  });
  return { work, labDir };
}

function salfordIndexed(): LabServerConfig['indexProfile'] {
  const file = join(import.meta.dirname, '..', '..', 'data', 'index-profiles.json');
  const profiles = validateIndexProfiles(JSON.parse(readFileSync(file, 'utf8')), file);
  const profile = profiles.find((p) => p.name === 'salford-indexed');
  assert.ok(profile, 'data/index-profiles.json has salford-indexed');
  return profile;
}

test(
  'a 10,000-entry 389 DS lab loads with ldif2db, serves searches and binds, and stops cleanly',
  { skip, timeout: 180_000 },
  async (t) => {
    const systemBefore = systemFiles();
    const { work, labDir } = await labSetup(t);
    const driver = createDs389Driver();
    assert.equal(driver.kind, '389ds');
    assert.equal(driver.title, '389 Directory Server');
    const layout = ds389Layout(labDir);

    const ldifPath = join(work, 'salford.ldif');
    await writeSalfordLdif(spec, ldifPath);
    const rootDn = driver.rootDn(SALFORD_SUFFIX);
    assert.equal(rootDn, 'cn=Directory Manager');
    const config: LabServerConfig = {
      labDir,
      port: await freePort(),
      suffix: SALFORD_SUFFIX,
      rootDn,
      rootPassword: 'lab root secret',
      indexProfile: salfordIndexed(),
      entries: ENTRIES,
    };
    const signal = new AbortController().signal;

    await driver.configure(config, signal);
    assert.ok(existsSync(layout.dseLdif), 'dse.ldif written under the lab');

    const progress: number[] = [];
    const loadLog = join(labDir, 'load.log');
    let started = performance.now();
    await driver.bulkLoad(config, {
      ldifPath,
      logPath: loadLog,
      signal,
      onProgress: (f) => progress.push(f),
    });
    const loadMs = performance.now() - started;
    assert.equal(progress.at(-1), 1, 'progress ends at 1');
    assert.deepEqual(
      progress,
      [...progress].sort((a, b) => a - b),
      'progress never goes back',
    );
    const log = readFileSync(loadLog, 'utf8');
    assert.match(log, new RegExp(`Processed ${ENTRIES + HEADER_ENTRIES} entries`));
    assert.doesNotMatch(log, /were skipped|Skipping entry/, 'ldif2db rejected no entry');
    // The profile decides the indexes: cn (eq, sub, pres) is built; telephoneNumber, indexed by
    // default in a new 389 DS backend, is not.
    assert.ok(existsSync(join(layout.backendDir, 'cn.db')), 'cn index built by the import');
    assert.ok(!existsSync(join(layout.backendDir, 'telephoneNumber.db')), 'no default index');

    started = performance.now();
    let server: RunningServer | null = await driver.start(config, {
      persistent: false,
      logPath: join(labDir, 'server.log'),
      signal,
      timeoutMs: 60_000,
    });
    const startMs = performance.now() - started;
    const running = server;
    await driver.afterLoad?.(config, running.url);
    t.after(async () => {
      if (server !== null) await driver.stop(server.pid, labDir, 5_000);
    });
    t.diagnostic(`load ${Math.round(loadMs)} ms, start ${Math.round(startMs)} ms`);
    assert.equal(running.url, `ldap://127.0.0.1:${config.port}`);
    assert.ok(driver.isLabProcess(running.pid, labDir), 'the pid is the lab server');
    assert.ok(!driver.isLabProcess(running.pid, join(work, 'another lab')));
    assert.ok(shmFilesOf(layout.instanceName).length <= 1, 'one statistics semaphore at most');

    // Anonymous reads: the whole tree, no passwords.
    await withClient(running.url, async (client) => {
      const all = await client.search(SALFORD_SUFFIX, {
        scope: 'sub',
        filter: '(objectClass=*)',
        attributes: ['1.1'],
      });
      assert.equal(all.searchEntries.length, ENTRIES + HEADER_ENTRIES);
      const persons = await client.search(SALFORD_BASE_DN, {
        scope: 'sub',
        filter: '(objectClass=person)',
        attributes: ['1.1'],
      });
      assert.equal(persons.searchEntries.length, ENTRIES);

      const dn = salfordPersonDn(spec, 1234);
      const cn = /^cn=([^,]+),/.exec(dn)?.[1];
      assert.ok(cn !== undefined);
      const exact = await client.search(SALFORD_BASE_DN, {
        scope: 'sub',
        filter: `(cn=${cn})`,
        attributes: ['cn', 'userPassword', 'mail'],
      });
      assert.equal(exact.searchEntries.length, 1);
      const [entry] = exact.searchEntries;
      assert.equal(entry?.dn.toLowerCase(), dn.toLowerCase());
      assert.ok(entry?.['mail'], 'attributes readable anonymously');
      assert.deepEqual([entry?.['userPassword'] ?? []].flat(), [], 'no password for anonymous');
    });

    // A person binds with the plain-text password of the LDIF; a wrong one is refused.
    await withClient(running.url, async (client) => {
      await client.bind(salfordPersonDn(spec, 42), salfordPersonPassword(spec, 42));
      const me = await client.search(salfordPersonDn(spec, 42), { scope: 'base' });
      assert.equal(me.searchEntries.length, 1);
    });
    await withClient(running.url, async (client) => {
      await assert.rejects(
        client.bind(salfordPersonDn(spec, 42), 'not the password'),
        InvalidCredentialsError,
      );
    });
    // SASL PLAIN with the person's uid, bare and in the RFC 4513 "u:" form.
    const uid = salfordUid(ldifPath, salfordPersonDn(spec, 7));
    for (const identity of [uid, `u:${uid}`]) {
      await withClient(running.url, async (client) => {
        await client.bind('PLAIN', `\u0000${identity}\u0000${salfordPersonPassword(spec, 7)}`);
      });
    }

    // The root DN binds, and the monitor counts operations by kind.
    await withClient(running.url, async (client) => {
      await client.bind(rootDn, config.rootPassword);
      const counts = await driver.operationCounts?.(client);
      assert.ok(counts !== undefined);
      assert.ok((counts['search'] ?? 0) >= 4, `searches counted: ${JSON.stringify(counts)}`);
      assert.ok((counts['bind'] ?? 0) >= 5, `binds counted: ${JSON.stringify(counts)}`);
      assert.equal(counts['add'], 0);
    });
    // Reading the counters the way the lab manager does costs one bind and one search, so that
    // client and server counts can be compared exactly.
    const readCounts = (): Promise<Record<string, number> | undefined> =>
      withClient(running.url, async (client) => {
        await client.bind(rootDn, config.rootPassword);
        return driver.operationCounts?.(client);
      });
    const first = await readCounts();
    const second = await readCounts();
    assert.ok(first !== undefined && second !== undefined);
    const delta = Object.fromEntries(
      Object.entries(second).map(([kind, n]) => [kind, n - (first[kind] ?? 0)]),
    );
    assert.deepEqual(delta, {
      bind: 1,
      search: 1,
      compare: 0,
      add: 0,
      delete: 0,
      modify: 0,
      modrdn: 0,
    });

    const version = await driver.version();
    assert.match(version ?? '', /^389 Directory Server \d+\.\d+/);

    started = performance.now();
    assert.equal(await driver.stop(running.pid, labDir), 'stopped');
    t.diagnostic(`stop ${Math.round(performance.now() - started)} ms`);
    server = null;
    // ns-slapd stays a zombie until its watchdog shell has reaped it; allow that a moment.
    for (let i = 0; i < 100 && processAlive(running.pid); i++) await delay(50);
    assert.equal(processAlive(running.pid), false);
    assert.equal(
      await driver.stop(running.pid, labDir),
      'not-running',
      'stopping twice is harmless',
    );
    assert.deepEqual(labNsSlapdPids(layout), [], 'no ns-slapd of this lab is left');
    const naming = readdirSync('/proc')
      .filter((e) => /^\d+$/.test(e))
      .map(Number)
      .filter((pid) => processMatches(pid, [layout.configDir]));
    assert.deepEqual(naming, [], 'no process names the lab configuration');
    assert.deepEqual(shmFilesOf(layout.instanceName), [], 'no semaphore left in /dev/shm');
    assert.deepEqual(systemFiles(), systemBefore, 'nothing written to the system 389 DS dirs');

    driver.removeData(labDir);
    assert.equal(existsSync(layout.dbDir), false, 'database deleted');
    assert.ok(existsSync(layout.dseLdif) && existsSync(layout.errorLog), 'config and logs kept');
  },
);

/** The uid of the person `dn` in the LDIF. */
function salfordUid(ldifPath: string, dn: string): string {
  const text = readFileSync(ldifPath, 'utf8');
  const at = text.indexOf(`dn: ${dn}\n`);
  assert.ok(at >= 0, `${dn} is in the LDIF`);
  const uid = /^uid: (.+)$/m.exec(text.slice(at, text.indexOf('\n\n', at)))?.[1];
  assert.ok(uid !== undefined, `${dn} has a uid`);
  return uid;
}

test(
  'stop never signals a PID that is not the lab server, even one naming the lab',
  { skip, timeout: 60_000 },
  async (t) => {
    const { work, labDir } = await labSetup(t);
    const driver = createDs389Driver();
    const layout = ds389Layout(labDir);
    // An unrelated process, and one whose arguments name this lab's ns-slapd (as the watchdog
    // shell's do) without being ns-slapd: both stand for a PID reused after the server stopped.
    const unrelated = spawn('sleep', ['60'], { stdio: 'ignore' });
    const impostor = spawn(
      '/bin/sh',
      ['-c', 'sleep 60; true', 'sh', '/usr/sbin/ns-slapd', '-D', layout.configDir, '-i', 'x'],
      { stdio: 'ignore' },
    );
    const children = [unrelated, impostor];
    assert.ok(
      processMatches(impostor.pid ?? 0, ['ns-slapd', `-D ${layout.configDir} `]),
      'the impostor names the lab the way its ns-slapd does',
    );
    t.after(() => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    });
    for (const child of children) {
      const pid = child.pid;
      assert.ok(pid !== undefined);
      assert.equal(driver.isLabProcess(pid, labDir), false);
      assert.equal(await driver.stop(pid, labDir, 500), 'not-running');
      assert.equal(await driver.stop(pid, join(work, 'elsewhere'), 500), 'not-running');
      assert.ok(processAlive(pid) && child.exitCode === null, 'still running: never signalled');
    }
    // A PID nobody has.
    const free = 2 ** 22 + 4_321;
    assert.equal(processAlive(free), false);
    assert.equal(await driver.stop(free, labDir, 500), 'not-running');
  },
);

/** A configured lab (nothing loaded), with its driver and configuration. */
async function configuredLab(
  t: TestContext,
  entries: number,
): Promise<{
  driver: LabDriver;
  config: LabServerConfig;
  work: string;
}> {
  const { work, labDir } = await labSetup(t);
  const driver = createDs389Driver();
  const config: LabServerConfig = {
    labDir,
    port: await freePort(),
    suffix: SALFORD_SUFFIX,
    rootDn: driver.rootDn(SALFORD_SUFFIX),
    rootPassword: 'lab root secret',
    indexProfile: salfordIndexed(),
    entries,
  };
  await driver.configure(config, new AbortController().signal);
  return { driver, config, work };
}

test(
  'a bulk load that skips entries fails with the entries named',
  { skip, timeout: 60_000 },
  async (t) => {
    const { driver, config, work } = await configuredLab(t, 20);
    const ldifPath = join(work, 'bad.ldif');
    await writeSalfordLdif({ entries: 20, seed: 1 }, ldifPath);
    // An entry whose parent does not exist and one of an unknown object class.
    const extra =
      'dn: cn=Orphan,ou=Nowhere,o=Salford,c=gb\nobjectClass: person\ncn: Orphan\nsn: Orphan\n\n' +
      'dn: cn=Odd,o=Salford,c=gb\nobjectClass: noSuchClass\ncn: Odd\n\n';
    await writeFile(ldifPath, extra, { flag: 'a' });
    const logPath = join(config.labDir, 'load.log');
    await assert.rejects(
      driver.bulkLoad(config, {
        ldifPath,
        logPath,
        signal: new AbortController().signal,
        onProgress: () => undefined,
      }),
      (err: unknown) => {
        assert.ok(err instanceof Error);
        assert.match(err.message, /skipped 2 entries/);
        assert.match(err.message, /Skipping entry "cn=Odd,o=Salford,c=gb"/);
        assert.ok(err.message.includes(logPath), 'names the full log');
        return true;
      },
    );
    assert.deepEqual(labNsSlapdPids(ds389Layout(config.labDir)), []);
  },
);

test('aborting a bulk load kills ldif2db', { skip, timeout: 120_000 }, async (t) => {
  const entries = 100_000;
  const { driver, config, work } = await configuredLab(t, entries);
  const ldifPath = join(work, 'big.ldif');
  await writeSalfordLdif({ entries, seed: 1 }, ldifPath);
  const controller = new AbortController();
  const layout = ds389Layout(config.labDir);
  let sawTool = false;
  const loading = driver.bulkLoad(config, {
    ldifPath,
    logPath: join(config.labDir, 'load.log'),
    signal: controller.signal,
    onProgress: () => {
      sawTool ||= labNsSlapdPids(layout).length > 0;
      controller.abort(new Error('stopped by the test'));
    },
  });
  await assert.rejects(loading, /stopped by the test/);
  assert.ok(sawTool, 'ldif2db ran');
  for (let i = 0; i < 100 && labNsSlapdPids(layout).length > 0; i++) await delay(50);
  assert.deepEqual(labNsSlapdPids(layout), [], 'ldif2db is gone');
});
