// A baseline against candidate settings: per metric the means, the change in percent, whether it is
// better or worse, and Welch's p-value over the per-run values (pure: the CLI and the GUI share it).
import type { CompareRun } from './compare.ts';
import { varyingDimensions, dimensionText, labelOver } from './compareLabels.ts';
import { COMPARE_METRICS, metricValue, runCounts, settingGroups } from './compareSeries.ts';
import type { CompareMetric } from './compareSeries.ts';
import { welchTTest } from './compareWelch.ts';
import type { WelchResult } from './compareWelch.ts';
import { invalid } from './errors.ts';
import type { RunStatus } from './types.ts';

/** Figures a baseline comparison covers: the compare metrics plus the error rate. */
export type BaselineMetric = CompareMetric | 'errorRate';

/** Every baseline metric, in the order tables list them. */
export const BASELINE_METRICS: readonly BaselineMetric[] = [...COMPARE_METRICS, 'errorRate'];

/** True for throughput (more is better); latencies and the error rate are better lower. */
export function higherIsBetter(metric: BaselineMetric): boolean {
  return metric === 'opsPerSec';
}

/** Changes smaller than this (in percent) print as 0.0% and read as "same". */
const SAME_BELOW_PERCENT = 0.05;

/**
 * A run's figure for a baseline metric; null when the run does not count or lacks it. The error
 * rate is a fraction: failed / (succeeded + failed) operations of the measured phase.
 */
export function baselineMetricValue(run: CompareRun, metric: BaselineMetric): number | null {
  if (metric !== 'errorRate') return metricValue(run, metric);
  if (!runCounts(run) || run.ops === null) return null;
  const attempted = run.ops + run.errors;
  return attempted === 0 ? null : run.errors / attempted;
}

/** A run that is in a setting but not counted, and why. */
export interface UncountedRun {
  id: string;
  status: RunStatus;
  /** "failed", "stopped", "interrupted", or "no summary" for a completed run without figures. */
  reason: string;
}

/** The runs of one side: the baseline or one candidate setting. */
export interface ComparedSetting {
  /** What differs across the compared runs, led by the server ("OpenLDAP 2.5.13 · 16 conn"). */
  name: string;
  runIds: string[];
  /** Runs whose figures count (completed, with a summary). */
  countedRunIds: string[];
  uncounted: UncountedRun[];
}

/** Better, worse or the same as the baseline, in the metric's own sense of better. */
export type ChangeDirection = 'better' | 'worse' | 'same';

/** One metric of one candidate setting against the baseline. */
export interface MetricChange {
  metric: BaselineMetric;
  /** Mean over the counted baseline runs that have the figure; null when none has. */
  baseline: number | null;
  /** Mean over the counted candidate runs that have the figure; null when none has. */
  candidate: number | null;
  /** Runs behind each mean. */
  baselineN: number;
  candidateN: number;
  /** (candidate - baseline) / baseline x 100; null when a side has no figure or the baseline is 0. */
  changePercent: number | null;
  /** Null when a side has no figure. */
  direction: ChangeDirection | null;
  /** Welch's t-test of candidate against baseline values; null with fewer than two runs on a side. */
  welch: WelchResult | null;
}

/** A candidate setting and its changes, one per compared metric. */
export interface CandidateComparison extends ComparedSetting {
  changes: MetricChange[];
}

/** A metric's mean over the counted runs that have it (null when none has). */
export interface MetricMean {
  metric: BaselineMetric;
  mean: number | null;
  n: number;
}

/** The baseline setting with its means, one per compared metric. */
export interface BaselineSetting extends ComparedSetting {
  means: MetricMean[];
}

/** The whole comparison: the baseline, each candidate setting and the metrics compared. */
export interface BaselineComparison {
  metrics: BaselineMetric[];
  baseline: BaselineSetting;
  candidates: CandidateComparison[];
}

function uncountedReason(run: CompareRun): string {
  return run.status === 'completed' ? 'no summary' : run.status;
}

function comparedSetting(name: string, runs: readonly CompareRun[]): ComparedSetting {
  return {
    name,
    runIds: runs.map((r) => r.id),
    countedRunIds: runs.filter(runCounts).map((r) => r.id),
    uncounted: runs
      .filter((r) => !runCounts(r))
      .map((r) => ({ id: r.id, status: r.status, reason: uncountedReason(r) })),
  };
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

function directionOf(
  metric: BaselineMetric,
  baseline: number,
  candidate: number,
  changePercent: number | null,
): ChangeDirection {
  if (candidate === baseline) return 'same';
  if (changePercent !== null && Math.abs(changePercent) < SAME_BELOW_PERCENT) return 'same';
  return candidate > baseline === higherIsBetter(metric) ? 'better' : 'worse';
}

/** The figures of `metric` of the runs that count and have it. */
function valuesOf(runs: readonly CompareRun[], metric: BaselineMetric): number[] {
  return runs.map((r) => baselineMetricValue(r, metric)).filter((v): v is number => v !== null);
}

/** `metric` of the candidate runs against the baseline runs. */
export function metricChange(
  metric: BaselineMetric,
  baselineRuns: readonly CompareRun[],
  candidateRuns: readonly CompareRun[],
): MetricChange {
  const values = (runs: readonly CompareRun[]) => valuesOf(runs, metric);
  const baselineValues = values(baselineRuns);
  const candidateValues = values(candidateRuns);
  const baseline = mean(baselineValues);
  const candidate = mean(candidateValues);
  const both = baseline !== null && candidate !== null;
  let changePercent: number | null = null;
  if (both && baseline !== 0) changePercent = ((candidate - baseline) / baseline) * 100;
  else if (both && candidate === 0) changePercent = 0;
  return {
    metric,
    baseline,
    candidate,
    baselineN: baselineValues.length,
    candidateN: candidateValues.length,
    changePercent,
    direction: both ? directionOf(metric, baseline, candidate, changePercent) : null,
    welch: welchTTest(candidateValues, baselineValues),
  };
}

/**
 * Compares candidate runs with a baseline: the baseline runs are repeats of one setting; the
 * candidates are grouped into settings the way the compare charts group repeats. Throws a
 * validation error naming `baseline` when there is no baseline run or its runs differ in a
 * setting, and naming `runs` when a run is on both sides.
 */
export function compareToBaseline(
  baselineRuns: readonly CompareRun[],
  candidateRuns: readonly CompareRun[],
  metrics: readonly BaselineMetric[] = BASELINE_METRICS,
): BaselineComparison {
  if (baselineRuns.length === 0)
    throw invalid('baseline', 'a baseline needs at least one run: the runs to compare against');
  const baselineIds = new Set(baselineRuns.map((r) => r.id));
  const both = candidateRuns.filter((r) => baselineIds.has(r.id)).map((r) => r.id);
  if (both.length > 0)
    throw invalid(
      'runs',
      `run ${[...new Set(both)].join(', ')} is both in the baseline and among the runs compared with it; give each run on one side only`,
    );
  const differing = varyingDimensions(baselineRuns);
  if (differing.length > 0) {
    const values = differing.map(
      (d) => `${[...new Set(baselineRuns.map((r) => dimensionText(r, d)))].join(' vs ')}`,
    );
    throw invalid(
      'baseline',
      `the baseline runs must be repeats of one setting, but they differ: ${values.join('; ')}`,
    );
  }
  const all = [...baselineRuns, ...candidateRuns];
  const baselineName = labelOver(baselineRuns[0] as CompareRun, varyingDimensions(all));
  return {
    metrics: [...metrics],
    baseline: {
      ...comparedSetting(baselineName, baselineRuns),
      means: metrics.map((metric) => {
        const values = valuesOf(baselineRuns, metric);
        return { metric, mean: mean(values), n: values.length };
      }),
    },
    candidates: settingGroups(candidateRuns, all).map((group) => ({
      ...comparedSetting(group.name, group.runs),
      changes: metrics.map((metric) => metricChange(metric, baselineRuns, group.runs)),
    })),
  };
}
