// Which compare chart fits a selection first, which tests the Test picker offers and keeps (matched as
// `dirbench export --test` matches), and which published tables can overlay a chart.
import type { CompareRun } from '../../../shared/compare.ts';
import type { CompareMetric } from '../../../shared/compareSeries.ts';
import { trendSeries, concurrencySeries } from '../../../shared/compareSeries.ts';
import type { ChartKind } from '../../../shared/exchange.ts';
import type { ReferenceTable } from '../../../shared/reference.ts';
import { filterChoices, runPasses } from '../../../shared/runFilter.ts';

/** The chart that says most about `runs`: sizes vary -> trend, else connections -> concurrency, else bars. */
export function defaultChart(runs: readonly CompareRun[]): ChartKind {
  const distinct = (values: unknown[]) => new Set(values).size;
  if (distinct(runs.map((r) => r.entries)) > 1) return 'trend';
  if (distinct(runs.map((r) => r.connections)) > 1) return 'concurrency';
  if (runs.length > 1) return 'bars';
  return 'timeseries';
}

/** The Test picker's choices: the tests of the selection in the order its runs show them. */
export function testChoices(runs: readonly CompareRun[]): string[] {
  return filterChoices(runs).tests;
}

/** The runs the Test picker keeps: all of them for '' (All tests), else that test's. */
export function runsOfTest(runs: readonly CompareRun[], test: string): readonly CompareRun[] {
  return test === '' ? runs : runs.filter((r) => runPasses(r, { tests: [test] }));
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
