// One entry point for the compare charts: compared runs and a chart kind in, an ECharts option out.
import type { EChartsOption } from 'echarts';
import type { CompareRun } from '../compare.ts';
import {
  barItems,
  concurrencySeries,
  latencyCurves,
  METRIC_TITLES,
  timeSeries,
  trendSeries,
} from '../compareSeries.ts';
import type { CompareMetric, SecondMetric } from '../compareSeries.ts';
import { groupedBars } from '../compareGrouped.ts';
import type { ChartKind } from '../exchange.ts';
import type { ChartSettings } from './base.ts';
import { barsChartOption } from './barsChart.ts';
import { concurrencyChartOption } from './concurrencyChart.ts';
import { groupedChartOption } from './groupedChart.ts';
import { latencyChartOption } from './latencyChart.ts';
import { serverColors } from './serverColors.ts';
import { timeseriesChartOption } from './timeseriesChart.ts';
import { trendChartOption } from './trendChart.ts';

/** Chart settings plus the figure plotted (ops/s unless a latency percentile is asked for). */
export interface CompareChartSettings extends ChartSettings {
  metric?: CompareMetric;
}

/** Every chart kind, for validation and menus. */
export const CHART_KINDS: readonly ChartKind[] = [
  'timeseries',
  'trend',
  'concurrency',
  'latency',
  'bars',
  'grouped',
];

/** Default titles of exported charts. */
export function chartTitle(kind: ChartKind, metric: CompareMetric): string {
  const what = METRIC_TITLES[metric];
  switch (kind) {
    case 'timeseries':
      return `${metric === 'p50Us' || metric === 'p99Us' ? what : 'ops/s'} over time`;
    case 'trend':
      return `${what} by directory size`;
    case 'concurrency':
      return `${what} by client connections`;
    case 'latency':
      return 'Latency distribution (measured phase)';
    case 'bars':
      return `${what}: mean of repeats, 95% confidence interval`;
    case 'grouped':
      return `${what} across servers: mean of repeats, 95% confidence interval`;
  }
}

function secondMetric(metric: CompareMetric): SecondMetric {
  return metric === 'p50Us' || metric === 'p99Us' ? metric : 'opsPerSec';
}

/**
 * The ECharts option of one compare chart of `runs`. Servers take their colours from
 * `settings.serverColors` (made from every run of the campaign or comparison, so filtering keeps
 * them), else from `runs`.
 */
export function compareChartOption(
  kind: ChartKind,
  runs: readonly CompareRun[],
  given: CompareChartSettings = {},
): EChartsOption {
  const metric = given.metric ?? 'opsPerSec';
  const settings = { ...given, serverColors: given.serverColors ?? serverColors(runs) };
  switch (kind) {
    case 'timeseries':
      return timeseriesChartOption(
        timeSeries(runs, secondMetric(metric)),
        secondMetric(metric),
        settings,
      );
    case 'trend':
      return trendChartOption(trendSeries(runs, metric), metric, settings);
    case 'concurrency':
      return concurrencyChartOption(concurrencySeries(runs, metric), metric, settings);
    case 'latency':
      return latencyChartOption(latencyCurves(runs), settings);
    case 'bars':
      return barsChartOption(barItems(runs, metric), metric, settings);
    case 'grouped':
      return groupedChartOption(groupedBars(runs, metric), metric, settings);
  }
}
