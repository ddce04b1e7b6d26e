import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CapacityStepMeasurement } from '../../shared/capacity.ts';
import type { RunSummary } from '../../shared/types.ts';
import { parseSlos } from './slo.ts';
import { judgeStep } from './stepVerdict.ts';
import {
  QUARTER_P99_GROWTH_LIMIT,
  SUSTAINED_RATE_SHARE,
  achievedOpsPerSec,
} from './sustainability.ts';

const SEND = { p50: 400, p90: 900, p99: 1_300, p999: 2_000, max: 4_000, mean: 500 };
const INTENDED = { p50: 500, p90: 1_400, p99: 3_200, p999: 6_000, max: 9_000, mean: 700 };

/** A 10 s open-model step at 2,000 ops/s, steady, as the OpenLDAP example measured. */
function step(
  summary: Partial<RunSummary> = {},
  quarters: [number | null, number | null] = [3_100, 3_300],
): CapacityStepMeasurement {
  return {
    summary: {
      opsPerSec: 2_000,
      ops: 20_000,
      errors: 0,
      errorsByCode: {},
      entriesPerOp: 1,
      measuredS: 10,
      latencyUs: SEND,
      intendedLatencyUs: INTENDED,
      model: 'open',
      ...summary,
    },
    labels: ['search'],
    firstQuarterP99Us: quarters[0],
    lastQuarterP99Us: quarters[1],
  };
}

test('the open model is judged on intended-time latency, not on the send time', () => {
  const verdict = judgeStep(parseSlos(['p99<2ms'], 'slo'), 2_000, step());
  assert.equal(verdict.passed, false);
  assert.deepEqual(verdict.reasons, [
    'SLO p99<2ms broken: p99 was 3.2 ms, 1.2 ms (60%) over the limit',
  ]);
  const ok = judgeStep(parseSlos(['p99<5ms', 'p99.9<50ms'], 'slo'), 2_000, step());
  assert.deepEqual([ok.passed, ok.reasons, ok.slos.length], [true, [], 2]);
});

test('an error rate SLO says by how much it broke', () => {
  const verdict = judgeStep(
    parseSlos(['errorRate<0.1%'], 'slo'),
    2_000,
    step({ ops: 19_960, errors: 40, errorsByCode: { busy: 40 } }),
  );
  assert.deepEqual(verdict.reasons, [
    'SLO errorRate<0.1% broken: errorRate was 0.2%, 0.1% (100%) over the limit',
  ]);
});

test('a step that completes less than 99% of its schedule is not sustainable', () => {
  const short = step({ ops: 19_700, opsPerSec: 1_970 });
  assert.equal(achievedOpsPerSec(short), 1_970);
  assert.deepEqual(judgeStep(parseSlos(['p99<5ms'], 'slo'), 2_000, short).reasons, [
    `not sustainable: completed 1970 of 2000 ops/s scheduled (98.5%, needs ${SUSTAINED_RATE_SHARE * 100}%)`,
  ]);
  const enough = step({ ops: 19_800, opsPerSec: 1_980 });
  assert.equal(judgeStep(parseSlos(['p99<5ms'], 'slo'), 2_000, enough).passed, true);
});

test("errors count as completed for the schedule: they are the error-rate SLO's business", () => {
  const failing = step({ ops: 10_000, errors: 10_000, opsPerSec: 1_000 });
  assert.equal(achievedOpsPerSec(failing), 2_000);
  assert.equal(judgeStep(parseSlos(['p99<5ms'], 'slo'), 2_000, failing).passed, true);
});

test("a last quarter's p99 above 1.5x the first quarter's fails the step: a queue grew", () => {
  const limit = parseSlos(['p99<50ms'], 'slo');
  const growing = judgeStep(limit, 2_000, step({}, [2_000, 3_100]));
  assert.equal(QUARTER_P99_GROWTH_LIMIT, 1.5);
  assert.deepEqual(growing.reasons, [
    "not sustainable: the last quarter's p99 (3.1 ms) is 1.55x the first quarter's (2 ms), more than 1.5x: a queue grew during the step",
  ]);
  assert.equal(judgeStep(limit, 2_000, step({}, [2_000, 3_000])).passed, true);
  assert.deepEqual(judgeStep(limit, 2_000, step({}, [2_000, null])).reasons, [
    'not sustainable: no operation completed in the last quarter of the step',
  ]);
});

test('a client-bound step fails with the evidence, whatever its figures', () => {
  const verdict = judgeStep(
    parseSlos(['p99<5ms'], 'slo'),
    2_000,
    step({ clientBound: true, clientBoundEvidence: 'worker CPU 99%' }),
  );
  assert.deepEqual(
    [verdict.passed, verdict.clientBound, verdict.reasons],
    [false, true, ['client-bound: worker CPU 99%']],
  );
});

test('a closed step has no schedule: only its SLOs judge it', () => {
  const closed = step({ ops: 5_000, opsPerSec: 500, model: 'closed' }, [1_000, 9_000]);
  delete closed.summary?.intendedLatencyUs;
  const verdict = judgeStep(parseSlos(['p99<2ms'], 'slo'), null, closed);
  assert.deepEqual([verdict.passed, verdict.reasons], [true, []]);
});

test('a step that measured nothing fails every SLO, saying so', () => {
  const verdict = judgeStep(parseSlos(['p99<5ms'], 'slo'), 2_000, {
    summary: null,
    labels: ['search'],
    firstQuarterP99Us: null,
    lastQuarterP99Us: null,
  });
  assert.deepEqual(verdict.reasons, [
    'SLO p99<5ms not met: the run measured nothing',
    'not sustainable: completed 0 of 2000 ops/s scheduled (0.0%, needs 99%)',
  ]);
});

test('a figure exactly at a strict limit breaks it, saying so', () => {
  const verdict = judgeStep(parseSlos(['p99<3.2ms'], 'slo'), 2_000, step());
  assert.deepEqual(verdict.reasons, ['SLO p99<3.2ms broken: p99 was 3.2 ms, at the limit']);
});
