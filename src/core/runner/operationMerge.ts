// Merges the workers' per-operation counts of a second (mixes), and totals them over the measured phase.
//
// Everything here is keyed by label (Maps in the workload's label order): a worker's entry names its
// label, and per-label records are built with Object.fromEntries so every label, `__proto__`
// included, is an own key; nothing pairs labels with figures by position or by object key order.
import type { OperationSample, OperationSummary } from '../../shared/types.ts';
import { encodeHistogram } from '../loadgen/histogram.ts';
import type { Histogram } from '../loadgen/histogram.ts';
import type { OperationInterval } from '../loadgen/protocol.ts';
import { FigureTotals } from './figureTotals.ts';

/** One label's merged second: the figures its sample shows and the histogram behind them. */
export interface LabelledOperation {
  label: string;
  figures: OperationSample;
  histogram: Histogram;
}

/** A fresh total for each label, in the workload's label order. */
function totalsByLabel(labels: readonly string[]): Map<string, FigureTotals> {
  return new Map(labels.map((label) => [label, new FigureTotals()]));
}

/** The totals of `label`; a label the workload does not have is a broken report, never dropped silently. */
function totalsOf(totals: Map<string, FigureTotals>, label: string, from: string): FigureTotals {
  const into = totals.get(label);
  if (into === undefined) {
    throw new Error(
      `${from} has figures for operation label ${JSON.stringify(label)}, which the workload does not have ` +
        `(its labels: ${[...totals.keys()].map((l) => JSON.stringify(l)).join(', ')})`,
    );
  }
  return into;
}

/** One second's per-label figures, summed over the workers. */
export class SecondOperations {
  private readonly totals: Map<string, FigureTotals> | null = null;

  constructor(labels: readonly string[]) {
    if (labels.length > 1) this.totals = totalsByLabel(labels);
  }

  /** Adds one worker's per-label report; throws when it names a label the workload does not have. */
  add(operations: readonly OperationInterval[] | undefined): void {
    const totals = this.totals;
    if (totals === null || operations === undefined) return;
    // Every label is checked before anything is added: a broken report changes nothing.
    const into = operations.map((o) => totalsOf(totals, o.label, 'a worker interval'));
    operations.forEach((o, i) => (into[i] as FigureTotals).addReported(o));
  }

  /** Each label's figures and histogram in the workload's label order, or null for single-operation workloads. */
  take(): LabelledOperation[] | null {
    if (this.totals === null) return null;
    return [...this.totals].map(([label, t]) => ({
      label,
      figures: t.sample(),
      histogram: t.histogram,
    }));
  }
}

/** The `operations` record of a sample: each label's figures under its own key. */
export function operationsRecord(
  operations: readonly LabelledOperation[],
): Record<string, OperationSample> {
  // Object.fromEntries defines own keys: `__proto__` stays a label, never the prototype.
  return Object.fromEntries(operations.map((o) => [o.label, o.figures]));
}

/** Each label's histogram, HDR compressed base64, keyed by label in the workload's label order. */
export function operationHistogramsBase64(
  operations: readonly LabelledOperation[],
): Map<string, string> {
  return new Map(operations.map((o) => [o.label, encodeHistogram(o.histogram)]));
}

/** Per-label totals over the measured seconds. */
export class OperationTotals {
  private readonly totals: Map<string, FigureTotals>;

  constructor(labels: readonly string[]) {
    this.totals = totalsByLabel(labels);
  }

  /** Adds one measured second's per-label figures and histograms. */
  add(operations: readonly LabelledOperation[]): void {
    for (const o of operations) {
      totalsOf(this.totals, o.label, 'a merged second').add(o.figures, o.histogram);
    }
  }

  /** Each label's measured figures over `measuredS` seconds; undefined for single-operation workloads. */
  summary(measuredS: number): Record<string, OperationSummary> | undefined {
    if (this.totals.size <= 1 || measuredS <= 0) return undefined;
    return Object.fromEntries(
      [...this.totals].map(([label, t]): [string, OperationSummary] => [
        label,
        t.summary(measuredS),
      ]),
    );
  }
}
