// The lines of the trend and concurrency charts: a measured line per series in its server's colour,
// the published figures that fit dashed after them, and a tooltip naming each server in full.
import type { LineSeriesOption, TooltipComponentOption } from 'echarts';
import type { CompareMetric, XYSeries } from '../compareSeries.ts';
import { measuredLine, plotted, plottedText, referenceLines, serverStyles } from './base.ts';
import type { ChartSettings } from './base.ts';
import { fullNameTooltip } from './tooltip.ts';

/** Measured and published lines along x (`entries` or client `threads`), and their tooltip. */
export function xyLines(
  series: readonly XYSeries[],
  metric: CompareMetric,
  settings: ChartSettings,
  x: 'entries' | 'threads',
  titleOf: (x: number) => string,
): { lines: LineSeriesOption[]; tooltip: TooltipComponentOption } {
  const { colors, styles } = serverStyles(settings, series);
  const measured = series.map((s, i) =>
    measuredLine(
      s.name,
      styles[i] as { color: string; symbol: string },
      s.points.map((p) => [p.x, plotted(metric, p.mean)]),
    ),
  );
  return {
    lines: [...measured, ...referenceLines(settings.references, x, metric, colors)],
    tooltip: fullNameTooltip(
      series.map((s) => s.serverFullName),
      plottedText(metric),
      { titleOf },
    ),
  };
}
