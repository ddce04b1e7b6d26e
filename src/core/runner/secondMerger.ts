// Merges the workers' reports of each second into one RunSample, and the measured seconds into a RunSummary.
import type { RunPhase, RunSample, RunSummary, WorkerTelemetry } from '../../shared/types.ts';
import { encodeHistogram } from '../loadgen/histogram.ts';
import type { Histogram } from '../loadgen/histogram.ts';
import type { WorkerIntervalMessage } from '../loadgen/protocol.ts';
import { judgeClientBound } from './clientBound.ts';
import { ConnectionTotals, SecondConnections } from './connectionMerge.ts';
import { FigureTotals } from './figureTotals.ts';
import { OperationTotals, SecondOperations, operationsRecord } from './operationMerge.ts';
import type { LabelledOperation } from './operationMerge.ts';

/** One second as reported so far by some of the workers. */
interface Bucket {
  reports: number;
  intervalMs: number;
  /** Ops, errors, entries and the merged latency histogram of this second. */
  figures: FigureTotals;
  /** Connection counters and phase histograms of this second. */
  connections: SecondConnections;
  /** Each reporting worker's telemetry of this second. */
  workers: WorkerTelemetry[];
  /** Mixes: per-operation counts and histograms of this second. */
  operations: SecondOperations;
}

/** Collects per-worker interval reports by second until every worker has reported it. */
export class SecondMerger {
  private readonly buckets = new Map<number, Bucket>();
  /** The workload's result labels; more than one means per-operation figures are kept. */
  private readonly labels: readonly string[];

  constructor(labels: readonly string[] = []) {
    this.labels = labels;
  }

  /**
   * Adds one worker's report; returns how many workers have reported that second. Throws, adding
   * nothing, when the report has figures for an operation label the workload does not have.
   */
  add(report: WorkerIntervalMessage): number {
    let bucket = this.buckets.get(report.second);
    if (bucket === undefined) {
      bucket = {
        reports: 0,
        intervalMs: 0,
        figures: new FigureTotals(),
        connections: new SecondConnections(),
        workers: [],
        operations: new SecondOperations(this.labels),
      };
      this.buckets.set(report.second, bucket);
    }
    bucket.operations.add(report.operations);
    bucket.reports++;
    bucket.intervalMs = Math.max(bucket.intervalMs, report.intervalMs);
    bucket.figures.addReported(report);
    bucket.connections.add(report);
    if (report.telemetry !== undefined) bucket.workers.push(report.telemetry);
    return bucket.reports;
  }

  /** Workers that have reported `second` so far. */
  reportsFor(second: number): number {
    return this.buckets.get(second)?.reports ?? 0;
  }

  /**
   * Removes `second` and returns it as a sample (empty if nobody reported it) with its merged
   * histogram and, for mixes, each label's figures and histogram in the workload's label order.
   */
  take(
    second: number,
    phase: RunPhase,
    intervalMs?: number,
  ): { sample: RunSample; histogram: Histogram; operations: LabelledOperation[] | null } {
    const bucket = this.buckets.get(second);
    this.buckets.delete(second);
    const figures = bucket?.figures ?? new FigureTotals();
    const { histogram } = figures;
    const sample: RunSample = {
      second,
      phase,
      intervalMs:
        intervalMs ?? (bucket !== undefined && bucket.intervalMs > 0 ? bucket.intervalMs : 1000),
      ...figures.sample(),
      ...bucket?.connections.fields(),
    };
    // Telemetry is per worker, never merged: one saturated worker must stay visible.
    if (bucket !== undefined && bucket.workers.length > 0) {
      sample.workers = [...bucket.workers].sort((a, b) => a.worker - b.worker);
    }
    // A second nobody reported still lists every operation, at zero.
    const operations = (bucket?.operations ?? new SecondOperations(this.labels)).take();
    if (operations !== null) sample.operations = operationsRecord(operations);
    return { sample, histogram, operations };
  }
}

/** Totals over the measured seconds of a run. */
export class MeasuredTotals {
  private intervalMs = 0;
  private seconds = 0;
  private readonly figures = new FigureTotals();
  private readonly connections = new ConnectionTotals();
  /** Per measured second, the workers' telemetry, for the client-bound verdict. */
  private readonly telemetry: WorkerTelemetry[][] = [];
  private readonly operations: OperationTotals;

  constructor(labels: readonly string[] = []) {
    this.operations = new OperationTotals(labels);
  }

  /** Adds one measured second (with, for mixes, each label's figures and histogram). */
  add(
    sample: RunSample,
    histogram: Histogram,
    operations: readonly LabelledOperation[] | null = null,
  ): void {
    this.seconds++;
    this.telemetry.push(sample.workers ?? []);
    this.intervalMs += sample.intervalMs;
    this.figures.add(sample, histogram);
    this.connections.add(sample);
    if (operations !== null) this.operations.add(operations);
  }

  /** Whole-run figures, or null when no measured second was recorded. */
  summary(): RunSummary | null {
    if (this.seconds === 0 || this.intervalMs <= 0) return null;
    const measuredS = this.intervalMs / 1000;
    const operations = this.operations.summary(measuredS);
    return {
      ...(operations === undefined ? {} : { operations }),
      ...this.figures.summary(measuredS),
      measuredS,
      ...this.connections.fields(),
      ...judgeClientBound(this.telemetry),
    };
  }

  /** The merged latency histogram of the measured seconds, encoded; null when there were none. */
  histogramBase64(): string | null {
    return this.seconds === 0 ? null : encodeHistogram(this.figures.histogram);
  }
}
