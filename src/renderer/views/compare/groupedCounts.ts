// What the grouped bar chart draws, counted for the chart's data attributes (tests read them).
import type { CompareRun } from '../../../shared/compare.ts';
import { groupedBars } from '../../../shared/compareGrouped.ts';
import type { CompareMetric } from '../../../shared/compareSeries.ts';

/** Servers (bar series) and bars with a figure in the grouped chart of `runs`. */
export function groupedCounts(
  runs: readonly CompareRun[],
  metric: CompareMetric,
): { series: number; points: number } {
  const grouped = groupedBars(runs, metric);
  return {
    series: grouped.servers.length,
    points: grouped.figures.flat().filter((f) => f !== null && f.mean !== null).length,
  };
}
