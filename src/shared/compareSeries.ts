// Compared runs grouped into the series each compare chart draws (pure: the UI and the exports share it).
import type { CompareRun, PercentilePoint } from './compare.ts';
import {
  labelOver,
  serverLabel,
  serverShortLabel,
  uniqueNames,
  varyingDimensions,
} from './compareLabels.ts';
import type { CompareDimension } from './compareLabels.ts';
import { repeatStats } from './compareStats.ts';

/** Figures a compare chart can plot per run: throughput or a latency percentile (microseconds). */
export type CompareMetric = 'opsPerSec' | 'p50Us' | 'p90Us' | 'p99Us' | 'p999Us' | 'meanUs';

/** Every metric, for validation and pickers. */
export const COMPARE_METRICS: readonly CompareMetric[] = [
  'opsPerSec',
  'p50Us',
  'p90Us',
  'p99Us',
  'p999Us',
  'meanUs',
];

/** How a metric is titled on axes and in tables. */
export const METRIC_TITLES: Record<CompareMetric, string> = {
  opsPerSec: 'ops/s',
  p50Us: 'p50 latency (ms)',
  p90Us: 'p90 latency (ms)',
  p99Us: 'p99 latency (ms)',
  p999Us: 'p99.9 latency (ms)',
  meanUs: 'mean latency (ms)',
};

/** True when a run measured something usable: completed, with a summary. */
export function runCounts(run: CompareRun): boolean {
  return run.status === 'completed' && run.opsPerSec !== null;
}

/** A run's figure for a metric; null when the run has none (failed, stopped early, no summary). */
export function metricValue(run: CompareRun, metric: CompareMetric): number | null {
  if (!runCounts(run)) return null;
  if (metric === 'opsPerSec') return run.opsPerSec;
  const l = run.latencyUs;
  if (!l) return null;
  const byMetric = { p50Us: l.p50, p90Us: l.p90, p99Us: l.p99, p999Us: l.p999, meanUs: l.mean };
  return byMetric[metric];
}

/** Repeats of one setting reduced to their mean and 95% confidence interval. */
export interface RepeatFigure {
  /** Mean over the runs that counted; null when none did. */
  mean: number | null;
  /** Half-width of the 95% interval (Student t); null with fewer than two runs. */
  ci95HalfWidth: number | null;
  /** Runs that counted, and runs that did not (failed, interrupted, no summary). */
  n: number;
  failed: number;
  runIds: string[];
}

/** Mean and confidence interval of `metric` over `runs` (the repeats of one setting). */
export function repeatFigure(runs: readonly CompareRun[], metric: CompareMetric): RepeatFigure {
  const values = runs.map((r) => metricValue(r, metric)).filter((v): v is number => v !== null);
  const stats = repeatStats(values);
  return {
    mean: values.length === 0 ? null : stats.mean,
    ci95HalfWidth: Number.isFinite(stats.ci95HalfWidth) ? stats.ci95HalfWidth : null,
    n: values.length,
    failed: runs.length - values.length,
    runIds: runs.map((r) => r.id),
  };
}

/** The server a series or bar measured: its short name (legends, colours) and its full name (tooltips). */
export interface SeriesServer {
  server: string;
  /** Root DSE vendor and version in full; distinct ones joined by " / " if one short name covers several. */
  serverFullName: string;
}

/** The server of runs drawn as one series (they share a short name). */
export function serverOf(runs: readonly CompareRun[]): SeriesServer {
  const first = runs[0];
  return {
    server: first ? serverShortLabel(first) : '',
    serverFullName: [...new Set(runs.map(serverLabel))].join(' / '),
  };
}

/** A point of a trend or concurrency series: x and the repeats measured there. */
export interface XYPoint extends RepeatFigure {
  x: number;
}

/** A line across x (entries or connections) for one combination of the other settings. */
export interface XYSeries extends SeriesServer {
  name: string;
  points: XYPoint[];
}

/** Groups runs by a key, keeping first-seen order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

function xySeries(
  runs: readonly CompareRun[],
  x: (run: CompareRun) => number | null,
  xDimension: CompareDimension,
  metric: CompareMetric,
): XYSeries[] {
  const placed = runs.filter((r) => x(r) !== null);
  const dimensions = varyingDimensions(placed, [xDimension]);
  const series = [...groupBy(placed, (r) => labelOver(r, dimensions)).entries()].map(
    ([name, members]) => ({
      name,
      ...serverOf(members),
      points: [...groupBy(members, (r) => String(x(r))).values()]
        .map((atX) => ({ x: x(atX[0] as CompareRun) as number, ...repeatFigure(atX, metric) }))
        .sort((a, b) => a.x - b.x),
    }),
  );
  return series.sort((a, b) => a.name.localeCompare(b.name));
}

/** Trend: `metric` against directory size, one series per server (and whatever else differs). */
export function trendSeries(runs: readonly CompareRun[], metric: CompareMetric): XYSeries[] {
  return xySeries(runs, (r) => r.entries, 'entries', metric);
}

/** `metric` against client connections, one series per server or client setting. */
export function concurrencySeries(runs: readonly CompareRun[], metric: CompareMetric): XYSeries[] {
  return xySeries(runs, (r) => r.connections, 'connections', metric);
}

/** A bar: one setting (its repeats) across the compared servers. */
export interface BarItem extends RepeatFigure, SeriesServer {
  name: string;
}

/** The repeats of one setting (a cell), named by what differs across the compared runs. */
export interface SettingGroup {
  name: string;
  runs: CompareRun[];
}

/**
 * `runs` grouped into settings: runs that agree on every compare dimension (server, index profile,
 * workload, size, connections, depth, policy, load model, source) are repeats of one setting.
 * Names say what differs across `namedAmong` (by default `runs` themselves), in first-seen order.
 */
export function settingGroups(
  runs: readonly CompareRun[],
  namedAmong: readonly CompareRun[] = runs,
): SettingGroup[] {
  const dimensions = varyingDimensions(namedAmong);
  return [...groupBy(runs, (r) => labelOver(r, dimensions)).entries()].map(([name, members]) => ({
    name,
    runs: members,
  }));
}

/** Bars: one per distinct setting (the repeats of a cell), named by what differs between them. */
export function barItems(runs: readonly CompareRun[], metric: CompareMetric): BarItem[] {
  return settingGroups(runs).map((group) => ({
    name: group.name,
    ...serverOf(group.runs),
    ...repeatFigure(group.runs, metric),
  }));
}

/** Names of single runs: what differs, plus the repeat number when repeats differ. */
export function runNames(runs: readonly CompareRun[]): string[] {
  const dimensions = varyingDimensions(runs);
  const repeats = new Set(runs.map((r) => r.repeat)).size > 1;
  return uniqueNames(
    runs.map((r) => {
      const label = labelOver(r, dimensions);
      return repeats && r.repeat !== null ? `${label} #${r.repeat}` : label;
    }),
  );
}

/** Metrics a per-second overlay can draw. */
export type SecondMetric = 'opsPerSec' | 'p50Us' | 'p99Us';

/** One run's seconds for overlaid time series. */
export interface RunTimeSeries extends SeriesServer {
  name: string;
  runId: string;
  /** [seconds since load started, value]; null where the run has no such figure. */
  points: [number, number | null][];
  /** Seconds before the measured phase (drawn shaded); 0 without warm-up. */
  warmupS: number;
  timeToFullSpeedS: number | null;
}

/** Overlaid time series: one line per run. */
export function timeSeries(runs: readonly CompareRun[], metric: SecondMetric): RunTimeSeries[] {
  const names = runNames(runs);
  return runs.map((run, i) => ({
    name: names[i] as string,
    ...serverOf([run]),
    runId: run.id,
    points: run.seconds.map((s) => [s.second, s[metric]]),
    warmupS: run.seconds.filter((s) => s.phase === 'warmup').length,
    timeToFullSpeedS: run.timeToFullSpeedS,
  }));
}

/** One run's latency percentile curve. */
export interface LatencyCurve extends SeriesServer {
  name: string;
  runId: string;
  points: PercentilePoint[];
}

/** Latency distributions: one curve per run that has a stored histogram. */
export function latencyCurves(runs: readonly CompareRun[]): LatencyCurve[] {
  const names = runNames(runs);
  return runs
    .map((run, i) => ({
      name: names[i] as string,
      ...serverOf([run]),
      runId: run.id,
      points: run.percentiles,
    }))
    .filter((curve) => curve.points.length > 0);
}
