// `dirbench responder` end to end: a responder with a service model of known capacity, started as
// its own process, driven past that capacity by `dirbench run`, then stopped by PID.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import Database from 'better-sqlite3';
import { median } from '../../src/core/runner/median.ts';
import { CLI, runCli } from './cliHarness.ts';
import { runInProcess } from './inProcessCli.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-responder-test-'));
const children: ChildProcessWithoutNullStreams[] = [];

after(() => {
  // A test that failed before stopping its responder: it goes now, by its PID.
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined)
      process.kill(child.pid, 'SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** The rate of each measured second of run `runId` (ops/s), from the run's stored samples. */
function measuredRates(runId: string): number[] {
  const db = new Database(path.join(dataDir, 'dirbench.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare(
        "SELECT ops, interval_ms FROM run_samples WHERE run_id = ? AND phase = 'measured' ORDER BY second",
      )
      .all(runId) as { ops: number; interval_ms: number }[];
    assert.ok(rows.length >= 4, `${rows.length} measured seconds`);
    return rows.map((row) => (row.ops * 1000) / row.interval_ms);
  } finally {
    db.close();
  }
}

/** What `dirbench responder --json` prints once it listens. */
interface Listening {
  url: string;
  port: number;
  baseDn: string;
  slots: number | null;
  serviceUs: number | null;
  capacityOpsPerSec: number | null;
}

/** A `dirbench responder` process, its first stdout line (the JSON) and how it ends. */
interface Started {
  child: ChildProcessWithoutNullStreams;
  listening: Listening;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Starts `dirbench responder ARGS --json` and waits (at most `timeoutMs`) for its JSON line. */
async function startResponderCli(args: string[], timeoutMs: number): Promise<Started> {
  const child = spawn(process.execPath, [
    CLI,
    'responder',
    ...args,
    '--json',
    '--data-dir',
    dataDir,
  ]);
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no URL after ${timeoutMs} ms: ${stderr}`)),
      timeoutMs,
    );
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const end = stdout.indexOf('\n');
      if (end < 0) return;
      clearTimeout(timer);
      resolve(stdout.slice(0, end));
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`responder exited ${code} before listening: ${stderr}`));
    });
  });
  return { child, listening: JSON.parse(line) as Listening, stderr: () => stderr, exited };
}

test('4 slots of 500 us serve a closed load well above capacity at 8,000 ops/s, and SIGTERM exits 0', async (t) => {
  const responder = await startResponderCli(['--slots', '4', '--service-us', '500'], 15_000);
  const { listening } = responder;
  assert.match(listening.url, /^ldap:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(listening.slots, 4);
  assert.equal(listening.serviceUs, 500);
  assert.equal(listening.capacityOpsPerSec, 8000);

  // 32 connections x depth 8: 256 requests in flight, 32 ms of the slots' work queued, keep the
  // slots busy through the release timer's lateness and short pauses of a busy machine.
  const inFlight = 32 * 8;
  const run = await runCli(
    [
      ...['run', '--target', listening.url, '--base', listening.baseDn, '--connections', '32'],
      ...['--depth', '8', '--workers', '1', '--warmup', '1', '--duration', '6', '--json'],
    ],
    dataDir,
    30_000,
  );
  assert.equal(run.code, 0, run.stderr);
  const summary = JSON.parse(run.stdout) as { runId: string; opsPerSec: number; errors: number };
  assert.equal(summary.errors, 0);
  const perSecond = measuredRates(summary.runId);
  const medianRate = median(perSecond);
  const shown = `per second: ${perSecond.map((r) => Math.round(r)).join(', ')}; overall ${summary.opsPerSec}`;
  t.diagnostic(shown);
  // The median second: a second in which a loaded machine paused the responder (its slots then
  // idle, as a real server's would) does not decide it.
  assert.ok(
    medianRate >= 8000 * 0.9,
    `median ${medianRate} ops/s is more than 10% below 8,000 (${shown})`,
  );
  // Never faster than the slots: a little noise from window edges, and at most the answers in
  // flight released together after a pause.
  assert.ok(medianRate <= 8000 * 1.02, `median ${medianRate} ops/s is above 8,000 (${shown})`);
  assert.ok(summary.opsPerSec <= 8000 * 1.02, `above 8,000 ops/s (${shown})`);
  assert.ok(
    Math.max(...perSecond) <= 8000 * 1.02 + inFlight,
    `a second above 8,000 ops/s (${shown})`,
  );

  // A second responder on the same port is refused on one line naming --port and the way out.
  const taken = await runInProcess(['responder', '--port', String(listening.port)], dataDir);
  assert.equal(taken.code, 2, taken.stderr);
  assert.match(
    taken.stderr,
    /^dirbench: --port: port \d+ on 127\.0\.0\.1 is in use: pick another --port, or 0 for a free one\n$/,
  );

  assert.ok(responder.child.pid !== undefined);
  process.kill(responder.child.pid, 'SIGTERM');
  assert.equal(await responder.exited, 0, responder.stderr());
  assert.match(responder.stderr(), /SIGTERM: stopping the responder/);
});

test('--slots without --service-us and out-of-range numbers are refused with exit 2', async () => {
  const alone = await runInProcess(['responder', '--slots', '4'], dataDir);
  assert.equal(alone.code, 2);
  assert.match(alone.stderr, /--slots goes with --service-us: give both/);
  const zero = await runInProcess(['responder', '--slots', '0', '--service-us', '500'], dataDir);
  assert.equal(zero.code, 2);
  assert.match(zero.stderr, /--slots must be between 1 and 10000, got 0/);
});
