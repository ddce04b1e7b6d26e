// The figures a step's row shows, read the way its SLOs read them.
import type { CapacityStepMeasurement } from '../../shared/capacity.ts';

/** The step's p99 as its SLOs see it (intended-time in the open model); null when nothing succeeded. */
export function stepP99Us(measurement: CapacityStepMeasurement): number | null {
  const summary = measurement.summary;
  if (summary === null || summary.ops === 0) return null;
  return (summary.intendedLatencyUs ?? summary.latencyUs).p99;
}
