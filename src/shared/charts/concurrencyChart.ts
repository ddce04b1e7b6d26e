// Concurrency chart: a metric against client connections, one line per server or client setting.
import type { EChartsOption } from 'echarts';
import { METRIC_TITLES } from '../compareSeries.ts';
import type { CompareMetric, XYSeries } from '../compareSeries.ts';
import { chartFrame, styledAxis } from './base.ts';
import type { ChartSettings } from './base.ts';
import { xyLines } from './xyLines.ts';

/** From this max/min ratio of connections on, the x axis is logarithmic (thread sweeps 1..256). */
const LOG_AXIS_RATIO = 16;

/** ECharts option of the concurrency chart (x: connections; y: the metric). */
export function concurrencyChartOption(
  series: readonly XYSeries[],
  metric: CompareMetric,
  settings: ChartSettings = {},
): EChartsOption {
  const xs = series.flatMap((s) => s.points.map((p) => p.x)).filter((x) => x > 0);
  const logX = xs.length > 0 && Math.max(...xs) / Math.min(...xs) >= LOG_AXIS_RATIO;
  const { lines: all, tooltip } = xyLines(
    series,
    metric,
    settings,
    'threads',
    (x) => `${x} connections`,
  );
  return {
    ...chartFrame(
      settings,
      all.map((line) => String(line.name)),
    ),
    tooltip,
    xAxis: styledAxis(
      'x',
      logX ? 'log' : 'value',
      'connections',
      logX ? { logBase: 2, splitLine: { show: false } } : { min: 0, minInterval: 1 },
    ),
    yAxis: styledAxis('y', 'value', METRIC_TITLES[metric], { min: 0 }),
    series: all,
  };
}
