// `dirbench responder` end to end: a responder with a service model of known capacity, started as
// its own process, driven past that capacity by `dirbench run`, then stopped by PID.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
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

test('4 slots of 500 us serve a closed load well above capacity at 8,000 ops/s, and SIGTERM exits 0', async () => {
  const responder = await startResponderCli(['--slots', '4', '--service-us', '500'], 15_000);
  const { listening } = responder;
  assert.match(listening.url, /^ldap:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(listening.slots, 4);
  assert.equal(listening.serviceUs, 500);
  assert.equal(listening.capacityOpsPerSec, 8000);

  // 32 connections keep the 4 slots busy through the release timer's lateness (about 8 answers a
  // millisecond): the closed load is well above what the slots can serve.
  const run = await runCli(
    [
      ...['run', '--target', listening.url, '--base', listening.baseDn],
      ...['--connections', '32', '--workers', '1', '--warmup', '1', '--duration', '4', '--json'],
    ],
    dataDir,
    30_000,
  );
  assert.equal(run.code, 0, run.stderr);
  const summary = JSON.parse(run.stdout) as { opsPerSec: number; errors: number };
  assert.equal(summary.errors, 0);
  assert.ok(
    summary.opsPerSec >= 8000 * 0.9,
    `${summary.opsPerSec} ops/s is more than 10% below the capacity of 8,000`,
  );
  // Window edges may catch a batch of answers more or less: a little noise, never a faster server.
  assert.ok(
    summary.opsPerSec <= 8000 * 1.02,
    `${summary.opsPerSec} ops/s is above the capacity of 8,000`,
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
