// The open-model capacity search as a state machine a runner drives: nextStep(), run it, record().
import type {
  CapacityStepMeasurement,
  CapacityStepPurpose,
  CapacityStepVerdict,
  CapacityStopReason,
  OpenCapacityResult,
  OpenCapacityStep,
  SearchNext,
} from '../../shared/capacity.ts';
import { MIN_RATE_OPS_PER_SEC, openSearchSettings } from './openSearchOptions.ts';
import type { OpenSearchOptions, OpenSearchSettings } from './openSearchOptions.ts';
import { stepP99Us } from './stepFigures.ts';
import { judgeStep } from './stepVerdict.ts';
import { achievedOpsPerSec } from './sustainability.ts';

/** What the runner does next: run a step at a rate, or stop with the result. */
export type OpenSearchNext = SearchNext<
  { rateOpsPerSec: number; purpose: CapacityStepPurpose },
  OpenCapacityResult
>;

type Planned = Extract<OpenSearchNext, { done: false }>;

/**
 * Geometric steps up from the first rate until a step fails (down, when the first already fails),
 * then bisection between the highest passing and lowest failing rate until they are within the
 * precision, then one confirmation re-run of the best passing rate; a failed confirmation turns
 * that rate into the failing end and the bisection goes on below it. A client-bound step ends the
 * search without a capacity. `--max-rate` and `--max-steps` end it early, saying so.
 */
export class OpenCapacitySearch {
  private readonly settings: OpenSearchSettings;
  private readonly steps: OpenCapacityStep[] = [];
  private readonly confirmed = new Set<number>();
  private passOpsPerSec: number | null = null;
  private failOpsPerSec: number | null = null;
  private planned: Planned | null = null;
  private result: OpenCapacityResult | null = null;

  constructor(options: OpenSearchOptions) {
    this.settings = openSearchSettings(options);
  }

  /** The step to run next (the same one until it is recorded), or the result once the search is over. */
  nextStep(): OpenSearchNext {
    if (this.result !== null) return { done: true, result: this.result };
    if (this.planned === null) {
      const next = this.plan();
      if (next.done) return next;
      this.planned = next;
    }
    return this.planned;
  }

  /** Takes what the step `nextStep()` asked for measured, and returns its verdict. */
  record(measurement: CapacityStepMeasurement): CapacityStepVerdict {
    const step = this.planned;
    if (step === null) throw new Error('record() needs a step from nextStep() first');
    this.planned = null;
    const rate = step.rateOpsPerSec;
    const verdict = judgeStep(this.settings.slos, rate, measurement);
    this.steps.push({
      rateOpsPerSec: rate,
      purpose: step.purpose,
      achievedOpsPerSec: achievedOpsPerSec(measurement),
      p99Us: stepP99Us(measurement),
      verdict,
      ...(measurement.runId === undefined ? {} : { runId: measurement.runId }),
    });
    if (verdict.clientBound) {
      this.finish(
        'client-bound',
        `client-bound at ${rate} ops/s: add load agents (--agents) or a faster client`,
      );
    } else if (verdict.passed) {
      if (step.purpose === 'confirm') this.confirmed.add(rate);
      this.passOpsPerSec = Math.max(this.passOpsPerSec ?? rate, rate);
    } else {
      this.failOpsPerSec = Math.min(this.failOpsPerSec ?? rate, rate);
      if (step.purpose === 'confirm') this.passOpsPerSec = this.bestPassBelow(rate);
    }
    return verdict;
  }

  /** The next step from the bracket so far, or the end of the search. */
  private plan(): OpenSearchNext {
    const { maxSteps, growthFactor, maxRateOpsPerSec, firstRateOpsPerSec } = this.settings;
    if (this.steps.length >= maxSteps) return this.finish('max-steps', this.maxStepsDetail());
    const pass = this.passOpsPerSec;
    const fail = this.failOpsPerSec;
    if (pass === null) {
      if (fail === null) return this.run(firstRateOpsPerSec, 'first');
      const lower = Math.floor(fail / growthFactor);
      return lower < MIN_RATE_OPS_PER_SEC
        ? this.finish('nothing-passed', this.nothingDetail())
        : this.run(lower, 'down');
    }
    if (fail === null && pass < maxRateOpsPerSec) {
      return this.run(Math.min(maxRateOpsPerSec, Math.round(pass * growthFactor)), 'up');
    }
    const middle = fail === null ? pass : Math.round((pass + fail) / 2);
    if (fail !== null && !this.within(pass, fail) && middle !== pass && middle !== fail) {
      return this.run(middle, 'bisect');
    }
    if (this.settings.confirm && !this.confirmed.has(pass)) return this.run(pass, 'confirm');
    return fail === null
      ? this.finish(
          'max-rate',
          `every step up to the --max-rate of ${pass} ops/s passed: the capacity is at least that; raise --max-rate to search higher`,
        )
      : this.finish(
          'converged',
          `the bracket ${pass}-${fail} ops/s is within the precision of ${this.percent(this.settings.precision)}`,
        );
  }

  private within(pass: number, fail: number): boolean {
    return (fail - pass) / pass <= this.settings.precision;
  }

  /** Highest rate that passed below `rate`, for the bisection after a failed confirmation. */
  private bestPassBelow(rate: number): number | null {
    const below = this.steps.filter((s) => s.verdict.passed && s.rateOpsPerSec < rate);
    return below.length === 0 ? null : Math.max(...below.map((s) => s.rateOpsPerSec));
  }

  private run(rateOpsPerSec: number, purpose: CapacityStepPurpose): Planned {
    return { done: false, rateOpsPerSec, purpose };
  }

  private finish(reason: CapacityStopReason, detail: string): OpenSearchNext {
    const reportsCapacity = reason !== 'client-bound' && reason !== 'nothing-passed';
    this.result = {
      model: 'open',
      slos: this.settings.slos.map((slo) => slo.expression),
      capacityOpsPerSec: reportsCapacity ? this.passOpsPerSec : null,
      bracket: { passOpsPerSec: this.passOpsPerSec, failOpsPerSec: this.failOpsPerSec },
      steps: [...this.steps],
      stop: { reason, detail },
    };
    return { done: true, result: this.result };
  }

  private maxStepsDetail(): string {
    const pass = this.passOpsPerSec;
    const fail = this.failOpsPerSec;
    const limit = `stopped at --max-steps ${this.settings.maxSteps}`;
    if (pass === null) return `${limit} before any step passed`;
    const unconfirmed = this.settings.confirm && !this.confirmed.has(pass) ? ', not confirmed' : '';
    if (fail === null) {
      return `${limit} with every step passing: the capacity is at least ${pass} ops/s${unconfirmed}`;
    }
    return `${limit} with the bracket at ${pass}-${fail} ops/s (${this.percent((fail - pass) / pass)} apart, precision ${this.percent(this.settings.precision)}): the capacity reported is the highest passing rate${unconfirmed}`;
  }

  private nothingDetail(): string {
    const lowest = this.steps.at(-1);
    const why = lowest === undefined ? '' : `: ${lowest.verdict.reasons.join('; ')}`;
    return `no rate passed; the lowest tried, ${String(lowest?.rateOpsPerSec)} ops/s, failed${why}`;
  }

  private percent(share: number): string {
    return `${Number((share * 100).toPrecision(3))}%`;
  }
}
