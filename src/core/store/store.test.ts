import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import type { RunConfig, RunEnvironment, RunSample } from '../../shared/types.ts';
import { ApiError } from '../../shared/errors.ts';
import { openDatabase } from './database.ts';
import { MIGRATIONS } from './migrations.ts';
import { RunsRepo } from './runsRepo.ts';
import { TargetsRepo, publicTarget } from './targetsRepo.ts';
import { READ_RANDOM } from '../workload/builtin.ts';

function tempDb(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-store-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'sub', 'db.sqlite');
}

const config: RunConfig = {
  targetId: 'tgt-1',
  workload: 'read-random',
  workloadSpec: READ_RANDOM,
  connections: 4,
  depth: 2,
  warmupS: 1,
  durationS: 2,
  workers: 1,
  tcpNoDelay: true,
  seed: 1,
  targetName: 'lab',
  url: 'ldap://127.0.0.1:1389',
  startTls: false,
  bindDn: 'cn=admin,c=gb',
  baseDn: 'o=Salford,c=gb',
  entries: 1000,
  loadModel: 'closed',
  connectionPolicy: { kind: 'persistent' },
  targetOpsPerSec: null,
  rateProfile: null,
  cooldownS: 0,
};

const environment = {
  dirbenchVersion: '0.1.0',
  rootDse: null,
  lab: null,
} as unknown as RunEnvironment;

function sample(second: number, ops: number): RunSample {
  return {
    second,
    phase: second < 1 ? 'warmup' : 'measured',
    intervalMs: 1000,
    ops,
    errors: 1,
    errorsByCode: { busy: 1 },
    entries: ops,
    latencyUs: { p50: 100, p90: 200, p99: 300, p999: 400, max: 500, mean: 120 },
  };
}

test('migrations create the schema and set user_version; reopening is a no-op', (t) => {
  const file = tempDb(t);
  openDatabase(file).close();
  const db = openDatabase(file);
  assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.length);
  assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
  db.close();
});

test('a database from a newer DirBench is refused, not rolled back', (t) => {
  const file = tempDb(t);
  openDatabase(file).close();
  const raw = new Database(file);
  raw.pragma(`user_version = ${MIGRATIONS.length + 5}`);
  raw.close();
  assert.throws(
    () => openDatabase(file),
    (err: unknown) => err instanceof ApiError && /newer DirBench/.test(err.message),
  );
});

test('targets keep their password on edit when none is given, and never expose it publicly', (t) => {
  const db = openDatabase(tempDb(t));
  t.after(() => db.close());
  const repo = new TargetsRepo(db);
  const created = repo.save({
    name: 'a',
    url: 'ldap://h:389',
    startTls: false,
    bindDn: 'cn=x',
    password: 's3cret',
    baseDn: 'o=x',
  });
  const edited = repo.save({
    id: created.id,
    name: 'b',
    url: 'ldap://h:389',
    startTls: true,
    bindDn: 'cn=x',
    baseDn: 'o=x',
  });
  assert.equal(repo.password(edited), 's3cret');
  assert.equal(edited.name, 'b');
  assert.equal(edited.startTls, true);
  const pub = publicTarget(edited);
  assert.equal(pub.hasPassword, true);
  assert.equal('password' in pub, false);
  repo.delete(created.id);
  assert.throws(() => repo.get(created.id), /no target/);
});

test('runs store per-second samples and read back in order with the summary', (t) => {
  const db = openDatabase(tempDb(t));
  t.after(() => db.close());
  const runs = new RunsRepo(db);
  runs.create('run-1', config, environment);
  for (const s of [0, 1, 2])
    runs.appendSample('run-1', sample(s, 1000 + s), Buffer.from(`h${s}`).toString('base64'));
  const summary = {
    opsPerSec: 1001.5,
    ops: 2003,
    errors: 2,
    errorsByCode: { busy: 2 },
    entriesPerOp: 1,
    measuredS: 2,
    latencyUs: { p50: 100, p90: 200, p99: 300, p999: 400, max: 500, mean: 120 },
  };
  runs.finish('run-1', 'completed', null, summary, null);
  const detail = runs.get('run-1');
  assert.equal(detail.status, 'completed');
  assert.deepEqual(
    detail.samples.map((s) => s.second),
    [0, 1, 2],
  );
  assert.deepEqual(detail.samples[1], sample(1, 1001));
  assert.deepEqual(detail.summary, summary);
  assert.equal(runs.list()[0]?.opsPerSec, 1001.5);
  assert.equal(runs.list()[0]?.p99Us, 300);
  assert.equal(detail.thresholdResults, null, 'no thresholds: none checked');
  assert.equal(runs.list()[0]?.thresholdsBreached, null);
});

test('threshold verdicts are stored with the run and the history row counts the breaches', (t) => {
  const db = openDatabase(tempDb(t));
  t.after(() => db.close());
  const runs = new RunsRepo(db);
  runs.create('run-1', { ...config, thresholds: ['p99<1us', 'errors<10'] }, environment);
  const results = [
    { expression: 'p99<1us', actual: 300, passed: false, detail: 'p99 was 300 us' },
    { expression: 'errors<10', actual: 2, passed: true, detail: 'errors was 2' },
  ];
  runs.finish('run-1', 'completed', null, null, null, results);
  assert.deepEqual(runs.get('run-1').thresholdResults, results);
  assert.deepEqual(runs.get('run-1').config.thresholds, ['p99<1us', 'errors<10']);
  assert.equal(runs.list()[0]?.thresholdsBreached, 1);
  assert.equal(runs.listItem('run-1').thresholdsBreached, 1);
});

test('runs left running by a dead process become interrupted, keeping their samples', (t) => {
  const db = openDatabase(tempDb(t));
  t.after(() => db.close());
  const runs = new RunsRepo(db);
  runs.create('run-2', config, environment);
  runs.setStatus('run-2', 'running');
  runs.appendSample('run-2', sample(0, 10), '');
  db.prepare('UPDATE runs SET owner_pid = 999999999 WHERE id = ?').run('run-2');
  assert.equal(
    runs.markInterrupted(() => false),
    1,
  );
  const detail = runs.get('run-2');
  assert.equal(detail.status, 'interrupted');
  assert.equal(detail.samples.length, 1);
});

test('per-second extras (telemetry, counters, open-model figures) round-trip', (t) => {
  const db = openDatabase(tempDb(t));
  t.after(() => db.close());
  const runs = new RunsRepo(db);
  runs.create('run-3', config, environment);
  const extended: RunSample = {
    ...sample(1, 500),
    scheduledOps: 510,
    behindSchedule: 10,
    intendedLatencyUs: { p50: 150, p90: 250, p99: 900, p999: 1000, max: 1200, mean: 170 },
    connectionsOpened: 4,
    reconnects: 1,
    workers: [
      {
        worker: 0,
        cpuPercent: 55.5,
        eventLoopUtilization: 0.6,
        eventLoopDelayP99Us: 1200,
        outstanding: 8,
      },
    ],
    server: { cpuPercent: 80, rssMb: 120.5 },
  };
  runs.appendSample('run-3', extended, '', Buffer.from('intended').toString('base64'));
  runs.appendSample('run-3', sample(2, 600), '');
  const [first, second] = runs.samples('run-3');
  assert.deepEqual(first, extended);
  assert.deepEqual(second, sample(2, 600));
});
