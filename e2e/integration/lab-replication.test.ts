// Replicated labs through the CLI: `lab start --replicas N` gives a supplier and N consumers, each
// its own server process; a run against the lab reports each consumer's replication lag, and a
// consumer stopped (SIGSTOP) for 3 s in the middle of the run shows it while the others do not.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import type { LabKind } from '../../src/shared/labTypes.ts';
import { ds389Availability } from '../../src/core/lab/ds389/install.ts';
import { openLdapAvailability } from '../../src/core/lab/openldap/install.ts';
import { openDjAvailability } from '../../src/core/lab/opendj/index.ts';
import { processAlive, processCommandLine } from '../../src/core/lab/processes.ts';
import { LagProbe } from '../../src/core/replication/lagProbe.ts';
import { CLI, runCli } from './cliHarness.ts';

/** What `lab start --json` prints of a lab that this test uses. */
interface StartedLab {
  id: string;
  pid: number;
  url: string;
  targetId: string;
  bindDn: string;
  suffix: string;
  passwordFile: string;
  replicas: { url: string; pid: number }[];
}

/** Whether `kind` runs here; the reason to skip otherwise. */
function skipUnless(kind: LabKind): string | false {
  const availability =
    kind === 'openldap'
      ? openLdapAvailability()
      : kind === 'opendj'
        ? // The CLI also finds the server zip in the local Maven repository.
          openDjAvailability({ softwareDir: join(tmpdir(), 'dirbench-software-none') })
        : ds389Availability();
  return availability.available ? false : `${kind} is not installed (${availability.detail})`;
}

/**
 * Starts a persistent replicated lab in a fresh data folder, destroyed after the test (stopped
 * consumers are let go on first, so the stop's SIGTERM reaches them).
 */
async function replicatedLab(
  t: { after: (fn: () => Promise<void>) => void },
  kind: LabKind,
  replicas: number,
): Promise<{ lab: StartedLab; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dirbench replication-it-'));
  let lab: StartedLab | null = null;
  t.after(async () => {
    for (const r of lab?.replicas ?? []) if (processAlive(r.pid)) process.kill(r.pid, 'SIGCONT');
    if (lab !== null) await runCli(['lab', 'destroy', lab.id], dataDir, 60_000);
    await rm(dataDir, { recursive: true, force: true });
  });
  const args = [
    'lab',
    'start',
    kind,
    '--entries',
    '2000',
    '--replicas',
    String(replicas),
    '--json',
  ];
  const started = await runCli(args, dataDir, 180_000);
  assert.equal(started.code, 0, started.stderr);
  lab = JSON.parse(started.stdout) as StartedLab;
  return { lab, dataDir };
}

/**
 * Runs salford/M.1 at 100 modifies a second (so healthy consumers keep up) for 1 + 10 s against
 * the lab's target, stopping consumer `stopped` for 3 s from the third measured second.
 */
async function runWithStoppedConsumer(
  lab: StartedLab,
  dataDir: string,
  stopped: { url: string; pid: number },
): Promise<Record<string, { p50: number; p99: number; max: number }>> {
  let stop: Promise<void> | null = null;
  const args = ['run', '--target', lab.targetId, '--workload', 'salford/M.1', '--rate', '100'];
  const run = await runCli(
    [...args, '--warmup', '1', '--duration', '10', '--json'],
    dataDir,
    90_000,
    (stderr) => {
      if (stop !== null || !/measured/.test(stderr)) return;
      stop = (async () => {
        await delay(2_000);
        process.kill(stopped.pid, 'SIGSTOP');
        await delay(3_000);
        process.kill(stopped.pid, 'SIGCONT');
      })();
    },
  );
  await stop;
  assert.equal(run.code, 0, run.stderr);
  const json = JSON.parse(run.stdout) as {
    errors: number;
    replicationLagMs: Record<string, { p50: number; p99: number; max: number }>;
    replicationLagResolutionMs: number;
    replicationLagMethods: Record<string, string>;
  };
  assert.equal(json.errors, 0);
  assert.equal(json.replicationLagResolutionMs, 100);
  // 389 DS and OpenDJ (both cn=Directory Manager) support persistent search; OpenLDAP is polled.
  const method = lab.bindDn === 'cn=Directory Manager' ? 'persistent search' : 'polling';
  for (const url of Object.keys(json.replicationLagMs))
    assert.equal(json.replicationLagMethods[url], method, url);
  return json.replicationLagMs;
}

/** PIDs of the node processes running the CLI whose command line holds `needle` (Linux /proc). */
function readdirPids(needle: string): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => {
      const cmd = processCommandLine(pid) ?? '';
      return cmd.includes(CLI) && cmd.includes(' run ') && cmd.includes(needle);
    });
}

/** Every process of the lab is gone after destroy (a stopped slapd stays a zombie a moment). */
async function assertAllGone(pids: number[]): Promise<void> {
  for (let i = 0; i < 100 && pids.some(processAlive); i++) await delay(50);
  assert.deepEqual(pids.filter(processAlive), [], 'no server process is left');
}

test(
  'OpenLDAP: two syncrepl consumers; the one stopped for 3 s shows a lag p99 of 2.5 s or more and, past a limit, an error naming it; the other does not',
  { timeout: 240_000, skip: skipUnless('openldap') },
  async (t) => {
    const { lab, dataDir } = await replicatedLab(t, 'openldap', 2);
    assert.equal(lab.replicas.length, 2);
    for (const r of lab.replicas) {
      assert.match(r.url, /^ldap:\/\/127\.0\.0\.1:\d+$/);
      assert.notEqual(r.url, lab.url);
      assert.ok(processAlive(r.pid), `replica ${r.url} runs`);
    }
    const [stopped, healthy] = lab.replicas as [
      StartedLab['replicas'][0],
      StartedLab['replicas'][0],
    ];
    const lag = await runWithStoppedConsumer(lab, dataDir, stopped);
    assert.deepEqual(Object.keys(lag).sort(), [stopped.url, healthy.url].sort());
    assert.ok((lag[stopped.url]?.p99 ?? 0) >= 2_500, `stopped consumer: ${JSON.stringify(lag)}`);
    assert.ok(
      (lag[healthy.url]?.p99 ?? Infinity) < 2_500,
      `healthy consumer: ${JSON.stringify(lag)}`,
    );

    // Past the limit (here 1.5 s) a consumer that stopped receiving is an error that names it.
    const bind = { bindDn: lab.bindDn, password: readFileSync(lab.passwordFile, 'utf8') };
    const probe = new LagProbe({
      supplier: { url: lab.url, ...bind },
      consumers: lab.replicas.map((r) => ({ url: r.url, ...bind })),
      markerDn: `cn=dirbench-lag-stall-test,${lab.suffix}`,
      stallLimitMs: 1_500,
    });
    await probe.start();
    await delay(1_000);
    process.kill(stopped.pid, 'SIGSTOP');
    await delay(3_000);
    process.kill(stopped.pid, 'SIGCONT');
    const outcome = await probe.stop();
    assert.deepEqual(Object.keys(outcome.errors), [stopped.url]);
    assert.match(outcome.errors[stopped.url] ?? '', /stopped receiving/);
    assert.ok(outcome.seconds.some((s) => s.consumer === healthy.url && s.markers > 0));

    // The supplier as a plain target the user groups with one consumer (--replica URL).
    const target = ['--target', lab.url, '--bind-dn', lab.bindDn, '--target-base', lab.suffix];
    const grouped = await runCli(
      [
        'run',
        ...target,
        '--password-file',
        lab.passwordFile,
        '--replica',
        healthy.url,
        ...['--workload', 'salford/M.1', '--rate', '50', '--warmup', '0', '--duration', '2'],
        '--json',
      ],
      dataDir,
      60_000,
    );
    assert.equal(grouped.code, 0, grouped.stderr);
    const groupedJson = JSON.parse(grouped.stdout) as { replicationLagMs: object };
    assert.deepEqual(Object.keys(groupedJson.replicationLagMs), [healthy.url]);

    const destroyed = await runCli(['lab', 'destroy', lab.id], dataDir, 60_000);
    assert.equal(destroyed.code, 0, destroyed.stderr);
    await assertAllGone([lab.pid, ...lab.replicas.map((r) => r.pid)]);
  },
);

test(
  'run --lab openldap --replicas 1 builds a throwaway replicated lab, reports its lag and leaves nothing running',
  { timeout: 120_000, skip: skipUnless('openldap') },
  async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dirbench replication-it-'));
    t.after(() => rm(dataDir, { recursive: true, force: true }));
    const args = ['run', '--lab', 'openldap', '--replicas', '1', '--entries', '2000'];
    const run = await runCli(
      [
        ...args,
        '--workload',
        'salford/M.1',
        '--rate',
        '50',
        '--warmup',
        '0',
        '--duration',
        '3',
        '--json',
      ],
      dataDir,
      90_000,
    );
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as { replicationLagMs: Record<string, { p99: number }> };
    const consumers = Object.keys(json.replicationLagMs);
    assert.equal(consumers.length, 1);
    assert.match(consumers[0] ?? '', /^ldap:\/\/127\.0\.0\.1:\d+$/);
    const list = await runCli(['lab', 'list', '--json'], dataDir, 30_000);
    const labs = JSON.parse(list.stdout) as { state: string; replicas: { pid: number | null }[] }[];
    assert.deepEqual(
      labs.map((l) => [l.state, l.replicas.map((r) => r.pid)]),
      [['stopped', [null]]],
      'the lab and its replica stopped with the run',
    );
  },
);

test(
  'a run --lab with a replica killed mid-run leaves no server; the next DirBench marks both stopped',
  { timeout: 120_000, skip: skipUnless('openldap') },
  async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dirbench replication-it-'));
    const pids: number[] = [];
    t.after(async () => {
      for (const pid of pids) if (processAlive(pid)) process.kill(pid, 'SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    });
    let killed = false;
    const args = ['run', '--lab', 'openldap', '--replicas', '1', '--entries', '500'];
    const run = runCli(
      [...args, '--workload', 'salford/M.1', '--rate', '20', '--warmup', '0', '--duration', '60'],
      dataDir,
      90_000,
      () => undefined,
    );
    // The lab as another DirBench sees it while the run goes: its server and replica PIDs.
    type Listed = { state: string; pid: number | null; replicas: { pid: number | null }[] };
    let listed: Listed | undefined;
    for (let i = 0; i < 120 && listed?.state !== 'running'; i++) {
      await delay(500);
      const list = await runCli(['lab', 'list', '--json'], dataDir, 30_000);
      listed = list.code === 0 ? (JSON.parse(list.stdout) as Listed[])[0] : undefined;
    }
    assert.ok(listed?.pid && listed.replicas[0]?.pid, JSON.stringify(listed));
    pids.push(listed.pid, listed.replicas[0].pid);
    // Killed outright: no handler runs; the servers' watchdogs stop them.
    for (const pid of readdirPids(`--data-dir ${dataDir}`)) {
      process.kill(pid, 'SIGKILL');
      killed = true;
    }
    assert.ok(killed, 'the run process was found');
    await run;
    await assertAllGone(pids);
    const after = await runCli(['lab', 'list', '--json'], dataDir, 30_000);
    const [lab] = JSON.parse(after.stdout) as Listed[];
    assert.equal(lab?.state, 'stopped');
    assert.deepEqual(
      lab?.replicas.map((r) => r.pid),
      [null],
    );
  },
);

/**
 * A one-consumer lab of `kind`: its consumer, stopped for 3 s in a throttled run, shows a lag p99
 * of 2.5 s or more; destroying the lab leaves no server process.
 */
async function stoppedConsumerShowsLag(t: TestContext, kind: LabKind): Promise<void> {
  const { lab, dataDir } = await replicatedLab(t, kind, 1);
  assert.equal(lab.replicas.length, 1);
  const consumer = lab.replicas[0] as StartedLab['replicas'][0];
  assert.ok(processAlive(consumer.pid));
  const lag = await runWithStoppedConsumer(lab, dataDir, consumer);
  t.diagnostic(`replication lag ms: ${JSON.stringify(lag)}`);
  assert.ok((lag[consumer.url]?.p99 ?? 0) >= 2_500, JSON.stringify(lag));

  const destroyed = await runCli(['lab', 'destroy', lab.id], dataDir, 90_000);
  assert.equal(destroyed.code, 0, destroyed.stderr);
  await assertAllGone([lab.pid, consumer.pid]);
}

test(
  '389 DS: a consumer initialized by its agreement; stopped for 3 s, it shows a lag p99 of 2.5 s or more',
  { timeout: 240_000, skip: skipUnless('389ds') },
  (t) => stoppedConsumerShowsLag(t, '389ds'),
);

test(
  'OpenDJ: a consumer initialized from the supplier over replication; stopped for 3 s, it shows a lag p99 of 2.5 s or more',
  { timeout: 240_000, skip: skipUnless('opendj') },
  (t) => stoppedConsumerShowsLag(t, 'opendj'),
);
