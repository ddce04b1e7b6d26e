// Latency percentile curves (HdrHistogram's "percentile distribution") from stored histograms.
import type { PercentilePoint } from '../../shared/compare.ts';
import { decodeHistogram } from '../loadgen/histogram.ts';
import type { Histogram } from '../loadgen/histogram.ts';

/** Steps per "nine" of the curve's grid (0, 90, 99, 99.9 ... are one step of ten apart). */
const STEPS_PER_NINE = 10;
/** The grid ends at 99.999, five nines. */
const MAX_NINES = 5;

/** Percentiles 0 .. 99.999 spaced evenly in nines (-log10(1 - p/100)), plus the median. */
export function percentileGrid(): number[] {
  const grid = new Set<number>([50]);
  for (let step = 0; step <= MAX_NINES * STEPS_PER_NINE; step++) {
    const nines = step / STEPS_PER_NINE;
    // Rounded so grid points print as 99.9, not 99.90000000000001.
    grid.add(Number((100 * (1 - 10 ** -nines)).toFixed(6)));
  }
  return [...grid].sort((a, b) => a - b);
}

/** The curve of one histogram on the grid; empty for an empty histogram. */
export function percentileCurveOf(histogram: Histogram): PercentilePoint[] {
  if (histogram.totalCount === 0) return [];
  return percentileGrid().map((percentile) => ({
    percentile,
    latencyUs: Math.round(histogram.getValueAtPercentile(percentile)),
  }));
}

/** The curve of a stored histogram blob (compressed HdrHistogram bytes); empty when there is none. */
export function percentileCurve(blob: Buffer | null): PercentilePoint[] {
  if (!blob || blob.length === 0) return [];
  return percentileCurveOf(decodeHistogram(blob.toString('base64')));
}
