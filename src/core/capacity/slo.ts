// Service-level objectives of a capacity search: the threshold grammar, read over one step.
import { checkThresholds } from '../../shared/thresholdCheck.ts';
import { formatThresholdValue, isLatencyMetric, parseThresholds } from '../../shared/thresholds.ts';
import type { Threshold, ThresholdResult } from '../../shared/thresholds.ts';
import { invalid } from '../../shared/errors.ts';
import type { CapacityStepMeasurement } from '../../shared/capacity.ts';

/** Parses `--slo` expressions (`p99<10ms`, `errorRate<0.1%`, `replicationLagP99<1s`); a search needs one. */
export function parseSlos(list: readonly string[], field: string): Threshold[] {
  requireSlos(list, field);
  return parseThresholds(list, field);
}

/** Refuses a search without an SLO: with nothing to hold, every rate would pass. */
export function requireSlos(slos: readonly unknown[], field: string): void {
  if (slos.length === 0) {
    throw invalid(field, 'a capacity search needs at least one SLO, e.g. --slo "p99<10ms"');
  }
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

/** How many times the client's own scheduling lateness an SLO's latency limit must be. */
export const LATENESS_SLO_FACTOR = 4;

/**
 * Refuses an upper latency SLO tighter than four times the scheduler's measured lateness p99 (send
 * time minus due time): the open model's latency includes that lateness, so such a step would
 * measure the client, not the server.
 */
export function refuseSlosBelowLateness(
  slos: readonly Threshold[],
  latenessP99Us: number,
  field: string,
): void {
  const floorUs = LATENESS_SLO_FACTOR * latenessP99Us;
  slos.forEach((slo, i) => {
    const upperLatency =
      isLatencyMetric(slo.metric) &&
      slo.metric !== 'replicationLagP99' &&
      slo.operator.startsWith('<');
    if (upperLatency && slo.limit < floorUs) {
      throw invalid(
        `${field}[${i}]`,
        `"${slo.expression}" is tighter than ${LATENESS_SLO_FACTOR}x this client's scheduling lateness p99 (${formatThresholdValue(slo.metric, latenessP99Us)}): it would measure the client, not the server; allow at least ${formatThresholdValue(slo.metric, floorUs)} or use a faster client`,
      );
    }
  });
}
