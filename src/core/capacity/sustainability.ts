// Whether an open-model step held its rate: a step whose queue grows is not a capacity.
import type { CapacityStepMeasurement } from '../../shared/capacity.ts';
import { formatThresholdValue } from '../../shared/thresholds.ts';

/** Share of the scheduled rate a step must complete to count as keeping up. */
export const SUSTAINED_RATE_SHARE = 0.99;

/**
 * Most the last quarter's p99 may exceed the first quarter's, as a factor: a queue that grows
 * inside a step shows as a rising p99 long before the step's whole-run figures break an SLO.
 */
export const QUARTER_P99_GROWTH_LIMIT = 1.5;

/** Operations completed per second over a step, successes and errors alike (errors are an SLO's business). */
export function achievedOpsPerSec(measurement: CapacityStepMeasurement): number {
  const summary = measurement.summary;
  if (summary === null) return 0;
  if (summary.measuredS <= 0) return summary.opsPerSec;
  return (summary.ops + summary.errors) / summary.measuredS;
}

/** Why a step at `scheduledOpsPerSec` was not sustainable, in words with the figures; empty when it was. */
export function unsustainedReasons(
  scheduledOpsPerSec: number,
  measurement: CapacityStepMeasurement,
): string[] {
  const reasons: string[] = [];
  const achieved = achievedOpsPerSec(measurement);
  if (achieved < SUSTAINED_RATE_SHARE * scheduledOpsPerSec) {
    const percent = ((achieved / scheduledOpsPerSec) * 100).toFixed(1);
    reasons.push(
      `not sustainable: completed ${Math.round(achieved)} of ${Math.round(scheduledOpsPerSec)} ops/s scheduled (${percent}%, needs ${SUSTAINED_RATE_SHARE * 100}%)`,
    );
  }
  const first = measurement.firstQuarterP99Us;
  const last = measurement.lastQuarterP99Us;
  if (first !== null && last === null) {
    reasons.push('not sustainable: no operation completed in the last quarter of the step');
  } else if (first !== null && last !== null && last > QUARTER_P99_GROWTH_LIMIT * first) {
    reasons.push(
      `not sustainable: the last quarter's p99 (${latency(last)}) is ${(last / first).toFixed(2)}x the first quarter's (${latency(first)}), more than ${QUARTER_P99_GROWTH_LIMIT}x: a queue grew during the step`,
    );
  }
  return reasons;
}

function latency(us: number): string {
  return formatThresholdValue('p99', us);
}
