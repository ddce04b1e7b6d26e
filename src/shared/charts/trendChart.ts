// Trend chart: a metric against directory size on a log axis of entries, one line per series.
import type { EChartsOption } from 'echarts';
import { METRIC_TITLES } from '../compareSeries.ts';
import type { CompareMetric, XYSeries } from '../compareSeries.ts';
import { chartFrame, measuredLine, plotted, referenceLines, styledAxis } from './base.ts';
import type { ChartSettings } from './base.ts';
import { formatEntries } from './format.ts';
import { CHART_COLORS } from './palette.ts';

/** The studies' sizes: the axis spans at least 10K..10M entries. */
const MIN_ENTRIES = 10_000;
const MAX_ENTRIES = 10_000_000;

function powerOfTenAtOrBelow(value: number): number {
  return 10 ** Math.floor(Math.log10(value));
}

function powerOfTenAtOrAbove(value: number): number {
  return 10 ** Math.ceil(Math.log10(value));
}

/** ECharts option of the trend chart (x: entries, log; y: the metric). */
export function trendChartOption(
  series: readonly XYSeries[],
  metric: CompareMetric,
  settings: ChartSettings = {},
): EChartsOption {
  const xs = series.flatMap((s) => s.points.map((p) => p.x)).filter((x) => x > 0);
  const lines = series.map((s, i) =>
    measuredLine(
      s.name,
      i,
      s.points.map((p) => [p.x, plotted(metric, p.mean)]),
    ),
  );
  const all = [...lines, ...referenceLines(settings.references, 'entries', metric, lines.length)];
  return {
    ...chartFrame(
      settings,
      all.map((line) => String(line.name)),
    ),
    xAxis: styledAxis('x', 'log', 'entries', {
      logBase: 10,
      min: powerOfTenAtOrBelow(Math.min(MIN_ENTRIES, ...xs)),
      max: powerOfTenAtOrAbove(Math.max(MAX_ENTRIES, ...xs)),
      axisLabel: { color: CHART_COLORS.axis, formatter: (value: number) => formatEntries(value) },
      splitLine: { show: false },
    }),
    yAxis: styledAxis('y', 'value', METRIC_TITLES[metric], { min: 0 }),
    series: all,
  };
}
