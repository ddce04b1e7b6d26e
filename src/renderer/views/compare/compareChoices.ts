// Which tests the Test picker offers and keeps (matched as `dirbench export --test` matches), and which
// published tables can overlay a chart.
import { overlayFits } from '../../../shared/charts/base.ts';
import { CHART_ROWS } from '../../../shared/charts/chartKinds.ts';
import type { ChartKind } from '../../../shared/charts/chartKinds.ts';
import type { CompareRun } from '../../../shared/compare.ts';
import type { CompareMetric } from '../../../shared/compareSeries.ts';
import type { ReferenceTable } from '../../../shared/reference.ts';
import { filterChoices, runPasses } from '../../../shared/runFilter.ts';

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
  const x = CHART_ROWS[chart].overlayX;
  if (x === undefined) return [];
  return tables.filter((t) => t.columns === undefined && overlayFits(t, x, metric));
}
