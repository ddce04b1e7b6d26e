// The files `export/*` and `dirbench export|report` make: data, chart images and the HTML report.
import type { ApiSpec } from '../../shared/api.ts';
import { CHART_KINDS, chartTitle, compareChartOption } from '../../shared/charts/compareChart.ts';
import { COMPARE_METRICS } from '../../shared/compareSeries.ts';
import type { CompareMetric } from '../../shared/compareSeries.ts';
import { invalid } from '../../shared/errors.ts';
import type { ExportFile, ExportSelection } from '../../shared/exchange.ts';
import type { ReferenceTable } from '../../shared/reference.ts';
import { campaignName } from '../store/compareQueries.ts';
import type { Db } from '../store/database.ts';
import { selectRuns } from './compareRuns.ts';
import { summariesCsv, samplesCsv } from './csvExport.ts';
import { runHlog, singleRun } from './hlogExport.ts';
import { htmlReport } from './htmlReport.ts';
import { runsJson } from './jsonExport.ts';
import { DEFAULT_CHART_SIZE, renderChartPng, renderChartSvg } from './renderChart.ts';
import type { ChartSize } from './renderChart.ts';

type Req<C extends keyof ApiSpec> = ApiSpec[C]['req'];

/** Where exports get the published tables they may overlay. */
export type ReferenceSource = () => readonly ReferenceTable[];

/** File name stem of a selection: `campaign-ID`, `run-ID` or `runs-N`. */
export function selectionStem(selection: ExportSelection): string {
  const raw =
    'campaignId' in selection
      ? `campaign-${selection.campaignId}`
      : selection.runIds.length === 1
        ? `run-${selection.runIds[0]}`
        : `runs-${selection.runIds.length}`;
  return `dirbench-${raw.replace(/[^A-Za-z0-9._-]+/g, '_')}`;
}

function selectionField(selection: ExportSelection): string {
  return 'campaignId' in selection ? 'campaignId' : 'runIds';
}

/** A non-empty selection's runs, or a validation error naming the selection. */
function runsOf(db: Db, selection: ExportSelection, withHistograms = false) {
  const runs = selectRuns(db, selection, withHistograms);
  if (runs.length === 0)
    throw invalid(selectionField(selection), 'the campaign has no runs yet; nothing to export');
  return runs;
}

/** `export/data`: CSV (run summaries, or samples), JSON, or one run's HdrHistogram log. */
export function exportData(db: Db, req: Req<'export/data'>): ExportFile {
  const stem = selectionStem(req);
  if (req.format === 'hlog') {
    const run = singleRun(runsOf(db, req, true), selectionField(req));
    return { fileName: `${stem}.hlog`, mimeType: 'text/plain', text: runHlog(run) };
  }
  if (req.format === 'json')
    return {
      fileName: `${stem}.json`,
      mimeType: 'application/json',
      text: runsJson(runsOf(db, req), new Date().toISOString()),
    };
  if (req.format !== 'csv')
    throw invalid('format', `format must be csv, json or hlog, got "${String(req.format)}"`);
  const content = req.content ?? 'summaries';
  if (content !== 'summaries' && content !== 'samples')
    throw invalid('content', `content must be summaries or samples, got "${String(content)}"`);
  const runs = runsOf(db, req);
  return {
    fileName: `${stem}-${content}.csv`,
    mimeType: 'text/csv',
    text: content === 'samples' ? samplesCsv(runs) : summariesCsv(runs),
  };
}

/** The metric asked for, or a validation error listing the ones there are. */
export function parseMetric(metric: string | undefined): CompareMetric {
  if (metric === undefined) return 'opsPerSec';
  if (!(COMPARE_METRICS as readonly string[]).includes(metric))
    throw invalid('metric', `metric must be one of ${COMPARE_METRICS.join(', ')}; got "${metric}"`);
  return metric as CompareMetric;
}

/** The reference tables named by id, or a validation error naming the unknown ones. */
export function pickReferences(
  ids: readonly string[] | undefined,
  source: ReferenceSource,
): ReferenceTable[] {
  if (!ids || ids.length === 0) return [];
  const tables = source();
  const unknown = ids.filter((id) => !tables.some((t) => t.id === id));
  if (unknown.length > 0)
    throw invalid(
      'references',
      `no reference table ${unknown.join(', ')}; reference/list (or the Reference view) shows the ids`,
    );
  return ids.map((id) => tables.find((t) => t.id === id) as ReferenceTable);
}

/** `export/chart`: one compare chart drawn headlessly as PNG or SVG. */
export function exportChart(
  db: Db,
  req: Req<'export/chart'>,
  references: ReferenceSource,
  size: ChartSize = DEFAULT_CHART_SIZE,
): ExportFile {
  if (!CHART_KINDS.includes(req.chart))
    throw invalid(
      'chart',
      `chart must be one of ${CHART_KINDS.join(', ')}; got "${String(req.chart)}"`,
    );
  if (req.format !== 'png' && req.format !== 'svg')
    throw invalid('format', `format must be png or svg for a chart, got "${String(req.format)}"`);
  const metric = parseMetric(req.metric);
  const overlays = pickReferences(req.references, references);
  const runs = runsOf(db, req).map((r) => r.compare);
  const option = compareChartOption(req.chart, runs, {
    title: chartTitle(req.chart, metric),
    animation: false,
    metric,
    references: overlays,
    widthPx: size.widthPx,
  });
  const fileName = `${selectionStem(req)}-${req.chart}.${req.format}`;
  if (req.format === 'svg')
    return { fileName, mimeType: 'image/svg+xml', text: renderChartSvg(option, size) };
  return {
    fileName,
    mimeType: 'image/png',
    base64: renderChartPng(option, size).toString('base64'),
  };
}

/** `export/report`: the self-contained HTML report. */
export function exportReport(
  db: Db,
  req: Req<'export/report'>,
  references: ReferenceSource,
): ExportFile {
  const overlays = pickReferences(req.references, references);
  const runs = runsOf(db, req);
  const title =
    'campaignId' in req
      ? `campaign ${campaignName(db, req.campaignId) ?? req.campaignId}`
      : runs.length === 1
        ? `run ${runs[0]?.row.id}`
        : `${runs.length} selected runs`;
  return {
    fileName: `${selectionStem(req)}-report.html`,
    mimeType: 'text/html',
    text: htmlReport(runs, { title, generatedAt: new Date().toISOString(), references: overlays }),
  };
}
