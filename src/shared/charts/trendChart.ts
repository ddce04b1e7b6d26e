// Trend chart: a metric against directory size on a log axis of entries, one line per series.
import type { EChartsOption } from 'echarts';
import { METRIC_TITLES } from '../compareSeries.ts';
import type { CompareMetric, XYSeries } from '../compareSeries.ts';
import { chartFrame, styledAxis } from './base.ts';
import type { ChartSettings } from './base.ts';
import { formatEntries } from './format.ts';
import { CHART_COLORS } from './palette.ts';
import { xyLines } from './xyLines.ts';

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
  const { lines: all, tooltip } = xyLines(
    series,
    metric,
    settings,
    'entries',
    (x) => `${formatEntries(x)} entries`,
  );
  // The axis spans the decades of what is drawn (measured and published), at least one decade.
  const xs = all
    .flatMap((line) => (line.data ?? []) as [number, number | null][])
    .map(([x]) => x)
    .filter((x) => x > 0);
  const min = xs.length === 0 ? 1_000 : powerOfTenAtOrBelow(Math.min(...xs));
  const max = xs.length === 0 ? 10_000_000 : powerOfTenAtOrAbove(Math.max(...xs));
  return {
    ...chartFrame(
      settings,
      all.map((line) => String(line.name)),
    ),
    tooltip,
    xAxis: styledAxis('x', 'log', 'entries', {
      logBase: 10,
      min,
      max: max > min ? max : min * 10,
      axisLabel: { color: CHART_COLORS.axis, formatter: (value: number) => formatEntries(value) },
      splitLine: { show: false },
    }),
    yAxis: styledAxis('y', 'value', METRIC_TITLES[metric], { min: 0 }),
    series: all,
  };
}
