// Checks a run's summary against its thresholds: the figure each one reads and whether it held.
import { invalid } from './errors.ts';
import type { LatencySummary } from './sampleTypes.ts';
import type { RunSummary } from './types.ts';
import { formatThresholdValue, isLatencyMetric, thresholdHolds } from './thresholds.ts';
import type { Threshold, ThresholdMetric, ThresholdResult } from './thresholds.ts';

/** The figures one threshold reads: the whole run's, or one operation label's. */
interface Figures {
  ops: number;
  errors: number;
  opsPerSec: number;
  latencyUs: LatencySummary;
}

/**
 * Checks every threshold against `summary`. A threshold without a figure to read fails: no
 * summary (nothing measured), a latency with no successful operation, or a label the run does not
 * have - a gate that cannot be checked must not pass.
 */
export function checkThresholds(
  thresholds: readonly Threshold[],
  summary: RunSummary | null,
  labels: readonly string[],
): ThresholdResult[] {
  return thresholds.map((threshold) => {
    const figures = figuresFor(summary, threshold.label, labels);
    const metric = metricName(threshold.metric);
    const subject = threshold.label === null ? metric : `${threshold.label}.${metric}`;
    if (figures === null) {
      const why =
        summary === null
          ? 'the run measured nothing'
          : `the run has no operation labelled "${String(threshold.label)}"`;
      return { expression: threshold.expression, actual: null, passed: false, detail: why };
    }
    if (threshold.metric === 'replicationLagP99') return replicationLagResult(threshold, summary);
    if (isLatencyMetric(threshold.metric) && figures.ops === 0) {
      return {
        expression: threshold.expression,
        actual: null,
        passed: false,
        detail: `no operation succeeded, so there is no ${subject}`,
      };
    }
    const actual = metricOf(figures, threshold.metric);
    return {
      expression: threshold.expression,
      actual,
      passed: thresholdHolds(threshold, actual),
      detail: `${subject} was ${formatThresholdValue(threshold.metric, actual)}`,
    };
  });
}

/** How a metric is named in verdicts: p999 as people write it, p99.9. */
function metricName(metric: ThresholdMetric): string {
  return metric === 'p999' ? 'p99.9' : metric;
}

/** The whole run's figures, or a label's (a single-operation run's only label reads the whole run). */
function figuresFor(
  summary: RunSummary | null,
  label: string | null,
  labels: readonly string[],
): Figures | null {
  if (summary === null) return null;
  if (label === null || (labels.length === 1 && labels[0] === label)) return summary;
  const operations = summary.operations;
  if (operations !== undefined && Object.hasOwn(operations, label)) {
    return operations[label] ?? null;
  }
  return null;
}

/**
 * The slowest consumer's lag p99 against the threshold; a run whose lag was not measured (no
 * replicated topology) fails, like any gate without a figure.
 */
function replicationLagResult(threshold: Threshold, summary: RunSummary | null): ThresholdResult {
  const lags = Object.values(summary?.replicationLagMs ?? {});
  if (lags.length === 0) {
    return {
      expression: threshold.expression,
      actual: null,
      passed: false,
      detail: 'the run measured no replication lag (it needs a replicated lab or consumers)',
    };
  }
  const actual = Math.max(...lags.map((lag) => lag.p99)) * 1_000;
  return {
    expression: threshold.expression,
    actual,
    passed: thresholdHolds(threshold, actual),
    detail: `replicationLagP99 was ${formatThresholdValue(threshold.metric, actual)} (slowest consumer)`,
  };
}

function metricOf(figures: Figures, metric: Exclude<ThresholdMetric, 'replicationLagP99'>): number {
  switch (metric) {
    case 'opsPerSec':
      return figures.opsPerSec;
    case 'errors':
      return figures.errors;
    case 'errorRate': {
      const attempts = figures.ops + figures.errors;
      return attempts === 0 ? 0 : figures.errors / attempts;
    }
    default:
      return figures.latencyUs[metric];
  }
}

/** The breached ones among `results`. */
export function breaches(
  results: readonly ThresholdResult[] | null | undefined,
): ThresholdResult[] {
  return (results ?? []).filter((r) => !r.passed);
}

/** Refuses a threshold naming an operation label the workload does not have, listing the ones it has. */
export function checkThresholdLabels(
  thresholds: readonly Threshold[],
  labels: readonly string[],
  field: string,
): void {
  thresholds.forEach((threshold, i) => {
    if (threshold.label !== null && !labels.includes(threshold.label)) {
      throw invalid(
        `${field}[${i}]`,
        `"${threshold.expression}": the workload has no operation labelled "${threshold.label}"; its labels are ${labels.map((l) => `"${l}"`).join(', ')}`,
      );
    }
  });
}
