// `dirbench calibrate` end to end: the CLI starts its responder, runs the engine against it and prints a ceiling.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { runCli } from './cliHarness.ts';
import type { CliResult } from './cliHarness.ts';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-calibrate-test-'));

after(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the CLI in this test's data folder. */
function cli(args: string[], timeoutMs: number): Promise<CliResult> {
  return runCli(args, dataDir, timeoutMs);
}

test('calibrate prints a ceiling in the thousands as JSON and leaves no run behind', async () => {
  const tmpBefore = new Set(
    readdirSync(os.tmpdir()).filter((n) => n.startsWith('dirbench-calibrate-')),
  );
  const { code, stdout, stderr } = await cli(
    [
      'calibrate',
      '--workload',
      'read-random',
      '--warmup',
      '1',
      '--duration',
      '3',
      '--connections',
      '4',
      '--json',
    ],
    30_000,
  );
  assert.equal(code, 0, stderr);
  const result = JSON.parse(stdout) as Record<string, unknown>;
  assert.equal(result.workload, 'read-random');
  assert.equal(result.connections, 4);
  assert.equal(result.depth, 1);
  assert.ok(typeof result.workers === 'number' && result.workers >= 1);
  const ceiling = result.ceilingOpsPerSec as number;
  assert.ok(ceiling >= 1000, `ceiling ${ceiling} ops/s is below a thousand`);
  const latency = result.latencyUs as { p50: number; p99: number };
  assert.ok(latency.p50 > 0 && latency.p99 >= latency.p50);
  // Calibration is not a benchmark of a server: no run lands in history, only the ceiling,
  // which later runs with the same settings are compared with.
  const db = new Database(path.join(dataDir, 'dirbench.sqlite'), { readonly: true });
  try {
    assert.equal((db.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n, 0);
    const row = db.prepare('SELECT * FROM calibrations').get() as Record<string, unknown>;
    assert.equal(row.connections, 4);
    assert.equal(row.policy, 'persistent');
    assert.equal(Math.round(row.ceiling_ops_per_sec as number), Math.round(ceiling));
  } finally {
    db.close();
  }
  const leftovers = readdirSync(os.tmpdir()).filter(
    (n) =>
      n.startsWith('dirbench-calibrate-') &&
      !n.startsWith('dirbench-calibrate-test-') &&
      !tmpBefore.has(n),
  );
  assert.deepEqual(leftovers, []);
});

test('calibrate prints the ceiling as text by default', async () => {
  const { code, stdout, stderr } = await cli(
    ['calibrate', '--warmup', '0', '--duration', '1'],
    20_000,
  );
  assert.equal(code, 0, stderr);
  assert.match(stdout, /Load-generation ceiling for read-random on this machine: [\d,]+ ops\/s/);
});

test('calibrate refuses bad input with exit code 2', async () => {
  const unknown = await cli(['calibrate', '--workload', 'write-storm'], 10_000);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /--workload/);
  const target = await cli(['calibrate', '--target', 'ldap://127.0.0.1:1'], 10_000);
  assert.equal(target.code, 2);
  assert.match(target.stderr, /own responder/);
  const depth = await cli(['calibrate', '--depth', 'lots'], 10_000);
  assert.equal(depth.code, 2);
});
