// Honest outcomes through the real CLI: a run that lost its server exits 1 as failed; thresholds
// exit 3 naming each breach; --junit writes XML the JUnit schema accepts (run and matrix run).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { junitSchemaPath } from '../setup/junitSchema.ts';
import { runCli } from './cliHarness.ts';
import { startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';
import { runArgs, startCli, storedRuns, waitForSampleRows } from './fault-harness.ts';

let dataDir: string;

before(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dirbench-cli-gates-'));
});
after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Checks `file` against the Jenkins xUnit plugin's JUnit schema with xmllint. */
function assertValidJunit(file: string): void {
  const schema = junitSchemaPath();
  assert.ok(existsSync(schema), `no JUnit schema at ${schema}: run npm run test:setup`);
  const check = spawnSync('xmllint', ['--noout', '--schema', schema, file], { encoding: 'utf8' });
  assert.equal(check.status, 0, `xmllint: ${check.stderr}`);
  assert.match(check.stderr, /validates/);
}

/** The one JSON object a --json command printed. */
function json(stdout: string): Record<string, unknown> {
  return JSON.parse(stdout) as Record<string, unknown>;
}

const LAB = ['--lab', 'openldap', '--entries', '1000', '--warmup', '0', '--duration', '2'];

test('the server killed 4 s into a 10 s run: the run fails as lost and the CLI exits 1', async () => {
  const slapd: TestSlapd = await startTestSlapd(300);
  const dbFile = path.join(dataDir, 'lost.sqlite');
  try {
    const cli = startCli(runArgs(slapd.url, dbFile, 10), dataDir, 60_000);
    await waitForSampleRows(dbFile, 4, 30_000);
    process.kill(slapd.pid, 'SIGKILL');
    const result = await cli.result;
    assert.equal(result.code, 1, result.stderr);
    const summary = json(result.stdout);
    assert.equal(summary.status, 'failed');
    assert.match(
      String(summary.endReason),
      /^the server was lost: no operation succeeded in the last [56] s of load while \d+ failed/,
    );
    // --json keeps stdout for the JSON; the failure still has its line on stderr.
    assert.match(result.stderr, /^dirbench: run run-\w+ failed: the server was lost: /m);
    assert.ok(Number(summary.errors) > 0, 'the errors are counted');
    assert.ok(Number(summary.ops) > 0, 'the seconds before the kill are measured');
    const [stored] = storedRuns(dbFile);
    assert.equal(stored?.status, 'failed');
    assert.deepEqual(stored?.seconds, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 'every second is kept');
  } finally {
    await slapd.stop();
  }
});

test('a breached threshold exits 3 naming it, keeps the verdicts with the run and writes JUnit the schema accepts', async () => {
  const junit = path.join(dataDir, 'run-junit.xml');
  const result = await runCli(
    [
      'run',
      ...LAB,
      '--threshold',
      'p99<1us',
      '--threshold',
      'errors<=0',
      '--junit',
      junit,
      '--json',
    ],
    dataDir,
    90_000,
  );
  assert.equal(result.code, 3, result.stderr);
  assert.match(
    result.stderr,
    /dirbench: threshold breached: p99<1us \(p99 was [\d.]+ (us|ms); run run-/,
  );
  const summary = json(result.stdout);
  assert.equal(summary.status, 'completed');
  assert.deepEqual(
    (summary.thresholds as { expression: string; passed: boolean }[]).map((t) => [
      t.expression,
      t.passed,
    ]),
    [
      ['p99<1us', false],
      ['errors<=0', true],
    ],
  );
  assertValidJunit(junit);
  const xml = readFileSync(junit, 'utf8');
  assert.match(xml, /<testsuite name="dirbench run" tests="1" failures="1" errors="0"/);
  assert.match(xml, /<failure type="threshold" message="threshold p99&lt;1us breached: p99 was /);

  // The stored run says the same in the history and the run's own record.
  const list = await runCli(['runs', 'show', String(summary.runId), '--json'], dataDir, 30_000);
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /"thresholdResults"/);
});

test('thresholds that hold exit 0; a workload file carries its own', async () => {
  const workloadFile = path.join(dataDir, 'gated.json');
  writeFileSync(
    workloadFile,
    JSON.stringify({
      id: 'user/gated',
      title: 'Gated read',
      operations: [
        {
          label: 'read',
          weight: 1,
          operation: {
            kind: 'search',
            base: '[entry:dn]',
            scope: 'base',
            filter: '(objectClass=*)',
            attributes: [],
          },
        },
      ],
      thresholds: ['read.p99<60s', 'errorRate<1%'],
    }),
  );
  const result = await runCli(
    ['run', ...LAB, '--workload-file', workloadFile, '--threshold', 'opsPerSec>=1', '--json'],
    dataDir,
    90_000,
  );
  assert.equal(result.code, 0, result.stderr);
  assert.deepEqual(
    (json(result.stdout).thresholds as { expression: string; passed: boolean }[]).map(
      (t) => `${t.expression} ${t.passed}`,
    ),
    ['read.p99<60s true', 'errorRate<1% true', 'opsPerSec>=1 true'],
  );
});

test('matrix run: a breach in any cell exits 3; the JUnit report has a case per cell', async () => {
  const matrixFile = path.join(dataDir, 'gate.matrix.json');
  writeFileSync(
    matrixFile,
    JSON.stringify({
      name: 'gate',
      servers: [{ lab: 'openldap' }],
      sizes: [1000],
      indexProfiles: ['salford-indexed'],
      workloads: ['read-random'],
      connections: [1, 2],
      repeats: 1,
      warmupS: 0,
      durationS: 1,
      thresholds: ['errors<=0'],
    }),
  );
  const junit = path.join(dataDir, 'matrix-junit.xml');
  const result = await runCli(
    ['matrix', 'run', matrixFile, '--threshold', 'p99<1us', '--junit', junit, '--json'],
    dataDir,
    120_000,
  );
  assert.equal(result.code, 3, result.stderr);
  const campaign = json(result.stdout);
  assert.equal(campaign.status, 'completed');
  assert.deepEqual(
    (campaign.cells as { thresholdsBreached: number }[]).map((c) => c.thresholdsBreached),
    [1, 1],
  );
  assert.equal(result.stderr.match(/threshold breached: p99<1us/g)?.length, 2);
  assertValidJunit(junit);
  assert.match(
    readFileSync(junit, 'utf8'),
    /<testsuite name="dirbench matrix gate" tests="2" failures="2" errors="0" skipped="0"/,
  );
});
