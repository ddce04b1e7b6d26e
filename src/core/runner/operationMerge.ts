// Merges the workers' per-operation counts of a second (mixes), and totals them over the measured phase.
import type { OperationSample, OperationSummary } from '../../shared/types.ts';
import { createHistogram, decodeHistogram, mergeInto, summarize } from '../loadgen/histogram.ts';
import type { Histogram } from '../loadgen/histogram.ts';
import type { OperationInterval } from '../loadgen/protocol.ts';

interface LabelTotals {
  ops: number;
  errors: number;
  errorsByCode: Record<string, number>;
  entries: number;
  histogram: Histogram;
}

function emptyTotals(): LabelTotals {
  return { ops: 0, errors: 0, errorsByCode: {}, entries: 0, histogram: createHistogram(64) };
}

function addInto(
  into: LabelTotals,
  ops: number,
  errors: number,
  codes: Record<string, number>,
  entries: number,
): void {
  into.ops += ops;
  into.errors += errors;
  into.entries += entries;
  for (const [code, n] of Object.entries(codes))
    into.errorsByCode[code] = (into.errorsByCode[code] ?? 0) + n;
}

/** One second's per-label figures, summed over the workers (index-aligned with the labels). */
export class SecondOperations {
  private readonly labels: readonly string[];
  private readonly totals: LabelTotals[] | null = null;

  constructor(labels: readonly string[]) {
    this.labels = labels;
    if (labels.length > 1) this.totals = labels.map(emptyTotals);
  }

  /** Adds one worker's per-label report. */
  add(operations: readonly OperationInterval[] | undefined): void {
    if (this.totals === null || operations === undefined) return;
    operations.forEach((o, i) => {
      const into = this.totals?.[i];
      if (into === undefined) return;
      addInto(into, o.ops, o.errors, o.errorsByCode, o.entries);
      // Percentiles are merged only as histograms, never averaged.
      mergeInto(into.histogram, decodeHistogram(o.histogram));
    });
  }

  /** The sample's `operations` field with each label's histogram, or null for single-operation workloads. */
  take(): { operations: Record<string, OperationSample>; histograms: Histogram[] } | null {
    if (this.totals === null) return null;
    const operations: Record<string, OperationSample> = {};
    this.totals.forEach((t, i) => {
      operations[this.labels[i] as string] = {
        ops: t.ops,
        errors: t.errors,
        errorsByCode: t.errorsByCode,
        entries: t.entries,
        latencyUs: summarize(t.histogram),
      };
    });
    return { operations, histograms: this.totals.map((t) => t.histogram) };
  }
}

/** Per-label totals over the measured seconds. */
export class OperationTotals {
  private readonly labels: readonly string[];
  private readonly totals: LabelTotals[];

  constructor(labels: readonly string[]) {
    this.labels = labels;
    this.totals = labels.map(emptyTotals);
  }

  /** Adds one measured second's per-label figures and histograms. */
  add(operations: Record<string, OperationSample>, histograms: readonly Histogram[]): void {
    this.labels.forEach((label, i) => {
      const o = operations[label];
      const into = this.totals[i];
      const histogram = histograms[i];
      if (o === undefined || into === undefined || histogram === undefined) return;
      addInto(into, o.ops, o.errors, o.errorsByCode, o.entries);
      mergeInto(into.histogram, histogram);
    });
  }

  /** Each label's measured figures over `measuredS` seconds; undefined for single-operation workloads. */
  summary(measuredS: number): Record<string, OperationSummary> | undefined {
    if (this.labels.length <= 1 || measuredS <= 0) return undefined;
    const out: Record<string, OperationSummary> = {};
    this.labels.forEach((label, i) => {
      const t = this.totals[i] as LabelTotals;
      out[label] = {
        opsPerSec: Math.round((t.ops / measuredS) * 10) / 10,
        ops: t.ops,
        errors: t.errors,
        errorsByCode: { ...t.errorsByCode },
        entriesPerOp: t.ops === 0 ? 0 : Math.round((t.entries / t.ops) * 1000) / 1000,
        latencyUs: summarize(t.histogram),
      };
    });
    return out;
  }
}
