// The thresholds a run is checked against: its workload's, then its request's, each against the workload's labels.
import { checkThresholdLabels } from '../../shared/thresholdCheck.ts';
import { parseThresholds } from '../../shared/thresholds.ts';
import type { Threshold } from '../../shared/thresholds.ts';
import type { RunRequest } from '../../shared/types.ts';
import { workloadLabels } from '../../shared/workload.ts';
import type { WorkloadSpec } from '../../shared/workload.ts';

/** Parses and checks the run's thresholds; a mistake names `thresholds[i]` or `workloadSpec.thresholds[i]`. */
export function runThresholds(
  spec: WorkloadSpec,
  req: Pick<RunRequest, 'thresholds'>,
): Threshold[] {
  const labels = workloadLabels(spec);
  const own = parseThresholds(spec.thresholds ?? [], 'workloadSpec.thresholds');
  checkThresholdLabels(own, labels, 'workloadSpec.thresholds');
  const requested = parseThresholds(req.thresholds ?? [], 'thresholds');
  checkThresholdLabels(requested, labels, 'thresholds');
  // The same expression from both places is one check, not two breaches.
  const seen = new Set(own.map((t) => t.expression));
  return [...own, ...requested.filter((t) => !seen.has(t.expression))];
}
