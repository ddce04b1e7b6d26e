// The CLI's guard and its exit codes in real processes: Ctrl-C and SIGTERM mid-run exit with the
// codes the exit-code table documents; an error nothing caught mid-run prints one line naming the
// run (its stack only with --debug), exits 1 and leaves the run stored as failed with that reason.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { EXIT_CODES } from '../../src/cli/commandSpec.ts';
import { withCliCore } from '../../src/cli/coreForCli.ts';
import { startResponder } from '../../src/core/responder/responder.ts';
import type { Responder } from '../../src/core/responder/responder.ts';
import type { WorkloadSpec } from '../../src/shared/workload.ts';
import { CLI, runCli } from './cliHarness.ts';
import type { CliLaunch, CliResult } from './cliHarness.ts';
import { runInProcess } from './inProcessCli.ts';

const FAIL_MID_RUN = fileURLToPath(new URL('./fixtures/failMidRun.ts', import.meta.url));
const CLI_TIMEOUT_MS = 60_000;
const BASE = 'o=x';

let responder: Responder;
let dataDir = '';

before(async () => {
  responder = await startResponder({ answerDelayMs: 1 });
  dataDir = mkdtempSync(join(tmpdir(), 'dirbench-guard-'));
});

after(async () => {
  await responder?.close();
  if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true });
});

/** A 30 s run (cut short by each test) of a searchrate-style search at 50 ops/s. */
function longRun(): string[] {
  return [
    ...['run', '--target', responder.url, '--target-base', BASE, '--op', 'search'],
    ...['--base', BASE, '--filter', '(uid=[1-9])', '--rate', '50'],
    ...['--warmup', '0', '--duration', '30', '--connections', '1', '--workers', '1'],
  ];
}

/** Runs the long run and, once its first progress line is out, does `act` to the process. */
function runAndAct(act: (pid: number) => void, launch: CliLaunch, extra: string[] = []) {
  let acted = false;
  return runCli(
    [...longRun(), ...extra],
    dataDir,
    CLI_TIMEOUT_MS,
    (stderr, pid) => {
      if (acted || !/^\[/m.test(stderr)) return;
      acted = true;
      act(pid);
    },
    launch,
  );
}

/** How stored run `runId` ended. */
async function storedRun(runId: string): Promise<{ status: string; endReason: string | null }> {
  const shown = await runInProcess(['runs', 'show', runId, '--json'], dataDir);
  assert.equal(shown.code, 0, shown.stderr);
  return JSON.parse(shown.stdout) as { status: string; endReason: string | null };
}

/** The id of the run a command printed. */
function runIdOf(result: CliResult): string {
  return /^Run (run-[0-9a-f]+)/m.exec(result.stderr)?.[1] ?? assert.fail(result.stderr);
}

/** The lines on stderr that report a failure. */
function failureLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('dirbench: '));
}

for (const [signal, code, meaning] of [
  ['SIGINT', 130, 'stopped by Ctrl-C'],
  ['SIGTERM', 143, 'stopped by SIGTERM'],
] as const) {
  test(`${signal} mid-run exits ${code}, the exit-code table's "${meaning}"; the run is stored stopped`, async () => {
    const result = await runAndAct((pid) => process.kill(pid, signal), { entry: CLI });
    assert.equal(result.code, code, result.stderr);
    assert.equal(EXIT_CODES.find((e) => e.code === code)?.meaning, meaning);
    assert.doesNotMatch(result.stderr, /^\s+at /m);
    const run = await storedRun(runIdOf(result));
    assert.equal(run.status, 'stopped');
    assert.equal(run.endReason, `stopped by ${signal}`);
  });
}

test('an error nothing catches mid-run: one line naming the run and --debug, exit 1, the run stored failed with it', async () => {
  const result = await runAndAct(() => undefined, {
    entry: CLI,
    nodeArgs: ['--import', FAIL_MID_RUN],
    env: { DIRBENCH_TEST_INJECT: 'throw' },
  });
  assert.equal(result.code, 1, result.stderr);
  assert.deepEqual(failureLines(result.stderr), [
    `dirbench: run --op search on ${responder.url}: TypeError: injected by the test (--debug prints the stack trace)`,
  ]);
  assert.doesNotMatch(result.stderr, /^\s+at /m);
  const run = await storedRun(runIdOf(result));
  assert.equal(run.status, 'failed');
  assert.equal(run.endReason, 'internal error: TypeError: injected by the test');
});

test('an unhandled rejection mid-run with --debug: the same line, then the stack trace', async () => {
  const result = await runAndAct(
    () => undefined,
    { entry: CLI, nodeArgs: ['--import', FAIL_MID_RUN], env: { DIRBENCH_TEST_INJECT: 'reject' } },
    ['--debug'],
  );
  assert.equal(result.code, 1, result.stderr);
  assert.match(
    result.stderr,
    new RegExp(
      `^dirbench: run --op search on ${responder.url}: TypeError: injected by the test\\n {4}at `,
      'm',
    ),
  );
  assert.equal((await storedRun(runIdOf(result))).status, 'failed');
});

test('a command that throws while its run goes on fails the run with that error, not "stopped"', async () => {
  const search: WorkloadSpec = {
    id: 'guard/search',
    title: 'base search',
    operations: [
      {
        label: 'search',
        weight: 1,
        operation: {
          kind: 'search',
          base: BASE,
          scope: 'base',
          filter: '(objectClass=*)',
          attributes: [],
        },
      },
    ],
  };
  let runId = '';
  await assert.rejects(
    withCliCore({ 'data-dir': dataDir }, async (core) => {
      const target = core.targets.save({
        name: 'responder',
        url: responder.url,
        startTls: false,
        bindDn: '',
        baseDn: BASE,
      });
      const firstSecond = new Promise<void>((resolve) => {
        core.subscribe((m) => {
          if (m.event === 'run/sample') resolve();
        });
      });
      const started = await core.startRun({
        targetId: target.id,
        workload: search.id,
        workloadSpec: search,
        connections: 1,
        depth: 1,
        warmupS: 0,
        durationS: 30,
        workers: 1,
        targetOpsPerSec: 50,
      });
      runId = started.runId;
      await firstSecond;
      throw new TypeError('thrown by the command');
    }),
    /thrown by the command/,
  );
  const run = await storedRun(runId);
  assert.equal(run.status, 'failed');
  assert.equal(run.endReason, 'internal error: TypeError: thrown by the command');
});

test('serve on a port in use exits 2 naming --port, not an unexpected error', async () => {
  const busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  const { port } = busy.address() as AddressInfo;
  try {
    const result = await runInProcess(['serve', '--port', String(port)], dataDir);
    assert.equal(result.code, 2, result.stderr);
    assert.equal(
      result.stderr,
      `dirbench: --port: port ${port} on 127.0.0.1 is in use: pick another --port, or 0 for a free one\n`,
    );
  } finally {
    await new Promise((resolve) => busy.close(resolve));
  }
});
