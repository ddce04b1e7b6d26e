// Which compare chart fits a selection first, and which published tables can overlay a chart.
import type { CompareRun } from '../../../shared/compare.ts';
import type { CompareMetric } from '../../../shared/compareSeries.ts';
import { trendSeries, concurrencySeries } from '../../../shared/compareSeries.ts';
import type { ChartKind } from '../../../shared/exchange.ts';
import type { ReferenceTable } from '../../../shared/reference.ts';

/** The chart that says most about `runs`: sizes vary -> trend, else connections -> concurrency, else bars. */
export function defaultChart(runs: readonly CompareRun[]): ChartKind {
  const distinct = (values: unknown[]) => new Set(values).size;
  if (distinct(runs.map((r) => r.entries)) > 1) return 'trend';
  if (distinct(runs.map((r) => r.connections)) > 1) return 'concurrency';
  if (runs.length > 1) return 'bars';
  return 'timeseries';
}

/** Published tables whose x axis and unit fit `chart` plotting `metric` (the rest cannot overlay it). */
export function overlayCandidates(
  tables: readonly ReferenceTable[],
  chart: ChartKind,
  metric: CompareMetric,
): ReferenceTable[] {
  if (chart !== 'trend' && chart !== 'concurrency') return [];
  const unit = metric === 'opsPerSec' ? 'ops/s' : 'ms';
  return tables.filter(
    (t) =>
      t.columns === undefined &&
      t.unit === unit &&
      (chart === 'trend' ? t.xLabel === 'entries' : /thread|connection|client/i.test(t.xLabel)),
  );
}

/** Series and non-empty points a trend or concurrency chart draws (for tests and the chart's data attributes). */
export function plottedCounts(
  chart: ChartKind,
  runs: readonly CompareRun[],
  metric: CompareMetric,
): { series: number; points: number } {
  if (chart !== 'trend' && chart !== 'concurrency') return { series: 0, points: 0 };
  const series = chart === 'trend' ? trendSeries(runs, metric) : concurrencySeries(runs, metric);
  return {
    series: series.length,
    points: series.reduce(
      (n, s) => n + s.points.filter((p) => p.mean !== null && p.mean > 0).length,
      0,
    ),
  };
}
