// The self-contained HTML report of a campaign or of selected runs: tables and inline SVG charts,
// no script, no external resource, so it opens offline and can be mailed as one file.
import { CHART_KINDS, CHART_ROWS } from '../../shared/charts/chartKinds.ts';
import type { ChartKind } from '../../shared/charts/chartKinds.ts';
import { compareChartOption, chartTitle } from '../../shared/charts/compareChart.ts';
import type { ServerColors } from '../../shared/charts/serverColors.ts';
import type { CompareRun } from '../../shared/compare.ts';
import type { CompareMetric } from '../../shared/compareSeries.ts';
import type { ReferenceTable } from '../../shared/reference.ts';
import { dirbenchVersion } from '../base/version.ts';
import type { SelectedRun } from './compareRuns.ts';
import { escapeHtml, inlineSvg, REPORT_CSS } from './html.ts';
import { renderChartSvg } from './renderChart.ts';
import type { ChartSize } from './chartSizes.ts';
import { environmentHtml, paperTableHtml, runsTableHtml } from './reportSections.ts';

/** What the report is about and when it was made. */
export interface ReportContext {
  /** "Campaign salford-10k" or "3 selected runs". */
  title: string;
  generatedAt: string;
  references: readonly ReferenceTable[];
  /** The figure the charts plot (the latency distribution plots its own). */
  metric: CompareMetric;
  chartSize: ChartSize;
  /** Colours of the servers of the whole selection, the filter notwithstanding. */
  serverColors: ServerColors;
}

/** Charts worth drawing for these runs, in the kinds' order: those whose row says the report draws them. */
export function reportCharts(runs: readonly CompareRun[]): ChartKind[] {
  return CHART_KINDS.filter((kind) => CHART_ROWS[kind].inReport(runs));
}

function chartHtml(kind: ChartKind, runs: readonly SelectedRun[], context: ReportContext): string {
  const title = chartTitle(kind, context.metric);
  const option = compareChartOption(
    kind,
    runs.map((r) => r.compare),
    {
      title,
      animation: false,
      metric: context.metric,
      references: context.references,
      widthPx: context.chartSize.widthPx,
      heightPx: context.chartSize.heightPx,
      serverColors: context.serverColors,
    },
  );
  return inlineSvg(renderChartSvg(option, context.chartSize), title);
}

function summaryLine(runs: readonly SelectedRun[]): string {
  const completed = runs.filter((r) => r.compare.status === 'completed').length;
  return `${runs.length} runs, ${completed} completed, ${runs.length - completed} not completed (failed, stopped or interrupted).`;
}

function referencesNote(references: readonly ReferenceTable[]): string {
  if (references.length === 0) return '';
  const items = references
    .map(
      (t) =>
        `<li>${escapeHtml(`${t.study}, ${t.table}: ${t.title}. ${t.source}. Hardware: ${t.hardware}.`)}</li>`,
    )
    .join('');
  return `<p class="note">Dashed lines are published figures, measured on other hardware:</p><ul class="note">${items}</ul>`;
}

/** The report as one HTML document. */
export function htmlReport(runs: readonly SelectedRun[], context: ReportContext): string {
  const charts = reportCharts(runs.map((r) => r.compare))
    .map((kind) => chartHtml(kind, runs, context))
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`DirBench report: ${context.title}`)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<h1>${escapeHtml(`DirBench report: ${context.title}`)}</h1>
<p class="note">${escapeHtml(`Generated ${context.generatedAt} by DirBench ${dirbenchVersion()}. ${summaryLine(runs)}`)}
Figures are over each run's measured phase; repeats are averaged, latency percentiles come from merged HDR histograms.</p>
<h2>Results</h2>
${paperTableHtml(runs, 'opsPerSec')}
${paperTableHtml(runs, 'p99Us')}
<h2>Charts</h2>
${referencesNote(context.references)}
${charts}
<h2>Runs and configuration</h2>
${runsTableHtml(runs)}
<h2>Environment</h2>
${environmentHtml(runs)}
</body>
</html>
`;
}
