// Latency histogram buckets estimated from the per-second percentiles live samples carry (the
// core streams p50/p90/p99/p99.9/max and mean per second, not the HDR histograms behind them).
import type { LatencySummary } from '../../shared/types.ts';

/** Upper bounds of the finite buckets, in microseconds (50 us to 10 s); +Inf follows them. */
export const BUCKET_BOUNDS_US: readonly number[] = [
  50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000,
  1_000_000, 2_500_000, 5_000_000, 10_000_000,
];

/** A bucket bound as the `le` label spells it, in seconds. */
export function leLabel(boundUs: number): string {
  return String(boundUs / 1e6);
}

/** The known points of one second's latency distribution: (latency, fraction at or below it). */
function quantilePoints(latency: LatencySummary): { us: number; q: number }[] {
  const raw = [
    { us: 0, q: 0 },
    { us: latency.p50, q: 0.5 },
    { us: latency.p90, q: 0.9 },
    { us: latency.p99, q: 0.99 },
    { us: latency.p999, q: 0.999 },
    { us: latency.max, q: 1 },
  ];
  // Percentiles never decrease; a summary that says otherwise is held to that.
  let highest = 0;
  return raw.map((point) => {
    highest = Math.max(highest, point.us);
    return { us: highest, q: point.q };
  });
}

/** The estimated fraction of a second's operations that took `boundUs` or less (linear between percentiles). */
export function fractionAtOrBelow(latency: LatencySummary, boundUs: number): number {
  const points = quantilePoints(latency);
  let below = points[0] as { us: number; q: number };
  for (const point of points.slice(1)) {
    // `below.us <= boundUs < point.us`, so the width is never 0.
    if (boundUs < point.us) {
      return below.q + ((point.q - below.q) * (boundUs - below.us)) / (point.us - below.us);
    }
    below = point;
  }
  return 1;
}

/** One histogram series: cumulative counts per finite bucket, the count and the sum in seconds. */
export interface LatencyHistogram {
  buckets: number[];
  count: number;
  sumS: number;
}

/** An empty histogram over BUCKET_BOUNDS_US. */
export function emptyHistogram(): LatencyHistogram {
  return { buckets: BUCKET_BOUNDS_US.map(() => 0), count: 0, sumS: 0 };
}

/**
 * Adds one second of `ops` operations with this latency summary. Each bucket grows by a rounded
 * estimate, never more than the next bucket, so the buckets stay cumulative and the counters monotonic.
 */
export function addSecond(histogram: LatencyHistogram, latency: LatencySummary, ops: number): void {
  if (ops <= 0) return;
  BUCKET_BOUNDS_US.forEach((bound, i) => {
    const added = Math.min(ops, Math.round(ops * fractionAtOrBelow(latency, bound)));
    histogram.buckets[i] = (histogram.buckets[i] ?? 0) + added;
  });
  histogram.count += ops;
  histogram.sumS += (latency.mean * ops) / 1e6;
}
