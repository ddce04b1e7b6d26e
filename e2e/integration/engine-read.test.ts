// The load engine against a real slapd: a full run, a stop, a refused connection and a crashed worker.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { RunConfig, RunSample } from '../../src/shared/types.ts';
import { decodeHistogram } from '../../src/core/loadgen/histogram.ts';
import type { DnSource } from '../../src/core/workload/dnSource.ts';
import type { WorkerLauncher } from '../../src/core/runner/launcher.ts';
import { freePort, startTestSlapd } from './engine-slapd.ts';
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

function runConfig(url: string, overrides: Partial<RunConfig> = {}): RunConfig {
  return testRunConfig(url, ENTRIES, { depth: 2, warmupS: 2, seed: 7, ...overrides });
}

function start(config: RunConfig, launcher: WorkerLauncher, dnSource?: DnSource): RecordedRun {
  return startRecordedRun(
    config,
    launcher,
    dnSource ?? { kind: 'salford', entries: ENTRIES, seed: slapd.seed },
  );
}

test('a 2 s warm-up + 3 s run over 2 workers gives 5 clean samples and a consistent summary', async () => {
  const { launcher, pids } = trackedLauncher();
  const run = start(runConfig(slapd.url), launcher);
  const outcome = await run.handle.done;
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  assert.equal(pids.length, 2);
  const { samples } = run;
  assert.deepEqual(
    samples.map((s) => `${s.second}:${s.phase}`),
    ['0:warmup', '1:warmup', '2:measured', '3:measured', '4:measured'],
  );
  for (const s of samples) {
    assert.equal(s.intervalMs, 1000);
    assert.equal(s.errors, 0, JSON.stringify(s.errorsByCode));
    assert.ok(s.ops > 0);
    // Each base search of an existing person returns exactly that entry.
    assert.equal(s.entries, s.ops);
    const l = s.latencyUs;
    assert.ok(
      l.p50 > 0 && l.p50 <= l.p90 && l.p90 <= l.p99 && l.p99 <= l.p999 && l.p999 <= l.max,
      JSON.stringify(l),
    );
  }
  run.histograms.forEach((h, i) => assert.equal(decodeHistogram(h).totalCount, samples[i]?.ops));
  const measured = samples.filter((s) => s.phase === 'measured');
  const measuredOps = measured.reduce((n, s) => n + s.ops, 0);
  assert.ok(measuredOps >= 1000, `measured ops in the thousands (got ${measuredOps})`);
  const summary = outcome.summary;
  assert.ok(summary !== null);
  assert.equal(summary.ops, measuredOps);
  assert.equal(summary.errors, 0);
  assert.equal(summary.measuredS, 3);
  assert.ok(
    Math.abs(summary.opsPerSec - measuredOps / 3) < 0.1,
    `${summary.opsPerSec} vs ${measuredOps / 3}`,
  );
  assert.equal(summary.entriesPerOp, 1);
  const l = summary.latencyUs;
  assert.ok(l.p50 <= l.p99 && l.p99 <= l.max);
  assert.ok(l.max >= Math.max(...measured.map((s) => s.latencyUs.max)) * 0.999);
  assert.equal(decodeHistogram(outcome.histogramBase64 as string).totalCount, measuredOps);
  await assertAllExited(pids);
});

test('stop() after about 1.5 s ends within a second and keeps the samples so far', async () => {
  const { launcher, pids } = trackedLauncher();
  const run = start(runConfig(slapd.url, { warmupS: 1, durationS: 30 }), launcher);
  await run.running;
  await new Promise((r) => setTimeout(r, 1500));
  const stoppedAt = Date.now();
  run.handle.stop();
  const outcome = await run.handle.done;
  const tookMs = Date.now() - stoppedAt;
  assert.ok(tookMs < 1000, `stop took ${tookMs} ms`);
  assert.equal(outcome.status, 'stopped');
  assert.equal(outcome.endReason, 'stopped by user');
  const { samples } = run;
  // t0 is ~100 ms after "running", so the stop lands in second 1 (second 2 on a very busy machine):
  // full seconds, then the partial one the stop cut short.
  assert.ok(samples.length >= 2 && samples.length <= 3, `${samples.length} samples`);
  samples.forEach((s, i) => assert.equal(s.second, i));
  for (const s of samples.slice(0, -1)) assert.equal(s.intervalMs, 1000);
  const last = samples[samples.length - 1] as RunSample;
  assert.ok(last.intervalMs > 0 && last.intervalMs < 1000, `partial second ${last.intervalMs} ms`);
  assert.ok(last.ops > 0);
  assert.equal(last.phase, 'measured');
  const measured = samples.filter((s) => s.phase === 'measured');
  assert.ok(outcome.summary !== null);
  assert.equal(
    outcome.summary.ops,
    measured.reduce((n, s) => n + s.ops, 0),
  );
  assert.equal(outcome.summary.measuredS, measured.reduce((n, s) => n + s.intervalMs, 0) / 1000);
  await assertAllExited(pids);
});

test('a run against a closed port fails, naming the refused connection', async () => {
  const port = await freePort();
  const { launcher, pids } = trackedLauncher();
  const run = start(runConfig(`ldap://127.0.0.1:${port}`), launcher);
  const outcome = await run.handle.done;
  assert.equal(outcome.status, 'failed');
  assert.equal(
    outcome.endReason,
    `could not connect: Nothing is listening on 127.0.0.1:${port} - is the server running and is the port right?`,
  );
  assert.equal(outcome.summary, null);
  assert.equal(run.samples.length, 0);
  await assertAllExited(pids);
});

test('a worker killed mid-run fails the run, keeping the samples so far', async () => {
  const { launcher, pids } = trackedLauncher();
  const run = start(runConfig(slapd.url, { warmupS: 0, durationS: 30 }), launcher);
  await run.running;
  await new Promise((r) => setTimeout(r, 1300));
  // A worker we started ourselves, killed by its PID.
  process.kill(pids[1] as number, 'SIGKILL');
  const outcome = await run.handle.done;
  assert.equal(outcome.status, 'failed');
  assert.match(outcome.endReason ?? '', /^worker 2 \(pid \d+\) was ended by SIGKILL at \d+\.\d s;/);
  assert.ok(run.samples.length >= 1);
  assert.ok((run.samples[0]?.ops ?? 0) > 0);
  await assertAllExited(pids);
});

test('a list DN source with a missing entry counts noSuchObject errors per second', async () => {
  const { launcher, pids } = trackedLauncher();
  const dns = ['o=Salford,c=gb', 'cn=Nobody Here,o=Salford,c=gb'];
  const run = start(
    runConfig(slapd.url, { warmupS: 0, durationS: 1, connections: 1, depth: 1, workers: 1 }),
    launcher,
    {
      kind: 'list',
      dns,
    },
  );
  const outcome = await run.handle.done;
  assert.equal(outcome.status, 'completed');
  const s = run.samples[0] as RunSample;
  assert.ok(s.ops > 0 && s.errors > 0, JSON.stringify(s));
  assert.deepEqual(Object.keys(s.errorsByCode), ['noSuchObject']);
  assert.equal(s.errorsByCode.noSuchObject, s.errors);
  assert.equal(
    decodeHistogram(run.histograms[0] as string).totalCount,
    s.ops,
    'failed ops are not timed',
  );
  await assertAllExited(pids);
});
