// The compare chart kinds, one row each: every menu, title, builder, export and report reads a kind from
// here, so a new chart is its row and its own module. The rows' order is the GUI picker's.
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
import type { ChartSettings } from './base.ts';
import { barsChartOption } from './barsChart.ts';
import { groupedCounts, lineCounts } from './chartCounts.ts';
import type { PlottedCounts } from './chartCounts.ts';
import { concurrencyChartOption } from './concurrencyChart.ts';
import { groupedChartOption } from './groupedChart.ts';
import { latencyChartOption } from './latencyChart.ts';
import {
  scatterChartOption,
  scatterCounts,
  scatterFigure,
  scatterInReport,
  scatterTitle,
} from './scatterChart.ts';
import { spansServers, varies } from './selectionSpread.ts';
import { timeseriesChartOption } from './timeseriesChart.ts';
import { trendChartOption } from './trendChart.ts';

/** What the code asks of a compare chart kind; its key is its name (`dirbench export --chart NAME`). */
export interface ChartKindRow {
  /** The compare panel's chart picker says this. */
  label: string;
  /** What it draws, for `dirbench export --help`. */
  summary: string;
  /** Default title when the chosen figure is `metric` (exports, report, the panel's card). */
  title: (metric: CompareMetric) => string;
  /** The ECharts option of `runs`; `settings` carry the server colours to keep. */
  option: (
    runs: readonly CompareRun[],
    metric: CompareMetric,
    settings: ChartSettings,
  ) => EChartsOption;
  /** What the Figure picker shows for the chosen `metric`; null greys it out (the kind picks its own). */
  pickerFigure: (metric: CompareMetric) => CompareMetric | null;
  /** Series and points drawn, for the GUI chart's data attributes; none counted when absent. */
  counts?: (runs: readonly CompareRun[], metric: CompareMetric) => PlottedCounts;
  /** The x of the published tables it can overlay (entries, or client threads); none when absent. */
  overlayX?: 'entries' | 'threads';
  /** The compare panel shows the paper table (a figure per server and size) under it. */
  paperTable?: boolean;
  /** True when the HTML report of `runs` draws it. */
  inReport: (runs: readonly CompareRun[]) => boolean;
}

/** The per-second figure a time series can draw for `metric`: a latency it has, else ops/s. */
function secondMetric(metric: CompareMetric): SecondMetric {
  return metric === 'p50Us' || metric === 'p99Us' ? metric : 'opsPerSec';
}

/** The chosen figure as is: the kinds that plot any metric. */
const anyFigure = (metric: CompareMetric): CompareMetric => metric;

const ROWS = {
  trend: {
    label: 'By size',
    summary: '--metric by directory size, a line per server',
    title: (metric) => `${METRIC_TITLES[metric]} by directory size`,
    option: (runs, metric, settings) =>
      trendChartOption(trendSeries(runs, metric), metric, settings),
    pickerFigure: anyFigure,
    counts: (runs, metric) => lineCounts(trendSeries(runs, metric)),
    overlayX: 'entries',
    paperTable: true,
    inReport: (runs) => runs.some((r) => r.entries !== null),
  },
  concurrency: {
    label: 'By connections',
    summary: '--metric by client connections, a line per server',
    title: (metric) => `${METRIC_TITLES[metric]} by client connections`,
    option: (runs, metric, settings) =>
      concurrencyChartOption(concurrencySeries(runs, metric), metric, settings),
    pickerFigure: anyFigure,
    counts: (runs, metric) => lineCounts(concurrencySeries(runs, metric)),
    overlayX: 'threads',
    inReport: (runs) => varies(runs, (r) => r.connections),
  },
  timeseries: {
    label: 'Over time',
    summary: "each run's ops/s second by second (its p50 or p99 with --metric p50Us, p99Us)",
    title: (metric) => `${METRIC_TITLES[secondMetric(metric)]} over time`,
    option: (runs, metric, settings) =>
      timeseriesChartOption(timeSeries(runs, secondMetric(metric)), secondMetric(metric), settings),
    pickerFigure: () => null,
    inReport: () => false,
  },
  latency: {
    label: 'Latency distribution',
    summary: "each run's latency percentile curve over the measured phase",
    title: () => 'Latency distribution (measured phase)',
    option: (runs, _metric, settings) => latencyChartOption(latencyCurves(runs), settings),
    pickerFigure: () => null,
    inReport: (runs) => latencyCurves(runs).length > 0,
  },
  grouped: {
    label: 'Across servers',
    summary: '--metric across servers: a bar per server in each size or test, 95% intervals',
    title: (metric) =>
      `${METRIC_TITLES[metric]} across servers: mean of repeats, 95% confidence interval`,
    option: (runs, metric, settings) =>
      groupedChartOption(groupedBars(runs, metric), metric, settings),
    pickerFigure: anyFigure,
    counts: groupedCounts,
    paperTable: true,
    inReport: spansServers,
  },
  bars: {
    label: 'Each cell',
    summary: '--metric of each setting (the repeats of a cell), 95% intervals',
    title: (metric) => `${METRIC_TITLES[metric]}: mean of repeats, 95% confidence interval`,
    option: (runs, metric, settings) => barsChartOption(barItems(runs, metric), metric, settings),
    pickerFigure: anyFigure,
    paperTable: true,
    // One server's cells; several servers read better grouped.
    inReport: (runs) => !spansServers(runs),
  },
  scatter: {
    label: 'Latency vs ops/s',
    summary: "each run's latency (--metric if a latency, else p99) against its ops/s",
    title: scatterTitle,
    option: scatterChartOption,
    pickerFigure: scatterFigure,
    counts: scatterCounts,
    inReport: scatterInReport,
  },
} satisfies Record<string, ChartKindRow>;

/** A compare chart kind: its name in the GUI's state, the API and `dirbench export --chart`. */
export type ChartKind = keyof typeof ROWS;

/** Every kind's row. */
export const CHART_ROWS: Readonly<Record<ChartKind, ChartKindRow>> = ROWS;

/** Every chart kind, in the picker's order, for validation, menus and help. */
export const CHART_KINDS = Object.keys(ROWS) as readonly ChartKind[];

/** True when `name` is a chart kind. */
export function isChartKind(name: unknown): name is ChartKind {
  return typeof name === 'string' && Object.hasOwn(ROWS, name);
}
