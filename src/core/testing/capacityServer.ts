// Simulated servers with a known capacity, for testing the capacity search without running load.
import type { CapacityStepMeasurement, SearchNext } from '../../shared/capacity.ts';
import type { LatencySummary } from '../../shared/sampleTypes.ts';
import type { RunSummary } from '../../shared/types.ts';

/** Seconds one simulated step measures. */
const STEP_S = 10;

/**
 * A server that serves `capacityOpsPerSec` at most. `queue`: an M/M/1-like queue whose p99 is
 * ln(100) / (C - rate); `flat`: a p99 of `serviceUs` at any rate below C. At or above C the queue
 * grows for the whole step (the last quarter's p99 is four times the first's) and it completes C.
 * A client whose ceiling is below the rate is flagged client-bound and completes its ceiling.
 */
export interface SimulatedServer {
  model: 'queue' | 'flat';
  capacityOpsPerSec: number;
  serviceUs: number;
  clientCeilingOpsPerSec?: number;
}

/** The highest rate at which `server` keeps `p99 < limitUs` and up with the schedule (exclusive bound). */
export function trueCapacityOpsPerSec(server: SimulatedServer, p99LimitUs: number): number {
  if (server.model === 'flat') return server.serviceUs < p99LimitUs ? server.capacityOpsPerSec : 0;
  return Math.max(0, server.capacityOpsPerSec - (Math.log(100) * 1e6) / p99LimitUs);
}

/** What a step at `rateOpsPerSec` against `server` measures. */
export function simulateOpenStep(
  server: SimulatedServer,
  rateOpsPerSec: number,
): CapacityStepMeasurement {
  const ceiling = server.clientCeilingOpsPerSec ?? Number.POSITIVE_INFINITY;
  const clientBound = rateOpsPerSec > ceiling;
  const offered = Math.min(rateOpsPerSec, ceiling);
  const capacity = server.capacityOpsPerSec;
  const overloaded = offered >= capacity;
  const steadyP99Us =
    server.model === 'flat'
      ? server.serviceUs
      : (Math.log(100) * 1e6) / Math.max(capacity - offered, 1e-9);
  const p99Us = overloaded ? 1e6 * STEP_S : steadyP99Us;
  const achieved = overloaded ? capacity : offered;
  const ops = Math.round(achieved * STEP_S);
  return {
    summary: summaryOf(ops, latency(p99Us), clientBound),
    labels: ['search'],
    firstQuarterP99Us: overloaded ? p99Us / 4 : p99Us,
    lastQuarterP99Us: p99Us,
  };
}

/** A closed step at `concurrency` against a server following the USL exactly, Little's law holding. */
export function simulateClosedStep(
  usl: { sigma: number; kappa: number; lambdaOpsPerSec: number },
  concurrency: number,
): CapacityStepMeasurement {
  const n = concurrency;
  const opsPerSec = (usl.lambdaOpsPerSec * n) / (1 + usl.sigma * (n - 1) + usl.kappa * n * (n - 1));
  const meanUs = (n / opsPerSec) * 1e6;
  return {
    summary: summaryOf(Math.round(opsPerSec * STEP_S), latency(meanUs * 3, meanUs), false),
    labels: ['search'],
    firstQuarterP99Us: meanUs * 3,
    lastQuarterP99Us: meanUs * 3,
  };
}

function latency(p99Us: number, meanUs = p99Us / 3): LatencySummary {
  return {
    p50: meanUs,
    p90: p99Us / 2,
    p99: p99Us,
    p999: p99Us * 1.5,
    max: p99Us * 2,
    mean: meanUs,
  };
}

function summaryOf(ops: number, latencyUs: LatencySummary, clientBound: boolean): RunSummary {
  return {
    opsPerSec: ops / STEP_S,
    ops,
    errors: 0,
    errorsByCode: {},
    entriesPerOp: 1,
    measuredS: STEP_S,
    latencyUs,
    intendedLatencyUs: latencyUs,
    clientBound,
    clientBoundEvidence: clientBound
      ? 'the workers were busy 100% of the time'
      : 'the client had headroom',
  };
}

/** A search or sweep as a runner sees it: ask for the next step, run it, record what it measured. */
interface Steppable<Step, Result> {
  nextStep(): SearchNext<Step, Result>;
  record(measurement: CapacityStepMeasurement): unknown;
}

/** Runs a search to its end against `step`, as a runner would; bounded, so a bug cannot loop. */
export function driveToEnd<Step, Result>(
  search: Steppable<Step, Result>,
  step: (planned: Step) => CapacityStepMeasurement,
  maxSteps = 200,
): Result {
  for (let i = 0; i < maxSteps; i++) {
    const next = search.nextStep();
    if (next.done) return next.result;
    search.record(step(next));
  }
  throw new Error(`the search did not end in ${maxSteps} steps`);
}
