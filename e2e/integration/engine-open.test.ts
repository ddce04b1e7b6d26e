// The open model against a real slapd: a constant target met, a ramp followed, cool-down excluded, stop, saturation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LatencySummary, RunConfig, RunSample } from '../../src/shared/types.ts';
import { decodeHistogram } from '../../src/core/loadgen/histogram.ts';
import type { WorkerLauncher } from '../../src/core/runner/launcher.ts';
import { startTestSlapd } from './engine-slapd.ts';
import {
  assertAllExited,
  startRecordedRun,
  testRunConfig,
  trackedLauncher,
} from './engineHarness.ts';
import type { RecordedRun } from './engineHarness.ts';
import type { TestSlapd } from './engine-slapd.ts';

const ENTRIES = 2000;
let slapd: TestSlapd;

before(async () => {
  slapd = await startTestSlapd(ENTRIES);
});
after(async () => {
  await slapd.stop();
});

function openConfig(url: string, overrides: Partial<RunConfig>): RunConfig {
  return testRunConfig(url, ENTRIES, { depth: 4, warmupS: 2, loadModel: 'open', ...overrides });
}

function start(config: RunConfig, launcher: WorkerLauncher): RecordedRun {
  return startRecordedRun(
    config,
    launcher,
    { kind: 'salford', entries: ENTRIES, seed: slapd.seed },
    'run-open',
  );
}

/** Each op's intended start is at or before its send, so every percentile from it is at least as high. */
function assertIntendedDominates(
  intended: LatencySummary,
  sent: LatencySummary,
  where: string,
): void {
  for (const key of ['p50', 'p90', 'p99', 'p999', 'max'] as const) {
    assert.ok(
      intended[key] >= sent[key],
      `${where} ${key}: intended ${intended[key]} < sent ${sent[key]}`,
    );
  }
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

test('a 2,000 ops/s target over 10 s measured is met within 2%; cool-down is excluded', async () => {
  const { launcher, pids } = trackedLauncher();
  const run = start(
    openConfig(slapd.url, { targetOpsPerSec: 2000, warmupS: 2, durationS: 10, cooldownS: 2 }),
    launcher,
  );
  const outcome = await run.handle.done;
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  const { samples } = run;
  assert.deepEqual(
    samples.map((s) => s.phase),
    [
      ...Array<string>(2).fill('warmup'),
      ...Array<string>(10).fill('measured'),
      'cooldown',
      'cooldown',
    ],
  );
  for (const [i, s] of samples.entries()) {
    assert.equal(s.errors, 0, JSON.stringify(s.errorsByCode));
    // The merged schedule of both workers is exactly the target, every second.
    assert.equal(s.scheduledOps, 2000, `second ${s.second}`);
    assert.ok(s.intendedLatencyUs !== undefined && s.behindSchedule !== undefined);
    assertIntendedDominates(s.intendedLatencyUs, s.latencyUs, `second ${s.second}`);
    assert.equal(decodeHistogram(run.intended[i] as string).totalCount, s.ops);
  }
  const measured = samples.filter((s) => s.phase === 'measured');
  const summary = outcome.summary;
  assert.ok(summary !== null && summary.intendedLatencyUs !== undefined);
  console.log(
    `open 2000/s: achieved ${summary.opsPerSec} ops/s, target ${summary.targetOpsPerSec}, ` +
      `behind ${summary.behindSchedule}, p99 sent ${summary.latencyUs.p99} us, ` +
      `p99 intended ${summary.intendedLatencyUs.p99} us, time to full speed ${summary.timeToFullSpeedS} s, ` +
      `per second ${measured.map((s) => s.ops).join(' ')}`,
  );
  assert.equal(summary.model, 'open');
  assert.equal(summary.targetOpsPerSec, 2000);
  assert.equal(summary.measuredS, 10);
  assert.ok(
    Math.abs(summary.opsPerSec - 2000) <= 40,
    `achieved ${summary.opsPerSec} ops/s vs 2000 target`,
  );
  // Cool-down seconds ran load but are not in the summary.
  assert.ok(samples.slice(-2).every((s) => s.ops > 0));
  assert.equal(summary.ops, sum(measured.map((s) => s.ops)));
  assert.equal(decodeHistogram(outcome.histogramBase64 as string).totalCount, summary.ops);
  assert.equal(summary.behindSchedule, sum(measured.map((s) => s.behindSchedule ?? 0)));
  // Late ops are counted, never more than were scheduled (on an idle machine hardly any; on a
  // shared, busy one the workers' timers themselves run late, which is what this shows).
  const behind = sum(samples.map((s) => s.behindSchedule ?? 0));
  assert.ok(behind >= 0 && behind <= sum(samples.map((s) => s.scheduledOps ?? 0)), `${behind}`);
  assertIntendedDominates(summary.intendedLatencyUs, summary.latencyUs, 'summary');
  // Null when a busy machine kept the last seconds outside the 5% band.
  assert.ok(summary.timeToFullSpeedS !== undefined);
  assert.ok(
    (summary.timeToFullSpeedS ?? 0) <= 11,
    `time to full speed ${summary.timeToFullSpeedS}`,
  );
  await assertAllExited(pids);
});

test('a rate profile ramp 500 -> 2,000 ops/s is followed second by second', async () => {
  const { launcher, pids } = trackedLauncher();
  const rateProfile = [
    { durationS: 1, fromOpsPerSec: 500, toOpsPerSec: 500 },
    { durationS: 6, fromOpsPerSec: 500, toOpsPerSec: 2000 },
    { durationS: 2, fromOpsPerSec: 2000, toOpsPerSec: 2000 },
  ];
  const run = start(
    openConfig(slapd.url, { rateProfile, warmupS: 1, durationS: 8, workers: 3, connections: 6 }),
    launcher,
  );
  const outcome = await run.handle.done;
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  const { samples } = run;
  console.log(
    `open ramp per second (ops/scheduled/behind/p99 sent/p99 intended): ${samples
      .map(
        (s) =>
          `${s.ops}/${s.scheduledOps}/${s.behindSchedule}/${s.latencyUs.p99}/${s.intendedLatencyUs?.p99}`,
      )
      .join(' ')}`,
  );
  // Ramp seconds: 500 + 250 * (s - 1) at the start of second s, so 625, 875, ... 1875 scheduled.
  assert.deepEqual(
    samples.map((s) => s.scheduledOps),
    [500, 625, 875, 1125, 1375, 1625, 1875, 2000, 2000],
  );
  // Measured seconds (the first, warm-up second also carries the workers' start-up).
  for (const s of samples.filter((x) => x.phase === 'measured')) {
    const scheduled = s.scheduledOps ?? 0;
    // An op counts in the second it completes in: some spill over a boundary (more on a busy machine).
    assert.ok(
      Math.abs(s.ops - scheduled) <= scheduled * 0.25,
      `second ${s.second}: ${s.ops} ops vs ${scheduled} scheduled`,
    );
  }
  const summary = outcome.summary;
  assert.ok(summary !== null);
  assert.equal(summary.model, 'open');
  // Mean of the measured (seconds 1..8) schedule.
  assert.equal(summary.targetOpsPerSec, (12_000 - 500) / 8);
  assert.ok(Math.abs(summary.opsPerSec - 1437.5) <= 1437.5 * 0.05, `${summary.opsPerSec} ops/s`);
  console.log(
    `open ramp: achieved ${summary.opsPerSec} ops/s vs mean target ${summary.targetOpsPerSec}, ` +
      `behind ${summary.behindSchedule}, per second ${samples.map((s) => `${s.ops}/${s.scheduledOps}`).join(' ')}`,
  );
  // The rate settles only once the ramp is over (or never, within 5%, on a busy machine).
  assert.ok(
    summary.timeToFullSpeedS === null || (summary.timeToFullSpeedS ?? 0) >= 6,
    `time to full speed ${summary.timeToFullSpeedS}`,
  );
  await assertAllExited(pids);
});

test('stop() in the open model ends within a second; ops due before it that never ran count as behind', async () => {
  const { launcher, pids } = trackedLauncher();
  const run = start(
    openConfig(slapd.url, { targetOpsPerSec: 1000, warmupS: 1, durationS: 30 }),
    launcher,
  );
  await run.running;
  await new Promise((r) => setTimeout(r, 1500));
  const stoppedAt = Date.now();
  run.handle.stop();
  const outcome = await run.handle.done;
  const tookMs = Date.now() - stoppedAt;
  assert.ok(tookMs < 1000, `stop took ${tookMs} ms`);
  assert.equal(outcome.status, 'stopped');
  const last = run.samples[run.samples.length - 1] as RunSample;
  assert.ok(last.intervalMs > 0 && last.intervalMs < 1000, `partial second ${last.intervalMs} ms`);
  // The schedule of the partial second covers the part before each worker got the stop (which
  // comes a moment after the orchestrator's cut-off).
  assert.ok(
    (last.scheduledOps ?? 0) >= last.intervalMs - 3 &&
      (last.scheduledOps ?? 0) <= last.intervalMs + 200,
    `${last.scheduledOps} scheduled in ${last.intervalMs} ms`,
  );
  const summary = outcome.summary;
  assert.ok(summary !== null);
  assert.equal(summary.model, 'open');
  assert.ok(Math.abs((summary.targetOpsPerSec ?? 0) - 1000) <= 150, `${summary.targetOpsPerSec}`);
  const scheduled = run.samples.reduce((n, s) => n + (s.scheduledOps ?? 0), 0);
  assert.ok((summary.behindSchedule ?? 0) <= scheduled, `${summary.behindSchedule} behind`);
  await assertAllExited(pids);
});

test('a target far beyond one connection: lag is counted and shows in the intended-start latency', async () => {
  const { launcher, pids } = trackedLauncher();
  const run = start(
    openConfig(slapd.url, {
      targetOpsPerSec: 50_000,
      warmupS: 0,
      durationS: 2,
      workers: 1,
      connections: 1,
      depth: 1,
    }),
    launcher,
  );
  const outcome = await run.handle.done;
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  const summary = outcome.summary;
  assert.ok(summary !== null && summary.intendedLatencyUs !== undefined);
  assert.equal(summary.targetOpsPerSec, 50_000);
  assert.ok(summary.opsPerSec < 50_000 * 0.8, `one connection cannot do ${summary.opsPerSec}/s`);
  // Nearly every scheduled op was late or never started: the backlog is not hidden.
  assert.ok(
    (summary.behindSchedule ?? 0) >= 100_000 * 0.8 - summary.ops * 0.01,
    `${summary.behindSchedule} behind of 100000 scheduled, ${summary.ops} done`,
  );
  // Latency from the intended start grows with the backlog (to about a second); from the send it stays small.
  assert.ok(
    summary.intendedLatencyUs.max > 500_000,
    `intended max ${summary.intendedLatencyUs.max} us`,
  );
  assert.ok(summary.intendedLatencyUs.p50 > summary.latencyUs.p50 * 10);
  await assertAllExited(pids);
});
