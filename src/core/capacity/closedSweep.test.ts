import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { CapacityStepMeasurement, ClosedSweepResult } from '../../shared/capacity.ts';
import { parseThresholds } from '../../shared/thresholds.ts';
import { driveToEnd, simulateClosedStep } from '../testing/capacityServer.ts';
import { ClosedCapacitySweep } from './closedSweep.ts';
import type { ClosedSweepOptions } from './closedSweep.ts';
import { uslOpsPerSec } from './usl.ts';

const SERVER = { sigma: 0.04, kappa: 0.0015, lambdaOpsPerSec: 900 };

function sweep(
  options: Omit<ClosedSweepOptions, 'slos'> & { slos?: string[] },
  step: (concurrency: number) => CapacityStepMeasurement,
): ClosedSweepResult {
  const slos = parseThresholds(options.slos ?? ['p99<10s'], 'slo');
  return driveToEnd(new ClosedCapacitySweep({ ...options, slos }), (next) =>
    step(next.concurrency),
  );
}

test('doubles concurrency until throughput stops rising, then fits the USL and checks Little', () => {
  const result = sweep({}, (n) => simulateClosedStep(SERVER, n));
  assert.deepEqual(
    result.steps.map((s) => s.concurrency),
    [1, 2, 4, 8, 16, 32, 64, 128],
  );
  assert.equal(result.stop.reason, 'throughput-flat');
  assert.equal(
    result.stop.detail,
    'throughput stopped rising: 2 steps past concurrency 32 gained less than 5%',
  );
  assert.equal(result.best?.concurrency, 32);
  assert.ok(!('refused' in result.usl));
  if ('refused' in result.usl) return;
  assert.ok(Math.abs(result.usl.sigma - 0.04) < 0.005, String(result.usl.sigma));
  assert.ok(Math.abs(result.usl.kappa - 0.0015) < 0.0001, String(result.usl.kappa));
  assert.ok(result.usl.rSquared >= 0.999);
  const measuredPeak = Math.max(...result.steps.map((s) => s.achievedOpsPerSec));
  assert.ok(
    Math.abs((result.usl.predictedPeakOpsPerSec ?? 0) - measuredPeak) <= 0.1 * measuredPeak,
  );
  assert.ok(result.steps.every((s) => s.little?.withinTolerance === true));
  assert.ok(result.steps.every((s) => Math.abs(s.little?.deviation ?? 1) < 0.01));
});

test('a broken SLO ends the sweep, and the step says why', () => {
  const result = sweep({ slos: ['p99<4ms'] }, (n) => simulateClosedStep(SERVER, n));
  assert.equal(result.stop.reason, 'slo-broken');
  const last = result.steps.at(-1);
  assert.equal(last?.concurrency, 8);
  assert.match(result.stop.detail, /^concurrency 8 failed: SLO p99<4ms broken: p99 was 4\.5\d ms/);
  assert.equal(result.best?.concurrency, 4);
  assert.deepEqual(result.usl, { refused: 'a USL fit needs at least 5 steps; there are 4' });
});

test('a client-bound step ends the sweep without a best or a fit', () => {
  const result = sweep({}, (n) => {
    const step = simulateClosedStep(SERVER, n);
    return n < 8 || step.summary === null
      ? step
      : {
          ...step,
          summary: { ...step.summary, clientBound: true, clientBoundEvidence: 'CPU 100%' },
        };
  });
  assert.equal(result.stop.reason, 'client-bound');
  assert.match(
    result.stop.detail,
    /^client-bound at \d+ ops\/s \(concurrency 8\): add load agents \(--agents\) or a faster client$/,
  );
  assert.equal(result.best, null);
  assert.ok('refused' in result.usl);
});

test('--max-steps and the highest concurrency bound the sweep', () => {
  assert.equal(
    sweep({ maxSteps: 3 }, (n) => simulateClosedStep(SERVER, n)).stop.reason,
    'max-steps',
  );
  const capped = sweep({ maxConcurrency: 6 }, (n) => simulateClosedStep(SERVER, n));
  assert.deepEqual(
    capped.steps.map((s) => s.concurrency),
    [1, 2, 4, 6],
  );
  assert.equal(capped.stop.reason, 'max-concurrency');
  assert.throws(() => new ClosedCapacitySweep({ slos: [] }), /slo/);
  assert.throws(
    () => new ClosedCapacitySweep({ slos: parseThresholds(['p99<1s'], 's'), maxSteps: 0 }),
    /maxSteps must be a whole number/,
  );
});

test('property: a sweep over a server following a known USL recovers sigma and kappa, R^2 >= 0.95, peak within 10%', () => {
  fc.assert(
    fc.property(
      fc.double({ min: 0, max: 0.3, noNaN: true }),
      fc.double({ min: 3, max: 100, noNaN: true }),
      fc.double({ min: 50, max: 20_000, noNaN: true }),
      (sigma, peakN, lambdaOpsPerSec) => {
        const usl = { sigma, kappa: (1 - sigma) / (peakN * peakN), lambdaOpsPerSec };
        const result = sweep({}, (n) => simulateClosedStep(usl, n));
        if ('refused' in result.usl) throw new Error(result.usl.refused);
        assert.ok(result.usl.rSquared >= 0.95, String(result.usl.rSquared));
        assert.ok(Math.abs(result.usl.sigma - sigma) < 0.01, `sigma ${result.usl.sigma}`);
        assert.ok(
          Math.abs(result.usl.kappa - usl.kappa) <= 0.05 * usl.kappa,
          `kappa ${result.usl.kappa}`,
        );
        const truePeak = uslOpsPerSec(usl, peakN);
        const peak = result.usl.predictedPeakOpsPerSec ?? 0;
        assert.ok(Math.abs(peak - truePeak) <= 0.1 * truePeak, `${peak} against ${truePeak}`);
      },
    ),
    { numRuns: 100 },
  );
});
