// The closed-model sweep as a state machine: concurrency 1, 2, 4, ... until throughput stops rising or an SLO breaks.
import type {
  CapacityStepMeasurement,
  CapacityStepVerdict,
  ClosedCapacityStep,
  ClosedSweepResult,
  ClosedSweepStopReason,
  SearchNext,
} from '../../shared/capacity.ts';
import { invalid } from '../../shared/errors.ts';
import type { Threshold } from '../../shared/thresholds.ts';
import { littleCheck } from './littlesLaw.ts';
import { requireSlos } from './slo.ts';
import { stepP99Us } from './stepFigures.ts';
import { judgeStep } from './stepVerdict.ts';
import { achievedOpsPerSec } from './sustainability.ts';
import { USL_MIN_POINTS, fitUsl } from './usl.ts';

/** A step "raises" throughput only when it beats the best so far by this share. */
export const MIN_THROUGHPUT_GAIN = 0.05;

/** Steps in a row without a raise after which throughput has stopped rising (SLAMD's maxNonImproving). */
export const FLAT_STEPS = 2;

/** Highest concurrency a sweep goes to unless told otherwise. */
export const DEFAULT_MAX_CONCURRENCY = 1_024;

/** Most steps of a sweep unless told otherwise: 1 to 1,024 by doubling is 11. */
export const DEFAULT_SWEEP_STEPS = 12;

/** What a caller gives a closed sweep. */
export interface ClosedSweepOptions {
  slos: readonly Threshold[];
  /** Highest concurrency a step may use. */
  maxConcurrency?: number;
  /** Most steps the sweep runs. */
  maxSteps?: number;
}

/** What the runner does next: run a step at a concurrency, or stop with the result. */
export type ClosedSweepNext = SearchNext<{ concurrency: number }, ClosedSweepResult>;

/**
 * Doubles the concurrency each step until throughput stops rising (after at least the USL fit's
 * 5 steps) or a step fails an SLO; each step is checked with Little's law, and the steps that
 * were not client-bound are fitted with the USL.
 */
export class ClosedCapacitySweep {
  private readonly slos: readonly Threshold[];
  private readonly maxConcurrency: number;
  private readonly maxSteps: number;
  private readonly steps: ClosedCapacityStep[] = [];
  private result: ClosedSweepResult | null = null;
  private stopped: { reason: ClosedSweepStopReason; detail: string } | null = null;

  constructor(options: ClosedSweepOptions) {
    this.slos = options.slos;
    this.maxConcurrency = options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY;
    this.maxSteps = options.maxSteps ?? DEFAULT_SWEEP_STEPS;
    requireSlos(options.slos, 'slo');
    if (!Number.isInteger(this.maxConcurrency) || this.maxConcurrency < 1) {
      throw invalid(
        'maxConcurrency',
        `maxConcurrency must be a whole number of at least 1, got ${this.maxConcurrency}`,
      );
    }
    if (!Number.isInteger(this.maxSteps) || this.maxSteps < 1) {
      throw invalid(
        'maxSteps',
        `maxSteps must be a whole number of at least 1, got ${this.maxSteps}`,
      );
    }
  }

  /** The concurrency to run next, or the result once the sweep is over. */
  nextStep(): ClosedSweepNext {
    this.result ??= this.stopped === null ? this.limitReached() : this.finish(this.stopped);
    if (this.result !== null) return { done: true, result: this.result };
    const last = this.steps.at(-1)?.concurrency;
    return {
      done: false,
      concurrency: last === undefined ? 1 : Math.min(this.maxConcurrency, last * 2),
    };
  }

  /** Takes what the step `nextStep()` asked for measured, and returns its verdict. */
  record(measurement: CapacityStepMeasurement): CapacityStepVerdict {
    const next = this.nextStep();
    if (next.done) throw new Error('record() after the sweep ended');
    const concurrency = next.concurrency;
    const verdict = judgeStep(this.slos, null, measurement);
    const opsPerSec = achievedOpsPerSec(measurement);
    const summary = measurement.summary;
    const meanLatencyUs = summary === null || summary.ops === 0 ? null : summary.latencyUs.mean;
    this.steps.push({
      concurrency,
      achievedOpsPerSec: opsPerSec,
      p99Us: stepP99Us(measurement),
      meanLatencyUs,
      verdict,
      little: littleCheck(concurrency, opsPerSec, meanLatencyUs),
      ...(measurement.runId === undefined ? {} : { runId: measurement.runId }),
    });
    this.stopped = this.stopAfter(concurrency, verdict, opsPerSec);
    return verdict;
  }

  /** Why the sweep stops after this step, or null to go on. */
  private stopAfter(
    concurrency: number,
    verdict: CapacityStepVerdict,
    opsPerSec: number,
  ): { reason: ClosedSweepStopReason; detail: string } | null {
    const rate = Math.round(opsPerSec);
    if (verdict.clientBound) {
      return {
        reason: 'client-bound',
        detail: `client-bound at ${rate} ops/s (concurrency ${concurrency}): add load agents (--agents) or a faster client`,
      };
    }
    if (!verdict.passed) {
      return {
        reason: 'slo-broken',
        detail: `concurrency ${concurrency} failed: ${verdict.reasons.join('; ')}`,
      };
    }
    const flat = this.steps.slice(-FLAT_STEPS - 1);
    const base = flat[0]?.achievedOpsPerSec ?? 0;
    const rising = flat
      .slice(1)
      .some((s) => s.achievedOpsPerSec > base * (1 + MIN_THROUGHPUT_GAIN));
    // A fit needs USL_MIN_POINTS steps, so a server that peaks early is swept a little past its peak.
    if (flat.length === FLAT_STEPS + 1 && !rising && this.steps.length >= USL_MIN_POINTS) {
      return {
        reason: 'throughput-flat',
        detail: `throughput stopped rising: ${FLAT_STEPS} steps past concurrency ${String(flat[0]?.concurrency)} gained less than ${MIN_THROUGHPUT_GAIN * 100}%`,
      };
    }
    return null;
  }

  private limitReached(): ClosedSweepResult | null {
    const last = this.steps.at(-1)?.concurrency;
    if (last !== undefined && last >= this.maxConcurrency) {
      return this.finish({
        reason: 'max-concurrency',
        detail: `reached the highest concurrency, ${this.maxConcurrency}`,
      });
    }
    if (this.steps.length >= this.maxSteps) {
      return this.finish({
        reason: 'max-steps',
        detail: `stopped at the most steps, ${this.maxSteps}`,
      });
    }
    return null;
  }

  private finish(stop: { reason: ClosedSweepStopReason; detail: string }): ClosedSweepResult {
    const clientBound = stop.reason === 'client-bound';
    const passing = this.steps.filter((s) => s.verdict.passed);
    const best = passing.reduce<ClosedCapacityStep | null>(
      (a, b) => (a === null || b.achievedOpsPerSec > a.achievedOpsPerSec ? b : a),
      null,
    );
    return {
      model: 'closed',
      slos: this.slos.map((slo) => slo.expression),
      steps: [...this.steps],
      best:
        clientBound || best === null
          ? null
          : { concurrency: best.concurrency, opsPerSec: best.achievedOpsPerSec },
      usl: clientBound
        ? { refused: "the sweep ended client-bound, so its throughput is not the server's" }
        : fitUsl(
            this.steps.map((s) => ({ concurrency: s.concurrency, opsPerSec: s.achievedOpsPerSec })),
          ),
      stop,
    };
  }
}
