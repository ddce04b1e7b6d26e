// Per-operation counts of one worker's current second, for mixes: each label gets its own counters and histogram.
import { createHistogram, encodeHistogram, recordLatencyUs } from './histogram.ts';
import type { Histogram } from './histogram.ts';
import type { OperationInterval } from './protocol.ts';

interface LabelCounts {
  label: string;
  ops: number;
  errors: number;
  errorsByCode: Record<string, number>;
  entries: number;
  histogram: Histogram;
}

/** Accumulates the current second per label; `take` ships and clears it, each entry naming its label. */
export class OperationRecorder {
  private readonly counts: LabelCounts[];

  /** `labels`: the compiled workload's labels; an op's label index points into this same list. */
  constructor(labels: readonly string[]) {
    this.counts = labels.map((label) => ({
      label,
      ops: 0,
      errors: 0,
      errorsByCode: {},
      entries: 0,
      histogram: createHistogram(),
    }));
  }

  /** Records a success of label `index`. */
  success(index: number, latencyUs: number, entries: number): void {
    const c = this.counts[index];
    if (c === undefined) return;
    c.ops++;
    c.entries += entries;
    recordLatencyUs(c.histogram, latencyUs);
  }

  /** Records a failure of label `index` (a failure outside any op, such as a reconnect, has none). */
  failure(index: number, codeName: string): void {
    const c = this.counts[index];
    if (c === undefined) return;
    c.errors++;
    c.errorsByCode[codeName] = (c.errorsByCode[codeName] ?? 0) + 1;
  }

  /** This second's counts per label, cleared as taken. */
  take(): OperationInterval[] {
    return this.counts.map((c) => {
      const interval: OperationInterval = {
        label: c.label,
        ops: c.ops,
        errors: c.errors,
        errorsByCode: c.errorsByCode,
        entries: c.entries,
        histogram: encodeHistogram(c.histogram),
      };
      c.ops = 0;
      c.errors = 0;
      c.errorsByCode = {};
      c.entries = 0;
      c.histogram.reset();
      return interval;
    });
  }
}
