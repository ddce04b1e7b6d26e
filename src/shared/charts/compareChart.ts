// One entry point for the compare charts: compared runs and a chart kind in, an ECharts option out;
// the title a kind gets and the kind a selection opens on.
import type { EChartsOption } from 'echarts';
import type { CompareRun } from '../compare.ts';
import type { CompareMetric } from '../compareSeries.ts';
import type { ChartSettings } from './base.ts';
import { CHART_ROWS } from './chartKinds.ts';
import type { ChartKind } from './chartKinds.ts';
import { spansServers, varies } from './selectionSpread.ts';
import { serverColors } from './serverColors.ts';

/** Chart settings plus the figure plotted (ops/s unless a latency percentile is asked for). */
export interface CompareChartSettings extends ChartSettings {
  metric?: CompareMetric;
}

/** Default titles of exported charts. */
export function chartTitle(kind: ChartKind, metric: CompareMetric): string {
  return CHART_ROWS[kind].title(metric);
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
  const { metric = 'opsPerSec', ...settings } = given;
  return CHART_ROWS[kind].option(runs, metric, {
    ...settings,
    serverColors: given.serverColors ?? serverColors(runs),
  });
}

/**
 * The chart a selection opens on: servers side by side (grouped bars) when it spans several, else
 * what varies: sizes -> trend, connections -> concurrency, several runs -> bars, one run -> time.
 */
export function firstChart(runs: readonly CompareRun[]): ChartKind {
  if (spansServers(runs)) return 'grouped';
  if (varies(runs, (r) => r.entries)) return 'trend';
  if (varies(runs, (r) => r.connections)) return 'concurrency';
  return runs.length > 1 ? 'bars' : 'timeseries';
}
