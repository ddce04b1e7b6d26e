import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WorkerTelemetry } from '../../shared/types.ts';
import {
  GC_BOUND_PAUSE_MS,
  judgeClientBound,
  SATURATED_ELU,
  workerGcBound,
  workerSaturated,
} from './clientBound.ts';

function t(
  worker: number,
  cpuPercent: number,
  eventLoopUtilization: number,
  eventLoopDelayP99Us = 800,
): WorkerTelemetry {
  return { worker, cpuPercent, eventLoopUtilization, eventLoopDelayP99Us, outstanding: 16 };
}

/** `length` seconds of one worker reading `usual`, but for second `oddIndex` reading `odd`. */
function oneOddSecond(
  length: number,
  oddIndex: number,
  odd: WorkerTelemetry,
  usual: WorkerTelemetry,
): WorkerTelemetry[][] {
  return Array.from({ length }, (_, i) => [i === oddIndex ? odd : usual]);
}

/** Asserts the verdict on `seconds`: flagged or not, its evidence equal to each string and matching each pattern. */
function assertVerdict(
  seconds: WorkerTelemetry[][],
  clientBound: boolean,
  ...evidence: (string | RegExp)[]
): void {
  const verdict = judgeClientBound(seconds);
  assert.equal(verdict.clientBound, clientBound);
  for (const expected of evidence) {
    if (typeof expected === 'string') assert.equal(verdict.clientBoundEvidence, expected);
    else assert.match(verdict.clientBoundEvidence, expected);
  }
}

test('a worker pinned at one core with a busy loop in 9 of 10 seconds flags the run', () => {
  const seconds = oneOddSecond(10, 0, t(1, 70, 0.8), t(1, 97, 0.99));
  assertVerdict(
    seconds,
    true,
    'worker 1 used 97% CPU and its event loop was busy 99% of the time in 9 of 10 measured seconds (event-loop delay p99 up to 0.8 ms); the client, not the server, limited this run',
  );
});

test('workers with headroom are not flagged, and the evidence gives the peaks', () => {
  const seconds = Array.from({ length: 5 }, (_, i) => [t(1, 30 + i, 0.4), t(2, 41, 0.52, 1500)]);
  assertVerdict(
    seconds,
    false,
    'workers peaked at 41% CPU, event-loop utilisation 0.52, event-loop delay p99 1.5 ms: the client had headroom',
  );
});

test('one saturated second in ten (a GC pause, a scheduler blip) is reported but does not flag', () => {
  const seconds = oneOddSecond(10, 4, t(1, 99, 0.97), t(1, 50, 0.6));
  assertVerdict(
    seconds,
    false,
    /saturated in only 1 of 10 measured seconds/,
    /the client had headroom$/,
  );
});

test('a quarter of the seconds is enough; any worker saturating counts the second', () => {
  const seconds = Array.from({ length: 8 }, (_, i) => [
    t(1, 40, 0.5),
    i < 2 ? t(2, 98, 0.96) : t(2, 45, 0.55),
  ]);
  assertVerdict(
    seconds,
    true,
    /^worker 2 used 98% CPU .* in 2 of 8 measured seconds \(event-loop delay p99 up to 0\.8 ms\);/,
  );
});

test('a starved worker (busy loop, little CPU) is flagged and the shared cores are named', () => {
  const seconds = Array.from({ length: 4 }, () => [t(1, 55, 0.98)]);
  assertVerdict(seconds, true, /other processes competed for this machine's cores/);
});

test('a late loop alone (a worker descheduled on a busy machine) does not count as saturated', () => {
  assert.equal(workerSaturated(t(1, 15, 0.31, 114_000)), false);
  assert.equal(workerSaturated(t(1, 60, SATURATED_ELU)), true);
  const verdict = judgeClientBound([[t(1, 15, 0.31, 114_000)], [t(1, 20, 0.5, 300_000)]]);
  assert.equal(verdict.clientBound, false);
  assert.match(
    verdict.clientBoundEvidence,
    /event-loop delay p99 300 ms: the client had headroom$/,
  );
});

test('one saturated second is noise unless it is the whole run', () => {
  assert.equal(
    judgeClientBound([[t(1, 99, 0.99)], [t(1, 40, 0.5)], [t(1, 40, 0.5)]]).clientBound,
    false,
  );
  assert.equal(judgeClientBound([[t(1, 99, 0.99)]]).clientBound, true);
  const twoOfFour = judgeClientBound([[t(1, 99, 0.99)], [t(1, 99, 0.99)], [t(1, 40, 0.5)], []]);
  assert.equal(twoOfFour.clientBound, true);
  assert.match(twoOfFour.clientBoundEvidence, /in 2 of 3 measured seconds/);
});

test('several saturated workers are all named with the count of seconds', () => {
  const seconds = Array.from({ length: 4 }, (_, i) => [
    t(1, 96, 0.95),
    t(2, 99, 0.99),
    i === 0 ? t(3, 50, 0.5) : t(3, 95, 0.93),
  ]);
  assertVerdict(
    seconds,
    true,
    /^a worker was saturated in 4 of 4 measured seconds: worker 1 used 96% CPU .* in 4 of 4 .*; worker 2 used 99% CPU .*; worker 3 used 95% CPU .* in 3 of 4 measured seconds \(event-loop delay p99 up to 0\.8 ms\); the client, not the server, limited this run$/,
  );
});

test('no telemetry: not flagged, and the evidence says it could not be judged', () => {
  const verdict = judgeClientBound([[], []]);
  assert.equal(verdict.clientBound, false);
  assert.match(verdict.clientBoundEvidence, /could not be judged/);
  assert.equal(judgeClientBound([]).clientBound, false);
});

/** A reading with GC figures: `gcPauseMs` of pause in the second, `majorGcCount` of them major. */
function g(
  worker: number,
  eventLoopUtilization: number,
  gcPauseMs: number,
  majorGcCount = 0,
): WorkerTelemetry {
  return {
    ...t(worker, eventLoopUtilization * 100, eventLoopUtilization),
    gcPauseMs,
    gcCount: 40 + majorGcCount,
    majorGcCount,
  };
}

test('a tenth of a second in GC pauses is GC-bound; less, or no GC figures, is not', () => {
  assert.equal(GC_BOUND_PAUSE_MS, 100);
  assert.equal(workerGcBound(g(1, 0.5, 100)), true);
  assert.equal(workerGcBound(g(1, 0.5, 99.9)), false);
  assert.equal(workerGcBound(t(1, 50, 0.5)), false);
});

test('a worker losing a tenth of its seconds to GC in a quarter of the run is flagged, with its share', () => {
  // Its loop is not saturated by the event-loop rule: GC alone flags the run.
  const seconds = Array.from({ length: 8 }, (_, i) => [
    i < 3 ? g(1, 0.8, 180, 6) : g(1, 0.6, 20, 1),
  ]);
  assertVerdict(
    seconds,
    true,
    'worker 1 spent 8.0% of its time in GC pauses, 10% or more in 3 of 8 measured seconds (23 major collections); the client, not the server, limited this run',
  );
});

test('a client with headroom gives the share of the measured time its GC took', () => {
  const seconds = Array.from({ length: 4 }, (_, i) => [g(1, 0.5, 10 + i * 10), g(2, 0.4, 5)]);
  const verdict = judgeClientBound(seconds);
  assert.equal(verdict.clientBound, false);
  // (10 + 20 + 30 + 40 + 4 x 5) ms over 8 worker-seconds.
  assert.equal(
    verdict.clientBoundEvidence,
    "workers peaked at 50% CPU, event-loop utilisation 0.50, event-loop delay p99 0.8 ms, and GC pauses took 1.5% of the workers' measured time: the client had headroom",
  );
});

test('one GC-heavy second in ten is reported but does not flag', () => {
  const seconds = oneOddSecond(10, 3, g(1, 0.5, 400), g(1, 0.5, 20));
  assertVerdict(
    seconds,
    false,
    /^a worker paused for GC 10% or more of a second in only 1 of 10 measured seconds \(a run is flagged from 3\); workers peaked at .*, and GC pauses took 5\.8% of the worker's measured time: the client had headroom$/,
  );
});

test('a saturated loop with little GC is flagged by the loop, and the GC share is still given', () => {
  const seconds = Array.from({ length: 4 }, () => [g(1, 0.97, 25)]);
  assertVerdict(
    seconds,
    true,
    /^worker 1 used 97% CPU and its event loop was busy 97% of the time in 4 of 4 measured seconds .*; GC pauses took 2\.5% of the worker's measured time; the client, not the server, limited this run$/,
  );
});

test('both rules firing give both findings; several GC-bound workers are counted by second', () => {
  const seconds = Array.from({ length: 4 }, (_, i) => [
    g(1, 0.95, 120, 2),
    i < 2 ? g(2, 0.6, 150, 3) : g(2, 0.6, 10),
  ]);
  assertVerdict(
    seconds,
    true,
    /^worker 1 used 95% CPU .* in 4 of 4 measured seconds \(event-loop delay p99 up to 0\.8 ms\); a worker paused for GC 10% or more of a second in 4 of 4 measured seconds: worker 1 spent 12% of its time in GC pauses, 10% or more in 4 of 4 measured seconds \(8 major collections\); worker 2 spent 8\.0% of its time in GC pauses, 10% or more in 2 of 4 measured seconds \(6 major collections\); the client, not the server, limited this run$/,
  );
});

test('runs recorded before GC was measured are judged and worded as before', () => {
  const mixed = judgeClientBound([[t(1, 40, 0.5)], [t(1, 41, 0.5)]]);
  assert.doesNotMatch(mixed.clientBoundEvidence, /GC/);
});
