// Open-model figures across workers: per second (scheduled, behind, intended-start latency) and over the measured phase.
import type { LatencySummary, RunSample } from '../../shared/types.ts';
import {
  createHistogram,
  decodeHistogram,
  encodeHistogram,
  mergeInto,
  summarize,
} from '../loadgen/histogram.ts';
import type { Histogram } from '../loadgen/histogram.ts';
import type { WorkerIntervalMessage } from '../loadgen/protocol.ts';

/** The open-model fields of one merged second. */
export type OpenSampleFields = Required<
  Pick<RunSample, 'intendedLatencyUs' | 'scheduledOps' | 'behindSchedule'>
>;

/** The open-model fields of a run summary. */
export interface OpenSummaryFields {
  targetOpsPerSec: number;
  behindSchedule: number;
  intendedLatencyUs: LatencySummary;
}

interface OpenBucket {
  scheduledOps: number;
  behindSchedule: number;
  histogram: Histogram;
}

/** Collects the workers' open-model reports by second, beside the SecondMerger. */
export class OpenSecondMerger {
  private readonly buckets = new Map<number, OpenBucket>();

  /** Adds one worker's report (closed-model reports carry nothing and are ignored). */
  add(report: WorkerIntervalMessage): void {
    if (report.intendedHistogram === undefined) return;
    let bucket = this.buckets.get(report.second);
    if (bucket === undefined) {
      bucket = { scheduledOps: 0, behindSchedule: 0, histogram: createHistogram(64) };
      this.buckets.set(report.second, bucket);
    }
    bucket.scheduledOps += report.scheduledOps ?? 0;
    bucket.behindSchedule += report.behindSchedule ?? 0;
    mergeInto(bucket.histogram, decodeHistogram(report.intendedHistogram));
  }

  /** Removes `second` and returns its merged fields (zeros if nobody reported it) and histogram. */
  take(second: number): { fields: OpenSampleFields; histogram: Histogram } {
    const bucket = this.buckets.get(second);
    this.buckets.delete(second);
    const histogram = bucket?.histogram ?? createHistogram(64);
    return {
      fields: {
        intendedLatencyUs: summarize(histogram),
        scheduledOps: bucket?.scheduledOps ?? 0,
        behindSchedule: bucket?.behindSchedule ?? 0,
      },
      histogram,
    };
  }
}

/** Open-model totals over the measured seconds. */
export class OpenTotals {
  private scheduledOps = 0;
  private behindSchedule = 0;
  private readonly histogram = createHistogram(64);

  /** Adds one measured second. */
  add(fields: OpenSampleFields, histogram: Histogram): void {
    this.scheduledOps += fields.scheduledOps;
    this.behindSchedule += fields.behindSchedule;
    mergeInto(this.histogram, histogram);
  }

  /** Summary figures for `measuredS` measured seconds: the target is the mean scheduled rate. */
  summary(measuredS: number): OpenSummaryFields {
    return {
      targetOpsPerSec: measuredS > 0 ? Math.round((this.scheduledOps / measuredS) * 10) / 10 : 0,
      behindSchedule: this.behindSchedule,
      intendedLatencyUs: summarize(this.histogram),
    };
  }

  /** The merged intended-start histogram of the measured seconds, encoded. */
  histogramBase64(): string {
    return encodeHistogram(this.histogram);
  }
}
