// Server faults mid-run against a real slapd: killed, stopped and resumed, refusing, closing connections, not answering.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { RunOutcome } from '../../src/core/runner/runContract.ts';
import type { RunSample } from '../../src/shared/types.ts';
import {
  assertAllExited,
  startRecordedRun,
  testRunConfig,
  trackedLauncher,
} from './engineHarness.ts';
import { startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';

let slapd: TestSlapd;

before(async () => {
  slapd = await startTestSlapd(300);
});
after(async () => {
  // A test that failed half-way may have left the server stopped.
  resume();
  await slapd.stop();
});

// Faults are placed by the run's own seconds: `await run.second(n)` resolves just after second n
// ended, so a fault made then lands at the start of second n + 1. How many answers still come in
// that second's first milliseconds is the machine's business, so the assertions allow none or some.

/** Sends SIGCONT to the server (harmless when it runs). */
function resume(): void {
  try {
    process.kill(slapd.pid, 'SIGCONT');
  } catch {
    // Already gone.
  }
}

/** Network causes a dead or closing server produces (slapd stopped by SIGTERM first sends a Notice of Disconnection). */
const NETWORK_CAUSES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'connectionClosed',
  'notConnected',
  'noticeOfDisconnection',
]);

function causesOf(samples: RunSample[]): Set<string> {
  return new Set(samples.flatMap((s) => Object.keys(s.errorsByCode)));
}

/** A run that ran to its end (`completed`, or `failed` by the lost-server rule) kept one sample per second of its length, in order. */
function assertEverySecond(
  outcome: RunOutcome,
  samples: RunSample[],
  totalS: number,
  status: RunOutcome['status'] = 'completed',
): void {
  assert.equal(outcome.status, status, outcome.endReason ?? '');
  assert.deepEqual(
    samples.map((s) => s.second),
    Array.from({ length: totalS }, (_, i) => i),
  );
}

const dnSource = (): { kind: 'salford'; entries: number; seed: number } => ({
  kind: 'salford',
  entries: slapd.entries,
  seed: slapd.seed,
});

test('server killed mid-run: the run fails as lost, errors counted per second by cause, every second and its figures kept', async () => {
  const { launcher, pids } = trackedLauncher();
  const config = testRunConfig(slapd.url, slapd.entries, { warmupS: 0, durationS: 6 });
  const run = startRecordedRun(config, launcher, dnSource());
  try {
    await run.second(0);
    process.kill(slapd.pid, 'SIGKILL');
    const outcome = await run.handle.done;
    assertEverySecond(outcome, run.samples, 6, 'failed');
    assert.ok(outcome.summary !== null, 'a lost run keeps what it measured');
    assert.ok((outcome.summary?.errors ?? 0) > 0);
    assert.ok((run.samples[0]?.ops ?? 0) > 0, 'the second before the kill is kept with its ops');
    const afterKill = run.samples.slice(2);
    assert.ok(
      afterKill.every((s) => s.ops === 0 && s.errors > 0),
      'each second after the kill counts its failed reconnects',
    );
    for (const cause of causesOf(run.samples)) assert.ok(NETWORK_CAUSES.has(cause), cause);
    assert.ok(causesOf(afterKill).has('ECONNREFUSED'));
    assert.match(
      outcome.endReason ?? '',
      /^the server was lost: no operation succeeded in the last [45] s of load while \d+ failed \(.*\); \d+ errors \(.*ECONNREFUSED \d+.*\) from 1 s; no operation succeeded after [12] s$/,
    );
    await assertAllExited(pids);
  } finally {
    await slapd.restart();
  }
});

test('server stopped (SIGSTOP) for 2 s and resumed: the silent seconds are kept and named, load resumes', async () => {
  const { launcher, pids } = trackedLauncher();
  const config = testRunConfig(slapd.url, slapd.entries, { warmupS: 0, durationS: 5 });
  const run = startRecordedRun(config, launcher, dnSource());
  try {
    // Stopped from the start of second 1 to the start of second 3: second 2 is wholly silent.
    await run.second(0);
    process.kill(slapd.pid, 'SIGSTOP');
    await run.second(2);
    resume();
    const outcome = await run.handle.done;
    assertEverySecond(outcome, run.samples, 5);
    assert.equal(run.samples[2]?.ops, 0, 'nothing was answered while the server was stopped');
    assert.ok((run.samples[4]?.ops ?? 0) > 0, 'load resumed after SIGCONT');
    assert.equal(
      run.samples.reduce((n, s) => n + s.errors, 0),
      0,
      'a pause is not an error',
    );
    assert.match(outcome.endReason ?? '', /^the server answered nothing in [12]-3 s$/);
    await assertAllExited(pids);
  } finally {
    resume();
  }
});

test('connections refused from the start: the run fails with what to check and no samples', async () => {
  const { launcher, pids } = trackedLauncher();
  process.kill(slapd.pid, 'SIGKILL');
  try {
    const config = testRunConfig(slapd.url, slapd.entries, { warmupS: 0, durationS: 3 });
    const run = startRecordedRun(config, launcher, dnSource());
    const outcome = await run.handle.done;
    assert.equal(outcome.status, 'failed');
    assert.match(
      outcome.endReason ?? '',
      /^could not connect: Nothing is listening on 127\.0\.0\.1:\d+/,
    );
    assert.equal(run.samples.length, 0, 'no second elapsed, none stored');
    await assertAllExited(pids);
  } finally {
    await slapd.restart();
  }
});

test('server closes every connection (SIGTERM), refuses for a second, comes back: closed, refused and recovered seconds kept', async () => {
  const { launcher, pids } = trackedLauncher();
  const config = testRunConfig(slapd.url, slapd.entries, { warmupS: 0, durationS: 5 });
  const run = startRecordedRun(config, launcher, dnSource());
  // Closed at the start of second 1, refusing through it, started again as it ends.
  await run.second(0);
  process.kill(slapd.pid, 'SIGTERM');
  await run.second(1);
  await slapd.restart();
  const outcome = await run.handle.done;
  assertEverySecond(outcome, run.samples, 5);
  const causes = causesOf(run.samples);
  assert.ok(causes.has('ECONNREFUSED'), [...causes].join());
  for (const cause of causes) assert.ok(NETWORK_CAUSES.has(cause), cause);
  assert.ok((run.samples[4]?.ops ?? 0) > 0, 'load resumed on fresh connections');
  assert.ok(run.samples.reduce((n, s) => n + (s.reconnects ?? 0), 0) >= config.connections);
  assert.match(
    outcome.endReason ?? '',
    /^\d+ errors \(.*\) from 1 s; the server closed connections: \d+ were re-opened$/,
  );
  await assertAllExited(pids);
});

test('ops time out: a server that stops answering yields timeout errors per second, then the run completes', async () => {
  const { launcher, pids } = trackedLauncher();
  const config = testRunConfig(slapd.url, slapd.entries, { warmupS: 0, durationS: 4, workers: 1 });
  const run = startRecordedRun(config, launcher, dnSource(), 'run-timeouts', 700);
  try {
    // Stopped at the start of second 1: from then on every request waits until it times out.
    await run.second(0);
    process.kill(slapd.pid, 'SIGSTOP');
    const outcome = await run.handle.done;
    assertEverySecond(outcome, run.samples, 4);
    assert.ok((run.samples[0]?.ops ?? 0) > 0);
    const timeouts = run.samples.reduce((n, s) => n + (s.errorsByCode['timeout'] ?? 0), 0);
    // Every outstanding request (4 connections x depth 1) times out, again and again while stopped.
    assert.ok(timeouts >= config.connections, `timeouts ${timeouts}`);
    assert.deepEqual([...causesOf(run.samples)], ['timeout']);
    assert.match(
      outcome.endReason ?? '',
      /^\d+ errors \(timeout \d+\) from [12] s; no operation succeeded after [12] s$/,
    );
    await assertAllExited(pids);
  } finally {
    resume();
  }
});

test('server closes idle connections (slapd idletimeout 1): each drop is re-opened and counted, no op goes unaccounted', async () => {
  const idle = await startTestSlapd(300, { extraConfig: 'idletimeout 1' });
  try {
    const { launcher, pids } = trackedLauncher();
    // One op a second over three connections: each sits idle about 3 s between ops, past the
    // timeout. slapd sweeps idle connections when something wakes it - usually another
    // connection's request - so most drops come between ops and are re-opened before the next
    // one. A sweep woken by the request itself closes that request's connection instead: slapd
    // never answers it, and the op fails as connectionClosed (a fresh connection's first op, idle
    // since the bind, can meet this; three connections keep it out of later rounds).
    const config = testRunConfig(idle.url, idle.entries, {
      warmupS: 0,
      durationS: 6,
      workers: 1,
      connections: 3,
      loadModel: 'open',
      targetOpsPerSec: 1,
    });
    const run = startRecordedRun(config, launcher, {
      kind: 'salford',
      entries: idle.entries,
      seed: idle.seed,
    });
    const outcome = await run.handle.done;
    assertEverySecond(outcome, run.samples, 6);
    const reconnects = run.samples.reduce((n, s) => n + (s.reconnects ?? 0), 0);
    assert.ok(reconnects >= 1, `reconnects ${reconnects}`);
    const answered = run.samples.reduce((n, s) => n + s.ops, 0);
    const closedUnder = run.samples.reduce((n, s) => n + (s.errorsByCode.connectionClosed ?? 0), 0);
    assert.deepEqual(
      causesOf(run.samples),
      closedUnder > 0 ? new Set(['connectionClosed']) : new Set(),
    );
    assert.equal(
      answered + closedUnder,
      6,
      'every scheduled op was answered or failed as connectionClosed',
    );
    assert.ok(answered >= 4, `answered ${answered} of 6`);
    assert.ok(
      (outcome.endReason ?? '').endsWith(
        `the server closed connections: ${reconnects} were re-opened`,
      ),
      outcome.endReason ?? '',
    );
    await assertAllExited(pids);
  } finally {
    await idle.stop();
  }
});
