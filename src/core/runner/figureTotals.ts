// Ops, errors and entries with their latency histogram, summed over workers or over seconds: the
// same arithmetic for a whole run and for each operation label of a mix.
import type { OperationSample, OperationSummary } from '../../shared/types.ts';
import { createHistogram, decodeHistogram, mergeInto, summarize } from '../loadgen/histogram.ts';
import type { Histogram } from '../loadgen/histogram.ts';

/** The counts of some ops, as a worker reports them and a sample shows them. */
export type FigureCounts = Pick<OperationSample, 'ops' | 'errors' | 'errorsByCode' | 'entries'>;

/** Summed counts and the merged latency histogram behind them. */
export class FigureTotals {
  private ops = 0;
  private errors = 0;
  private entries = 0;
  private readonly errorsByCode: Record<string, number> = {};
  /** The merged latencies (us). */
  readonly histogram: Histogram = createHistogram(64);

  /** Adds `counts` and their latency `histogram`. */
  add(counts: FigureCounts, histogram: Histogram): void {
    this.ops += counts.ops;
    this.errors += counts.errors;
    this.entries += counts.entries;
    for (const [code, n] of Object.entries(counts.errorsByCode))
      this.errorsByCode[code] = (this.errorsByCode[code] ?? 0) + n;
    // Percentiles are merged only as histograms, never averaged.
    mergeInto(this.histogram, histogram);
  }

  /** Adds a worker's report: its counts and its histogram as sent (HDR compressed base64). */
  addReported(report: FigureCounts & { histogram: string }): void {
    this.add(report, decodeHistogram(report.histogram));
  }

  /** The figures a sample shows: the counts (errorsByCode not copied) and latency percentiles. */
  sample(): OperationSample {
    return {
      ops: this.ops,
      errors: this.errors,
      errorsByCode: this.errorsByCode,
      entries: this.entries,
      latencyUs: summarize(this.histogram),
    };
  }

  /** The figures a summary shows over `measuredS` (> 0) measured seconds: rates and percentiles. */
  summary(measuredS: number): OperationSummary {
    const { ops } = this;
    return {
      opsPerSec: Math.round((ops / measuredS) * 10) / 10,
      ops,
      errors: this.errors,
      errorsByCode: { ...this.errorsByCode },
      entriesPerOp: ops === 0 ? 0 : Math.round((this.entries / ops) * 1000) / 1000,
      latencyUs: summarize(this.histogram),
    };
  }
}
