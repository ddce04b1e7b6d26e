// HDR latency histograms in integer microseconds (1 us .. 1 hour, 3 significant digits): record, ship, merge, summarize.
// Not the package's index: it also loads the log writer, which builds an Intl.NumberFormat at load
// (ICU set-up, ~15 ms in every process that imports histograms, each load worker included).
import { build } from 'hdr-histogram-js/dist/HistogramBuilder.js';
import {
  decodeFromCompressedBase64,
  encodeIntoCompressedBase64,
} from 'hdr-histogram-js/dist/encoding.js';
import type { Histogram } from 'hdr-histogram-js';
import type { LatencySummary } from '../../shared/types.ts';

export type { Histogram };

/** Smallest latency a histogram tells apart, in microseconds. */
export const LOWEST_US = 1;
/** Largest latency a histogram tracks (one hour), in microseconds; longer ones are clamped to it. */
export const HIGHEST_US = 3_600_000_000;

/** A fresh histogram: 32-bit counts for one worker-second, 64-bit for merged totals that can grow large. */
export function createHistogram(bits: 32 | 64 = 32): Histogram {
  return build({
    lowestDiscernibleValue: LOWEST_US,
    highestTrackableValue: HIGHEST_US,
    numberOfSignificantValueDigits: 3,
    // A fixed range keeps every histogram mergeable with every other one.
    autoResize: false,
    bitBucketSize: bits,
    // The JS implementation: no wasm memory to free, and fast enough for one record per op.
    useWebAssembly: false,
  });
}

/** Records one latency, clamped into the tracked range (sub-microsecond counts as 1 us). */
export function recordLatencyUs(histogram: Histogram, latencyUs: number): void {
  histogram.recordValue(
    latencyUs < LOWEST_US ? LOWEST_US : latencyUs > HIGHEST_US ? HIGHEST_US : latencyUs,
  );
}

/** Encodes a histogram in the standard HdrHistogram compressed base64 form (for IPC and storage). */
export function encodeHistogram(histogram: Histogram): string {
  return encodeIntoCompressedBase64(histogram);
}

/** Decodes a compressed base64 histogram (as produced by `encodeHistogram`). */
export function decodeHistogram(base64: string): Histogram {
  return decodeFromCompressedBase64(base64, 32, false);
}

/** Adds `from`'s counts into `into`: the only way percentiles are combined across workers or seconds. */
export function mergeInto(into: Histogram, from: Histogram): void {
  into.add(from);
}

/** p50/p90/p99/p99.9/max/mean as integer microseconds; all zero for an empty histogram. */
export function summarize(histogram: Histogram): LatencySummary {
  if (histogram.totalCount === 0) return { p50: 0, p90: 0, p99: 0, p999: 0, max: 0, mean: 0 };
  return {
    p50: Math.round(histogram.getValueAtPercentile(50)),
    p90: Math.round(histogram.getValueAtPercentile(90)),
    p99: Math.round(histogram.getValueAtPercentile(99)),
    p999: Math.round(histogram.getValueAtPercentile(99.9)),
    max: Math.round(histogram.maxValue),
    mean: Math.round(histogram.mean),
  };
}
