// Network faults between DirBench and a real slapd, made by a user-space proxy (this kernel has no
// netem): a half-open connection, resets, a blackhole, delay and loss, against the outcome rules.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { RunOutcome } from '../../src/core/runner/runContract.ts';
import type { RunConfig, RunSample } from '../../src/shared/types.ts';
import { startFaultProxy } from '../helpers/faultProxy.ts';
import type { FaultProxy } from '../helpers/faultProxy.ts';
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
  await slapd.stop();
});

const dnSource = (): { kind: 'salford'; entries: number; seed: number } => ({
  kind: 'salford',
  entries: slapd.entries,
  seed: slapd.seed,
});

const total = (samples: RunSample[], pick: (s: RunSample) => number): number =>
  samples.reduce((n, s) => n + pick(s), 0);

function causesOf(samples: RunSample[]): Set<string> {
  return new Set(samples.flatMap((s) => Object.keys(s.errorsByCode)));
}

/** What a proxied run did: its outcome and every second it reported. */
interface ProxiedRun {
  outcome: RunOutcome;
  samples: RunSample[];
}

/**
 * A closed-model run through a fresh proxy (one worker, overrides applied): `fault` is made just
 * after second 0 ended (or before the start with `fromStart`); checks no worker outlives the run.
 */
async function proxiedRun(
  runId: string,
  overrides: Partial<RunConfig>,
  fault: (proxy: FaultProxy) => void,
  { opTimeoutMs, fromStart = false }: { opTimeoutMs?: number; fromStart?: boolean } = {},
): Promise<ProxiedRun> {
  const proxy = await startFaultProxy(slapd.port, 7);
  try {
    const { launcher, pids } = trackedLauncher();
    if (fromStart) fault(proxy);
    const config = testRunConfig(proxy.url, slapd.entries, {
      warmupS: 0,
      workers: 1,
      ...overrides,
    });
    const run = startRecordedRun(config, launcher, dnSource(), runId, opTimeoutMs);
    if (!fromStart) {
      await run.second(0);
      fault(proxy);
    }
    const outcome = await run.handle.done;
    await assertAllExited(pids);
    return { outcome, samples: run.samples };
  } finally {
    await proxy.close();
  }
}

test('half-open connection (no FIN, no answer): every operation fails as timeout within the op timeout and the run fails as lost', async () => {
  const { outcome, samples } = await proxiedRun(
    'run-half-open',
    { durationS: 6, connections: 2 },
    (proxy) => proxy.set({ kind: 'halfOpen' }),
    { opTimeoutMs: 1000 },
  );
  assert.equal(outcome.status, 'failed', outcome.endReason ?? '');
  assert.deepEqual([...causesOf(samples)], ['timeout']);
  // Half-open from the start of second 1; 1 s of timeout, swept within 1.25 s: failures by second 3.
  const firstFailure = samples.find((s) => s.errors > 0)?.second ?? -1;
  assert.ok(firstFailure >= 1 && firstFailure <= 3, `first timeout in second ${firstFailure}`);
  assert.ok(samples.slice(firstFailure).every((s) => s.ops === 0));
  assert.match(
    outcome.endReason ?? '',
    /^the server was lost: .*; \d+ errors \(timeout \d+\) from [123] s; no operation succeeded after [12] s/,
  );
});

test('connections reset mid-run: each is re-opened and counted, every failure named, the run completes', async () => {
  const { outcome, samples } = await proxiedRun('run-reset', { durationS: 4 }, (proxy) =>
    proxy.resetAll(),
  );
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  assert.ok(total(samples, (s) => s.reconnects ?? 0) >= 4, 'each of the 4 connections re-opened');
  for (const cause of causesOf(samples)) {
    assert.ok(['ECONNRESET', 'connectionClosed'].includes(cause), cause);
  }
  assert.ok((samples[3]?.ops ?? 0) > 0, 'load goes on over new connections');
  assert.match(outcome.endReason ?? '', /the server closed connections: \d+ were re-opened$/);
});

test('blackhole for 2 s: the silent seconds are named, no operation fails, load resumes', async () => {
  const { outcome, samples } = await proxiedRun(
    'run-blackhole',
    { durationS: 5 },
    (proxy) => proxy.set({ kind: 'blackhole', seconds: 2 }),
    { opTimeoutMs: 10_000 },
  );
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  assert.equal(
    total(samples, (s) => s.errors),
    0,
    'held bytes are late, not lost',
  );
  assert.equal(samples[2]?.ops, 0);
  assert.ok((samples[4]?.ops ?? 0) > 0, 'load resumed');
  assert.match(outcome.endReason ?? '', /the server answered nothing in [12]-3 s/);
});

test('delay and jitter show in latency, not as errors', async () => {
  const { outcome, samples } = await proxiedRun(
    'run-delay',
    { durationS: 2 },
    (proxy) => proxy.set({ kind: 'delay', ms: 20, jitterMs: 10 }),
    { fromStart: true },
  );
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  assert.equal(
    total(samples, (s) => s.errors),
    0,
  );
  // Each request and each answer waits 20-30 ms.
  const p50Us = samples[1]?.latencyUs.p50 ?? 0;
  assert.ok(p50Us >= 40_000 && p50Us < 200_000, `p50 ${p50Us} us`);
});

test('a bandwidth cap bounds the bytes a second, not the answers', async () => {
  const { outcome, samples } = await proxiedRun(
    'run-bandwidth',
    { durationS: 3 },
    (proxy) => proxy.set({ kind: 'bandwidth', bytesPerS: 20_000 }),
    { fromStart: true },
  );
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  assert.equal(
    total(samples, (s) => s.errors),
    0,
  );
  // 20,000 B/s each way on each of the 4 connections.
  const received = samples[2]?.bytesReceived ?? 0;
  assert.ok(received > 0 && received <= 4 * 20_000 * 1.25, `received ${received} B in a second`);
  assert.ok((samples[2]?.ops ?? 0) > 0);
});

test('lost chunks break the stream: operations fail with a named cause, connections are re-opened, nothing hangs', async () => {
  const { outcome, samples } = await proxiedRun(
    'run-loss',
    { durationS: 4 },
    (proxy) => proxy.set({ kind: 'loss', percent: 5 }),
    { opTimeoutMs: 1000 },
  );
  assert.ok(['completed', 'failed'].includes(outcome.status), outcome.endReason ?? '');
  assert.ok(total(samples, (s) => s.errors) > 0);
  for (const cause of causesOf(samples)) assert.notEqual(cause, 'unknown');
  assert.deepEqual(
    samples.map((s) => s.second),
    [0, 1, 2, 3],
  );
});
