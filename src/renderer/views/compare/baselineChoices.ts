// Which settings of a compare selection can be a baseline, and the comparison against the one picked.
import type { CompareRun } from '../../../shared/compare.ts';
import { compareToBaseline } from '../../../shared/compareBaseline.ts';
import type { BaselineComparison } from '../../../shared/compareBaseline.ts';
import { settingGroups } from '../../../shared/compareSeries.ts';
import type { SettingGroup } from '../../../shared/compareSeries.ts';
import { SIGNIFICANCE_LEVEL } from '../../../shared/compareRegression.ts';

/** The settings a baseline can be picked from: the compared runs grouped as the bar chart groups them. */
export function baselineSettings(runs: readonly CompareRun[]): SettingGroup[] {
  return settingGroups(runs);
}

/** The other settings against the one named `baselineName`; null when none is picked (or it is gone). */
export function comparisonAgainst(
  runs: readonly CompareRun[],
  baselineName: string,
): BaselineComparison | null {
  const baseline = baselineSettings(runs).find((g) => g.name === baselineName);
  if (!baseline) return null;
  const ids = new Set(baseline.runs.map((r) => r.id));
  return compareToBaseline(
    baseline.runs,
    runs.filter((r) => !ids.has(r.id)),
  );
}

/** Figures significantly better and worse than the baseline, and how many had a p-value at all. */
export function significantCounts(comparison: BaselineComparison): {
  better: number;
  worse: number;
  tested: number;
} {
  const changes = comparison.candidates.flatMap((c) => c.changes);
  const significant = changes.filter(
    (c) => c.welch !== null && c.welch.pValue < SIGNIFICANCE_LEVEL,
  );
  return {
    better: significant.filter((c) => c.direction === 'better').length,
    worse: significant.filter((c) => c.direction === 'worse').length,
    tested: changes.filter((c) => c.welch !== null).length,
  };
}
