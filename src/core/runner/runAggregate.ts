// What a run's merged seconds add up to: each second's sample and histograms as all workers reported
// it, the measured totals, the open model's figures, time to full speed, the run's own entries, and
// the verdict on a run that reached its end (completed through faults, or its server lost).
import type { RateStep, RunConfig, RunSample, RunSummary } from '../../shared/types.ts';
import { workloadLabels } from '../../shared/workload.ts';
import { encodeHistogram } from '../loadgen/histogram.ts';
import type { WorkerIntervalMessage } from '../loadgen/protocol.ts';
import { rateStepsFor } from '../loadgen/rateSchedule.ts';
import { OpenSecondMerger, OpenTotals } from './openMerger.ts';
import { operationHistogramsBase64 } from './operationMerge.ts';
import { RunDigest } from './runDigest.ts';
import { phaseOfSecond } from './runPhases.ts';
import { ServerLossWatch } from './serverLoss.ts';
import { MeasuredTotals, SecondMerger } from './secondMerger.ts';
import { ServerFigures } from './serverMerge.ts';
import { timeToFullSpeedS } from './timeToFullSpeed.ts';
import type { RunOutcome } from './runContract.ts';

/** One merged second, ready for the observer. */
export interface MergedSecond {
  sample: RunSample;
  histogramBase64: string;
  /** Open model only: latencies from each op's intended start. */
  intendedHistogramBase64: string | undefined;
  /** Mixes: each operation label's histogram. */
  operationHistogramsBase64: ReadonlyMap<string, string> | undefined;
}

/** Accumulates a run's seconds as they are merged; one per run. */
export class RunAggregate {
  /** Warm-up + measured + cool-down seconds. */
  readonly totalS: number;
  /** Open model: the whole run's target rate as profile steps; null for the closed model. */
  readonly rateSteps: RateStep[] | null;
  private readonly config: RunConfig;
  private readonly merger: SecondMerger;
  private readonly totals: MeasuredTotals;
  private readonly openMerger = new OpenSecondMerger();
  private readonly openTotals = new OpenTotals();
  /** Per-second rate of every full warm-up and measured second, for time to full speed. */
  private readonly ratesBySecond: number[] = [];
  private readonly digest: RunDigest;
  private readonly loss = new ServerLossWatch();
  /** Runs on several servers: each one's share. */
  private readonly servers: ServerFigures;
  /** The run's own entries: pool added before load, removed and left after it. */
  private readonly own = { poolAdded: 0, removed: 0, left: 0, reported: false };

  constructor(config: RunConfig) {
    this.config = config;
    const labels = workloadLabels(config.workloadSpec);
    this.merger = new SecondMerger(labels);
    this.totals = new MeasuredTotals(labels);
    this.totalS = config.warmupS + config.durationS + config.cooldownS;
    this.rateSteps = rateStepsFor(config.targetOpsPerSec, config.rateProfile, this.totalS);
    this.digest = new RunDigest(this.rateSteps === null);
    this.servers = new ServerFigures(config);
  }

  /** A worker's report of one second; throws on figures under a label the workload does not have. */
  add(report: WorkerIntervalMessage): void {
    this.merger.add(report);
    this.openMerger.add(report);
    this.servers.add(report);
  }

  /** How many workers have reported `second`. */
  reportsFor(second: number): number {
    return this.merger.reportsFor(second);
  }

  /** Merges `second` (partial when `intervalMs` is under 1000) and counts it where its phase says. */
  take(second: number, intervalMs?: number): MergedSecond {
    const { warmupS, durationS } = this.config;
    const phase = phaseOfSecond(second, warmupS, durationS);
    const { sample, histogram, operations } = this.merger.take(second, phase, intervalMs);
    if (phase === 'measured') this.totals.add(sample, histogram, operations);
    const servers = this.servers.take(second, phase === 'measured');
    if (servers !== undefined) sample.servers = servers;
    this.digest.add(sample);
    this.loss.add(sample);
    // Cool-down seconds are excluded like warm-up; a partial (stopped) second is no rate.
    if (phase !== 'cooldown' && sample.intervalMs === 1000) this.ratesBySecond.push(sample.ops);
    let intendedHistogramBase64: string | undefined;
    if (this.rateSteps !== null) {
      const open = this.openMerger.take(second);
      Object.assign(sample, open.fields);
      if (phase === 'measured') this.openTotals.add(open.fields, open.histogram);
      intendedHistogramBase64 = encodeHistogram(open.histogram);
    }
    return {
      sample,
      histogramBase64: encodeHistogram(histogram),
      intendedHistogramBase64,
      operationHistogramsBase64:
        operations === null ? undefined : operationHistogramsBase64(operations),
    };
  }

  /** Entries a worker added to the run's pool before load. */
  addPool(entries: number): void {
    this.own.poolAdded += entries;
  }

  /** What a worker's clean-up removed and had to leave. */
  addCleaned(removed: number, left: number): void {
    this.own.removed += removed;
    this.own.left += left;
    this.own.reported = true;
  }

  /**
   * How the run ended, from how it was ended (`status`, `endReason`). A run that completed through
   * faults says what happened (errors by cause, silent seconds); the lost-server rule fails it, and
   * its figures are kept (measured to its end, they show what was lost). Other failed runs have none.
   */
  outcome(status: RunOutcome['status'], endReason: string | null): RunOutcome {
    let lostServer = false;
    if (status === 'completed' && endReason === null) {
      endReason = this.digest.reason();
      const lost = this.loss.verdict();
      if (lost !== null) {
        status = 'failed';
        lostServer = true;
        endReason = `${lost}; ${endReason ?? ''}`.replace(/; $/, '');
      }
    }
    return {
      status,
      endReason,
      summary: status === 'failed' && !lostServer ? null : this.summary(),
      histogramBase64: this.histogramBase64(),
    };
  }

  /** The measured totals with the load model, its open-model figures and time to full speed. */
  summary(): RunSummary | null {
    const base = this.totals.summary();
    if (base === null) return null;
    const summary: RunSummary = {
      ...base,
      model: this.rateSteps === null ? 'closed' : 'open',
      timeToFullSpeedS: timeToFullSpeedS(this.ratesBySecond),
    };
    if (this.rateSteps !== null) Object.assign(summary, this.openTotals.summary(base.measuredS));
    const servers = this.servers.summary(base.measuredS);
    if (servers !== undefined) summary.servers = servers;
    const own = this.own;
    if (own.poolAdded > 0 || own.reported) {
      summary.ownEntries = { poolAdded: own.poolAdded, removed: own.removed, left: own.left };
    }
    return summary;
  }

  /** The measured seconds' merged histogram (null before any). */
  histogramBase64(): string | null {
    return this.totals.histogramBase64();
  }
}
