// What a compare chart draws, counted for the GUI chart's data attributes (tests wait on them).
import type { CompareRun } from '../compare.ts';
import { groupedBars } from '../compareGrouped.ts';
import type { CompareMetric, XYSeries } from '../compareSeries.ts';

/** Series and non-empty points a chart draws. */
export interface PlottedCounts {
  series: number;
  points: number;
}

/** Lines of a trend or concurrency chart and their points with a figure above zero. */
export function lineCounts(series: readonly XYSeries[]): PlottedCounts {
  return {
    series: series.length,
    points: series.reduce(
      (n, s) => n + s.points.filter((p) => p.mean !== null && p.mean > 0).length,
      0,
    ),
  };
}

/** Servers (bar series) and bars with a figure in the grouped chart of `runs`. */
export function groupedCounts(runs: readonly CompareRun[], metric: CompareMetric): PlottedCounts {
  const grouped = groupedBars(runs, metric);
  return {
    series: grouped.servers.length,
    points: grouped.figures.flat().filter((f) => f !== null && f.mean !== null).length,
  };
}
