import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { CapacityStepMeasurement, OpenCapacityResult } from '../../shared/capacity.ts';
import { parseThresholds } from '../../shared/thresholds.ts';
import { driveToEnd, simulateOpenStep, trueCapacityOpsPerSec } from '../testing/capacityServer.ts';
import type { SimulatedServer } from '../testing/capacityServer.ts';
import { OpenCapacitySearch } from './openSearch.ts';
import type { OpenSearchOptions } from './openSearchOptions.ts';

function drive(
  options: Omit<OpenSearchOptions, 'slos'> & { slos?: string[] },
  step: (rateOpsPerSec: number) => CapacityStepMeasurement,
): OpenCapacityResult {
  const slos = parseThresholds(options.slos ?? ['p99<20ms'], 'slo');
  return driveToEnd(new OpenCapacitySearch({ ...options, slos }), (next) =>
    step(next.rateOpsPerSec),
  );
}

const SERVER: SimulatedServer = { model: 'queue', capacityOpsPerSec: 8_000, serviceUs: 500 };

test('steps up geometrically, bisects, confirms and reports the highest passing rate', () => {
  const result = drive({ firstRateOpsPerSec: 1_000 }, (rate) => simulateOpenStep(SERVER, rate));
  const truth = trueCapacityOpsPerSec(SERVER, 20_000);
  assert.equal(result.stop.reason, 'converged');
  assert.deepEqual(
    result.steps.slice(0, 4).map((s) => [s.rateOpsPerSec, s.purpose, s.verdict.passed]),
    [
      [1_000, 'first', true],
      [2_000, 'up', true],
      [4_000, 'up', true],
      [8_000, 'up', false],
    ],
  );
  assert.equal(result.steps.at(-1)?.purpose, 'confirm');
  assert.equal(result.capacityOpsPerSec, result.bracket.passOpsPerSec);
  const { passOpsPerSec: pass, failOpsPerSec: fail } = result.bracket;
  assert.ok(pass !== null && fail !== null && (fail - pass) / pass <= 0.02, `${pass}-${fail}`);
  assert.ok(pass <= truth && pass >= 0.98 * truth, `${pass} against ${truth}`);
  assert.deepEqual(result.slos, ['p99<20ms']);
});

test('a failing step says which SLO broke and by how much, or why it was not sustainable', () => {
  const result = drive({ firstRateOpsPerSec: 7_900, maxSteps: 1 }, (rate) =>
    simulateOpenStep(SERVER, rate),
  );
  assert.deepEqual(result.steps[0]?.verdict.reasons, [
    'SLO p99<20ms broken: p99 was 46.1 ms, 26.1 ms (130%) over the limit',
  ]);
  const flat: SimulatedServer = { model: 'flat', capacityOpsPerSec: 1_000, serviceUs: 300 };
  const over = drive({ firstRateOpsPerSec: 1_005, maxSteps: 1, slos: ['p99<20s'] }, (rate) =>
    simulateOpenStep(flat, rate),
  );
  assert.deepEqual(over.steps[0]?.verdict.reasons, [
    "not sustainable: the last quarter's p99 (10 s) is 4.00x the first quarter's (2.5 s), more than 1.5x: a queue grew during the step",
  ]);
  assert.equal(over.stop.reason, 'max-steps');
  assert.equal(over.capacityOpsPerSec, null);
  assert.match(over.stop.detail, /stopped at --max-steps 1 before any step passed/);
});

test('a client-bound step stops the search without a capacity', () => {
  const result = drive({ firstRateOpsPerSec: 1_000 }, (rate) =>
    simulateOpenStep({ ...SERVER, clientCeilingOpsPerSec: 3_000 }, rate),
  );
  assert.equal(result.stop.reason, 'client-bound');
  assert.equal(
    result.stop.detail,
    'client-bound at 4000 ops/s: add load agents (--agents) or a faster client',
  );
  assert.equal(result.capacityOpsPerSec, null);
  assert.equal(result.bracket.passOpsPerSec, 2_000);
  assert.match(result.steps.at(-1)?.verdict.reasons.join() ?? '', /client-bound: the workers/);
});

test('a first rate that already fails steps down until one passes', () => {
  const result = drive({ firstRateOpsPerSec: 50_000 }, (rate) => simulateOpenStep(SERVER, rate));
  assert.deepEqual(
    result.steps.slice(0, 4).map((s) => [s.rateOpsPerSec, s.purpose]),
    [
      [50_000, 'first'],
      [25_000, 'down'],
      [12_500, 'down'],
      [6_250, 'down'],
    ],
  );
  assert.equal(result.stop.reason, 'converged');
});

test('nothing passing down to 1 ops/s ends with no capacity and the last reasons', () => {
  const result = drive({ firstRateOpsPerSec: 8, slos: ['p99<1us'] }, (rate) =>
    simulateOpenStep(SERVER, rate),
  );
  assert.equal(result.stop.reason, 'nothing-passed');
  assert.deepEqual(
    result.steps.map((s) => s.rateOpsPerSec),
    [8, 4, 2, 1],
  );
  assert.match(
    result.stop.detail,
    /^no rate passed; the lowest tried, 1 ops\/s, failed: SLO p99<1us/,
  );
  assert.equal(result.capacityOpsPerSec, null);
});

test('--max-rate caps the steps up and reports a lower bound, confirmed', () => {
  const result = drive({ firstRateOpsPerSec: 1_000, maxRateOpsPerSec: 3_000 }, (rate) =>
    simulateOpenStep(SERVER, rate),
  );
  assert.deepEqual(
    result.steps.map((s) => [s.rateOpsPerSec, s.purpose]),
    [
      [1_000, 'first'],
      [2_000, 'up'],
      [3_000, 'up'],
      [3_000, 'confirm'],
    ],
  );
  assert.equal(result.stop.reason, 'max-rate');
  assert.equal(result.capacityOpsPerSec, 3_000);
  assert.match(result.stop.detail, /at least that; raise --max-rate/);
});

test('--max-steps stops with the bracket so far and says how far apart it is', () => {
  const result = drive({ firstRateOpsPerSec: 1_000, maxSteps: 5 }, (rate) =>
    simulateOpenStep(SERVER, rate),
  );
  assert.equal(result.steps.length, 5);
  assert.equal(result.stop.reason, 'max-steps');
  assert.equal(result.capacityOpsPerSec, 6_000);
  assert.deepEqual(result.bracket, { passOpsPerSec: 6_000, failOpsPerSec: 8_000 });
  assert.equal(
    result.stop.detail,
    'stopped at --max-steps 5 with the bracket at 6000-8000 ops/s (33.3% apart, precision 2%): the capacity reported is the highest passing rate, not confirmed',
  );
});

test('a failed confirmation becomes the failing end and the bisection goes on below it', () => {
  // The true capacity is 7,770 ops/s: 7,750 passes in the bisection, then fails its confirmation.
  let runsAt7750 = 0;
  const result = drive({ firstRateOpsPerSec: 1_000 }, (rate) => {
    const flaky = rate === 7_750 && runsAt7750++ === 1;
    return simulateOpenStep(SERVER, flaky ? 9_000 : rate);
  });
  const purposes = result.steps.map((s) => `${s.rateOpsPerSec}:${s.purpose}:${s.verdict.passed}`);
  assert.ok(purposes.includes('7750:confirm:false'), purposes.join(' '));
  const after = purposes.slice(purposes.indexOf('7750:confirm:false') + 1);
  assert.ok(
    after.length > 0 && after.every((p) => Number(p.split(':')[0]) < 7_750),
    after.join(' '),
  );
  assert.equal(result.stop.reason, 'converged');
  assert.ok((result.capacityOpsPerSec ?? 0) < 7_750);
  assert.equal(result.bracket.failOpsPerSec, 7_750);
});

test('confirmation can be skipped', () => {
  const result = drive({ firstRateOpsPerSec: 1_000, confirm: false }, (rate) =>
    simulateOpenStep(SERVER, rate),
  );
  assert.ok(result.steps.every((s) => s.purpose !== 'confirm'));
  assert.equal(result.stop.reason, 'converged');
});

test('record() without a planned step is refused; nextStep() repeats the step until recorded', () => {
  const search = new OpenCapacitySearch({
    slos: parseThresholds(['p99<20ms'], 'slo'),
    firstRateOpsPerSec: 500,
  });
  assert.throws(() => search.record(simulateOpenStep(SERVER, 500)), /needs a step/);
  assert.deepEqual(search.nextStep(), search.nextStep());
});

test('options a search cannot run with are refused naming the option', () => {
  const slos = parseThresholds(['p99<20ms'], 'slo');
  assert.throws(() => new OpenCapacitySearch({ slos: [], firstRateOpsPerSec: 1 }), /slo/);
  assert.throws(
    () => new OpenCapacitySearch({ slos, firstRateOpsPerSec: 0 }),
    /firstRateOpsPerSec/,
  );
  assert.throws(
    () => new OpenCapacitySearch({ slos, firstRateOpsPerSec: 1, precision: 0 }),
    /precision must be above 0%/,
  );
  assert.throws(
    () => new OpenCapacitySearch({ slos, firstRateOpsPerSec: 1, maxSteps: 0 }),
    /maxSteps/,
  );
  assert.throws(
    () => new OpenCapacitySearch({ slos, firstRateOpsPerSec: 1, growthFactor: 1 }),
    /growthFactor/,
  );
});

test('property: against a server of known capacity the answer is never above it and within 8% below', () => {
  const server = fc.record({
    model: fc.constantFrom<'queue' | 'flat'>('queue', 'flat'),
    capacityOpsPerSec: fc.integer({ min: 200, max: 200_000 }),
    serviceUs: fc.integer({ min: 50, max: 5_000 }),
  });
  fc.assert(
    fc.property(
      server,
      fc.double({ min: 0.02, max: 20, noNaN: true }),
      fc.integer({ min: 2, max: 100 }),
      fc.boolean(),
      (simulated, firstShare, limitMs, confirm) => {
        const limitUs = limitMs * 1_000;
        const truth = trueCapacityOpsPerSec(simulated, limitUs);
        fc.pre(truth >= 0.05 * simulated.capacityOpsPerSec && truth >= 20);
        const result = drive(
          { firstRateOpsPerSec: firstShare * truth, confirm, slos: [`p99<${limitMs}ms`] },
          (rate) => simulateOpenStep(simulated, rate),
        );
        assert.equal(result.stop.reason, 'converged', result.stop.detail);
        const capacity = result.capacityOpsPerSec ?? 0;
        assert.ok(capacity <= truth, `${capacity} above the true ${truth}`);
        assert.ok(capacity >= 0.92 * truth, `${capacity} more than 8% below the true ${truth}`);
      },
    ),
    { numRuns: 300 },
  );
});
