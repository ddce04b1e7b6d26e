// The sustainability test's figures: p99 of a step's first and last quarter, merged from its seconds.
import type { CapacityStepMeasurement } from '../../shared/capacity.ts';
import { createHistogram, decodeHistogram, mergeInto, summarize } from '../loadgen/histogram.ts';

/**
 * p99 of the first and of the last quarter of a step's measured seconds, each merged from the
 * seconds' encoded histograms (intended-start ones in the open model; null for a second without
 * one). A step shorter than 4 s compares its first and last second. A quarter without an
 * operation has no p99 (null).
 */
export function quarterP99s(
  secondHistogramsBase64: readonly (string | null)[],
): Pick<CapacityStepMeasurement, 'firstQuarterP99Us' | 'lastQuarterP99Us'> {
  const n = secondHistogramsBase64.length;
  const quarter = Math.max(1, Math.floor(n / 4));
  return {
    firstQuarterP99Us: p99Of(secondHistogramsBase64.slice(0, quarter)),
    lastQuarterP99Us: p99Of(secondHistogramsBase64.slice(Math.max(0, n - quarter))),
  };
}

function p99Of(seconds: readonly (string | null)[]): number | null {
  const merged = createHistogram(64);
  for (const base64 of seconds) {
    if (base64 !== null) mergeInto(merged, decodeHistogram(base64));
  }
  return merged.totalCount === 0 ? null : summarize(merged).p99;
}
