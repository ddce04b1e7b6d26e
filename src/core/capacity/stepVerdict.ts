// One step's verdict: every SLO over the whole step, sustainability, and whether the client limited it.
import type { CapacityStepMeasurement, CapacityStepVerdict } from '../../shared/capacity.ts';
import { formatThresholdValue } from '../../shared/thresholds.ts';
import type { Threshold, ThresholdResult } from '../../shared/thresholds.ts';
import { evaluateSlos } from './slo.ts';
import { unsustainedReasons } from './sustainability.ts';

/**
 * Judges a step. `scheduledOpsPerSec` is the open model's rate (null in the closed model, which
 * has no schedule to keep). A client-bound step fails whatever its figures: they measure the client.
 */
export function judgeStep(
  slos: readonly Threshold[],
  scheduledOpsPerSec: number | null,
  measurement: CapacityStepMeasurement,
): CapacityStepVerdict {
  const results = evaluateSlos(slos, measurement);
  const reasons = results.flatMap((result, i) => {
    const slo = slos[i];
    return result.passed || slo === undefined ? [] : [breachText(slo, result)];
  });
  if (scheduledOpsPerSec !== null)
    reasons.push(...unsustainedReasons(scheduledOpsPerSec, measurement));
  const clientBound = measurement.summary?.clientBound === true;
  if (clientBound) {
    const evidence = measurement.summary?.clientBoundEvidence;
    reasons.push(`client-bound${evidence ? `: ${evidence}` : ''}`);
  }
  return { passed: reasons.length === 0, reasons, slos: results, clientBound };
}

/** "SLO p99<20ms broken: p99 was 23.1 ms, 3.1 ms (15.5%) over the limit". */
function breachText(slo: Threshold, result: ThresholdResult): string {
  if (result.actual === null) return `SLO ${slo.expression} not met: ${result.detail}`;
  const gap = Math.abs(result.actual - slo.limit);
  if (gap === 0) return `SLO ${slo.expression} broken: ${result.detail}, at the limit`;
  const side = slo.operator.startsWith('<') ? 'over' : 'under';
  const share = slo.limit === 0 ? '' : ` (${Number(((gap / slo.limit) * 100).toPrecision(3))}%)`;
  const amount = formatThresholdValue(slo.metric, gap);
  return `SLO ${slo.expression} broken: ${result.detail}, ${amount}${share} ${side} the limit`;
}
