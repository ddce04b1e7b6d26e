import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunConfig, RunSample } from '../../shared/types.ts';
import {
  createHistogram,
  decodeHistogram,
  encodeHistogram,
  recordLatencyUs,
} from '../loadgen/histogram.ts';
import type { WorkerLauncher } from './launcher.ts';
import { fakeLauncher } from '../testing/fakeWorkers.ts';
import { intervalMessage } from '../testing/intervalMessage.ts';
import { runConfigFixture, runPlanFixture } from '../testing/runConfigFixture.ts';
import { ManualClock } from '../testing/manualClock.ts';
import { startRun } from './orchestrator.ts';
import type { OrchestratorClock } from './orchestratorClock.ts';
import type { RunOutcome } from './runContract.ts';

const interval = intervalMessage;

const config = runConfigFixture;

function run(
  cfg: RunConfig,
  launcher: WorkerLauncher,
  clock?: OrchestratorClock,
): {
  samples: RunSample[];
  histograms: string[];
  phases: string[];
  handle: ReturnType<typeof startRun>;
} {
  const samples: RunSample[] = [];
  const histograms: string[] = [];
  const phases: string[] = [];
  const handle = startRun(
    runPlanFixture('r1', cfg),
    launcher,
    {
      onSample: (s, h) => {
        samples.push(s);
        histograms.push(h);
      },
      onPhase: (p) => phases.push(p),
    },
    clock,
  );
  return { samples, histograms, phases, handle };
}

test('merges every second across workers, in order, and summarizes the measured ones', async () => {
  // Worker 0 is fast (100 us) and reports every second before worker 1, which has a few slow ops (20 ms).
  const { launcher, workers } = fakeLauncher((w, m) => {
    if (m.type === 'start') w.emit({ type: 'ready', connections: m.connections, connectMs: 1 });
    if (m.type === 'go') {
      const reports = [0, 1, 2].map((s) =>
        w.index === 0
          ? interval(s, 1000, 100)
          : interval(s, 10, 20_000, { errors: 2, errorsByCode: { busy: 2 } }),
      );
      for (const r of reports) w.emit(r);
      w.emit({ type: 'done', reason: 'completed' });
      w.exit(0);
    }
  });
  const r = run(config(), launcher);
  const outcome = await r.handle.done;
  assert.equal(workers.length, 2);
  assert.deepEqual(
    workers.map((w) => (w.received[0]?.type === 'start' ? w.received[0].connections : -1)),
    [2, 2],
  );
  assert.deepEqual(r.phases, ['connecting', 'running']);
  assert.equal(outcome.status, 'completed');
  // Completed through errors: the end reason counts them by cause.
  assert.equal(outcome.endReason, '6 errors (busy 6) from 0 s');
  assert.deepEqual(
    r.samples.map((s) => [s.second, s.phase]),
    [
      [0, 'warmup'],
      [1, 'measured'],
      [2, 'measured'],
    ],
  );
  for (const s of r.samples) {
    assert.equal(s.ops, 1010);
    assert.equal(s.errors, 2);
    assert.deepEqual(s.errorsByCode, { busy: 2 });
    assert.equal(s.intervalMs, 1000);
    // 10 slow ops in 1010: p99.9 sees them only because histograms were merged.
    assert.ok(Math.abs(s.latencyUs.p999 - 20_000) < 50, String(s.latencyUs.p999));
    assert.ok(Math.abs(s.latencyUs.p50 - 100) <= 1);
  }
  assert.equal(decodeHistogram(r.histograms[0] as string).totalCount, 1010);
  const summary = outcome.summary;
  assert.ok(summary !== null);
  assert.equal(summary.ops, 2020, 'warm-up excluded');
  assert.equal(summary.measuredS, 2);
  assert.equal(summary.opsPerSec, 1010);
  assert.equal(summary.errors, 4);
  assert.deepEqual(summary.errorsByCode, { busy: 4 });
  assert.equal(summary.entriesPerOp, 1);
  assert.equal(decodeHistogram(outcome.histogramBase64 as string).totalCount, 2020);
});

test('never starts more workers than connections', async () => {
  const { launcher, workers } = fakeLauncher((w, m) => {
    if (m.type === 'start') w.emit({ type: 'ready', connections: m.connections, connectMs: 1 });
    if (m.type === 'go') {
      w.emit(interval(0, 5, 100));
      w.emit({ type: 'done', reason: 'completed' });
      w.exit(0);
    }
  });
  const outcome = await run(
    config({ connections: 1, workers: 8, warmupS: 0, durationS: 1 }),
    launcher,
  ).handle.done;
  assert.equal(workers.length, 1);
  assert.equal(outcome.status, 'completed');
});

test('a connect failure fails the run with the explanation and stops the other workers', async () => {
  const { launcher, workers } = fakeLauncher((w, m) => {
    if (m.type === 'start' && w.index === 1) {
      w.emit({
        type: 'fatal',
        stage: 'connect',
        error: {
          resultCode: null,
          codeName: 'ECONNREFUSED',
          message:
            'Nothing is listening on 127.0.0.1:1 - is the server running and is the port right?',
        },
      });
      w.exit(1);
    }
    if (m.type === 'stop') {
      w.emit({ type: 'done', reason: 'stopped' });
      w.exit(0);
    }
  });
  const r = run(config(), launcher);
  const outcome: RunOutcome = await r.handle.done;
  assert.equal(outcome.status, 'failed');
  assert.match(
    outcome.endReason ?? '',
    /^could not connect: Nothing is listening on 127\.0\.0\.1:1/,
  );
  assert.equal(outcome.summary, null);
  assert.equal(r.samples.length, 0);
  assert.ok(
    workers[0]?.received.some((m) => m.type === 'stop'),
    'worker 1 was told to stop',
  );
});

test('a worker that exits unexpectedly fails the run in words', async () => {
  const { launcher } = fakeLauncher((w, m) => {
    if (m.type === 'start') w.emit({ type: 'ready', connections: m.connections, connectMs: 1 });
    if (m.type === 'go' && w.index === 1) w.exit(3);
    if (m.type === 'stop') {
      w.emit({ type: 'done', reason: 'stopped' });
      w.exit(0);
    }
  });
  const outcome = await run(config(), launcher).handle.done;
  assert.equal(outcome.status, 'failed');
  assert.match(
    outcome.endReason ?? '',
    /^worker 2 exited with code 3 (before load started|at \d+\.\d s); the seconds merged so far and the other workers' seconds up to then are kept$/,
  );
});

test('stop while connecting ends at once with no samples', async () => {
  const { launcher } = fakeLauncher((w, m) => {
    if (m.type === 'stop') {
      w.emit({ type: 'done', reason: 'stopped' });
      w.exit(0);
    }
  });
  const r = run(config(), launcher);
  r.handle.stop('changed my mind');
  const outcome = await r.handle.done;
  assert.equal(outcome.status, 'stopped');
  assert.equal(outcome.endReason, 'changed my mind');
  assert.equal(outcome.summary, null);
  assert.equal(r.samples.length, 0);
});

/** Lets the fake workers' messages (delivered on later turns) through until `done()` holds. */
async function turnsUntil(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 100 && !done(); turn++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.ok(done(), 'the fake workers never got there');
}

test('stop mid-run keeps the seconds so far and ends the last one partial', async () => {
  // Time moves only when the test says: the stop lands exactly 300 ms into second 1.
  const clock = new ManualClock();
  const { launcher, workers } = fakeLauncher((w, m) => {
    if (m.type === 'start') w.emit({ type: 'ready', connections: m.connections, connectMs: 1 });
    if (m.type === 'stop') {
      w.emit(interval(1, 30, 100, { intervalMs: 300 }));
      w.emit({ type: 'done', reason: 'stopped' });
      w.exit(0);
    }
  });
  const r = run(config({ warmupS: 1, durationS: 5 }), launcher, clock);
  await turnsUntil(() => workers.length === 2 && workers.every((w) => w.received.length === 2));
  const go = workers[0]?.received[1];
  assert.ok(go?.type === 'go');
  assert.equal(go.t0Ms, clock.nowMs() + 100, 'load starts 100 ms after the go');
  clock.advance(1100);
  for (const w of workers) w.emit(interval(0, 50, 100));
  assert.equal(r.samples.length, 1, 'second 0 is merged once both workers sent it');
  clock.advance(300);
  const stoppedAtMs = clock.nowMs();
  r.handle.stop();
  let outcome: RunOutcome | null = null;
  void r.handle.done.then((o) => (outcome = o));
  // The workers ship their partial second and exit; the run resolves within a second of the stop.
  for (let step = 0; step < 50 && outcome === null; step++) {
    await new Promise((resolve) => setImmediate(resolve));
    clock.advance(20);
  }
  const ended = outcome as RunOutcome | null;
  assert.ok(ended !== null, 'the run resolved');
  assert.ok(clock.nowMs() - stoppedAtMs < 1000, 'ended within a second');
  assert.equal(ended.status, 'stopped');
  assert.equal(ended.endReason, 'stopped by user');
  assert.equal(r.samples.length, 2);
  const last = r.samples[1] as RunSample;
  assert.equal(last.phase, 'measured');
  assert.equal(last.intervalMs, 300, 'the stop came 300 ms into second 1');
  assert.equal(last.ops, 60);
  assert.ok(ended.summary !== null);
  assert.equal(ended.summary.ops, 60);
  assert.equal(ended.summary.measuredS, 0.3);
});

test('open model: rate shares go to the workers; cool-down is excluded; summary carries the open figures', async () => {
  const intended = (us: number, n: number): string => {
    const h = createHistogram();
    for (let i = 0; i < n; i++) recordLatencyUs(h, us);
    return encodeHistogram(h);
  };
  const { launcher, workers } = fakeLauncher((w, m) => {
    if (m.type === 'start') w.emit({ type: 'ready', connections: m.connections, connectMs: 1 });
    if (m.type === 'go') {
      // Warm-up 1 s, measured 2 s, cool-down 1 s; each worker does its half of 1000/s.
      for (const s of [0, 1, 2, 3]) {
        w.emit(
          interval(s, 500, 100, {
            intendedHistogram: intended(300, 500),
            scheduledOps: 500,
            behindSchedule: s === 2 ? 3 : 0,
          }),
        );
      }
      w.emit({ type: 'done', reason: 'completed' });
      w.exit(0);
    }
  });
  const intendedSeen: (string | undefined)[] = [];
  const cfg = config({ loadModel: 'open', targetOpsPerSec: 1000, cooldownS: 1 });
  const samples: RunSample[] = [];
  const handle = startRun(runPlanFixture('r-open', cfg), launcher, {
    onSample: (s, _h, i) => {
      samples.push(s);
      intendedSeen.push(i);
    },
  });
  const outcome = await handle.done;
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  assert.deepEqual(
    workers.map((w) => {
      const start = w.received[0];
      return start?.type === 'start' ? [start.cooldownS, start.openModel] : null;
    }),
    [0, 1].map((share) => [
      1,
      { steps: [{ durationS: 4, fromOpsPerSec: 1000, toOpsPerSec: 1000 }], share, shares: 2 },
    ]),
  );
  assert.deepEqual(
    samples.map((s) => [s.phase, s.scheduledOps, s.behindSchedule, s.intendedLatencyUs?.p50]),
    [
      ['warmup', 1000, 0, 300],
      ['measured', 1000, 0, 300],
      ['measured', 1000, 6, 300],
      ['cooldown', 1000, 0, 300],
    ],
  );
  assert.equal(decodeHistogram(intendedSeen[1] as string).totalCount, 1000);
  const summary = outcome.summary;
  assert.ok(summary !== null);
  assert.equal(summary.model, 'open');
  assert.equal(summary.ops, 2000, 'warm-up and cool-down excluded');
  assert.equal(summary.targetOpsPerSec, 1000);
  assert.equal(summary.behindSchedule, 6);
  assert.equal(summary.intendedLatencyUs?.p50, 300);
  assert.equal(summary.timeToFullSpeedS, 0);
});

test('closed model: the summary says so, with time to full speed and no open figures', async () => {
  const { launcher } = fakeLauncher((w, m) => {
    if (m.type === 'start') w.emit({ type: 'ready', connections: m.connections, connectMs: 1 });
    if (m.type === 'go') {
      // A slow first second, then steady.
      for (const [s, ops] of [200, 1000, 1000].entries()) w.emit(interval(s, ops, 100));
      w.emit({ type: 'done', reason: 'completed' });
      w.exit(0);
    }
  });
  const r = run(config({ workers: 1 }), launcher);
  const outcome = await r.handle.done;
  const summary = outcome.summary;
  assert.ok(summary !== null);
  assert.equal(summary.model, 'closed');
  assert.equal(summary.timeToFullSpeedS, 1);
  assert.equal(summary.targetOpsPerSec, undefined);
  assert.equal(r.samples[0]?.scheduledOps, undefined);
});

test('a run whose server stopped answering ends failed by the lost-server rule, keeping its figures', async () => {
  // Two good seconds, then four with nothing but refused reconnects, to the run's planned end.
  const { launcher } = fakeLauncher((w, m) => {
    if (m.type === 'start') w.emit({ type: 'ready', connections: m.connections, connectMs: 1 });
    if (m.type === 'go') {
      for (const s of [0, 1, 2, 3, 4, 5]) {
        w.emit(
          s < 2
            ? interval(s, 500, 100)
            : interval(s, 0, 100, { errors: 4, errorsByCode: { ECONNREFUSED: 4 } }),
        );
      }
      w.emit({ type: 'done', reason: 'completed' });
      w.exit(0);
    }
  });
  const r = run(config({ warmupS: 0, durationS: 6 }), launcher);
  const outcome = await r.handle.done;
  assert.equal(outcome.status, 'failed');
  assert.match(
    outcome.endReason ?? '',
    /^the server was lost: no operation succeeded in the last 4 s of load while 32 failed .*; 32 errors \(ECONNREFUSED 32\) from 2 s; no operation succeeded after 2 s$/,
  );
  assert.equal(r.samples.length, 6, 'every second is kept');
  assert.equal(outcome.summary?.ops, 2000, 'the measured figures stay with the failed run');
  assert.equal(outcome.summary?.errors, 32);
});
