// Service-level objectives of a capacity search: the threshold grammar, read over one step.
import { checkThresholds } from '../../shared/thresholdCheck.ts';
import { parseThresholds } from '../../shared/thresholds.ts';
import type { Threshold, ThresholdResult } from '../../shared/thresholds.ts';
import { invalid } from '../../shared/errors.ts';
import type { CapacityStepMeasurement } from '../../shared/capacity.ts';

/** Parses `--slo` expressions (`p99<10ms`, `errorRate<0.1%`, `replicationLagP99<1s`); a search needs one. */
export function parseSlos(list: readonly string[], field: string): Threshold[] {
  if (list.length === 0) {
    throw invalid(field, 'a capacity search needs at least one SLO, e.g. --slo "p99<10ms"');
  }
  return parseThresholds(list, field);
}

/**
 * Each SLO over the whole step. In the open model the whole run's latency is read from the
 * intended start (coordinated-omission-correct), not from the send, so a late client cannot hide
 * a queue; labelled SLOs read their label's figures, which are timed from the send.
 */
export function evaluateSlos(
  slos: readonly Threshold[],
  measurement: CapacityStepMeasurement,
): ThresholdResult[] {
  const summary = measurement.summary;
  const intended = summary?.intendedLatencyUs;
  const view = summary && intended ? { ...summary, latencyUs: intended } : summary;
  return checkThresholds(slos, view, measurement.labels);
}
