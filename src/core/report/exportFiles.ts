// The files `export/*` and `dirbench export|report` make: data, chart images and the HTML report.
import type { ApiSpec } from '../../shared/api.ts';
import { CHART_KINDS, isChartKind } from '../../shared/charts/chartKinds.ts';
import { chartTitle, compareChartOption } from '../../shared/charts/compareChart.ts';
import { serverColors } from '../../shared/charts/serverColors.ts';
import { COMPARE_METRICS } from '../../shared/compareSeries.ts';
import type { CompareMetric } from '../../shared/compareSeries.ts';
import { invalid } from '../../shared/errors.ts';
import type {
  ChartImageSize,
  ExportFile,
  ExportFilter,
  ExportSelection,
} from '../../shared/exchange.ts';
import type { ReferenceTable } from '../../shared/reference.ts';
import { applyRunFilter, filterText } from '../../shared/runFilter.ts';
import { campaignName } from '../store/compareQueries.ts';
import type { Db } from '../store/database.ts';
import { selectRuns } from './compareRuns.ts';
import type { SelectedRun } from './compareRuns.ts';
import { summariesCsv, samplesCsv } from './csvExport.ts';
import { runHlog, singleRun } from './hlogExport.ts';
import { htmlReport } from './htmlReport.ts';
import { runsJson } from './jsonExport.ts';
import { renderChartPng, renderChartSvg } from './renderChart.ts';
import { DEFAULT_CHART_SIZE, REPORT_CHART_SIZE } from './chartSizes.ts';
import type { ChartSize } from './chartSizes.ts';

type Req<C extends keyof ApiSpec> = ApiSpec[C]['req'];

/** Where exports get the published tables they may overlay. */
export type ReferenceSource = () => readonly ReferenceTable[];

/** File name stem of a selection: `campaign-ID`, `run-ID` or `runs-N`, then what a filter kept. */
export function selectionStem(selection: ExportSelection & ExportFilter): string {
  const raw =
    'campaignId' in selection
      ? `campaign-${selection.campaignId}`
      : selection.runIds.length === 1
        ? `run-${selection.runIds[0]}`
        : `runs-${selection.runIds.length}`;
  const kept = filterText(selection.filter);
  const stem = kept === '' ? raw : `${raw}-${kept}`;
  return `dirbench-${stem.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+$/, '')}`;
}

function selectionField(selection: ExportSelection): string {
  return 'campaignId' in selection ? 'campaignId' : 'runIds';
}

/** A selection's runs: all of them (what colours are given from) and those its filter keeps. */
interface FilteredRuns {
  all: SelectedRun[];
  kept: SelectedRun[];
}

/** The selection in messages: "campaign c-1", "run r-1", "the 3 runs given". */
function selectionName(selection: ExportSelection): string {
  if ('campaignId' in selection) return `campaign ${selection.campaignId}`;
  return selection.runIds.length === 1
    ? `run ${selection.runIds[0]}`
    : `the ${selection.runIds.length} runs given`;
}

/** A non-empty selection's runs and the ones its filter keeps, or a validation error naming what was wrong. */
function filteredRuns(
  db: Db,
  req: ExportSelection & ExportFilter,
  withHistograms = false,
): FilteredRuns {
  const all = selectRuns(db, req, withHistograms);
  if (all.length === 0)
    throw invalid(selectionField(req), 'the campaign has no runs yet; nothing to export');
  return { all, kept: applyRunFilter(all, req.filter, selectionName(req), (r) => r.compare) };
}

/** The runs a request covers: its selection narrowed by its filter. */
function runsOf(db: Db, req: ExportSelection & ExportFilter, withHistograms = false) {
  return filteredRuns(db, req, withHistograms).kept;
}

/** The size asked for, each side defaulting to `fallback`'s. */
export function chartSizeOf(req: ChartImageSize, fallback: ChartSize): ChartSize {
  return {
    widthPx: req.widthPx ?? fallback.widthPx,
    heightPx: req.heightPx ?? fallback.heightPx,
  };
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
): ExportFile {
  if (!isChartKind(req.chart))
    throw invalid(
      'chart',
      `chart must be one of ${CHART_KINDS.join(', ')}; got "${String(req.chart)}"`,
    );
  if (req.format !== 'png' && req.format !== 'svg')
    throw invalid('format', `format must be png or svg for a chart, got "${String(req.format)}"`);
  const metric = parseMetric(req.metric);
  const overlays = pickReferences(req.references, references);
  const size = chartSizeOf(req, DEFAULT_CHART_SIZE);
  const { all, kept } = filteredRuns(db, req);
  const filtered = filterText(req.filter);
  const title = chartTitle(req.chart, metric);
  const option = compareChartOption(
    req.chart,
    kept.map((r) => r.compare),
    {
      title: filtered === '' ? title : `${title} · ${filtered}`,
      animation: false,
      metric,
      references: overlays,
      widthPx: size.widthPx,
      heightPx: size.heightPx,
      // From the whole selection, so a server keeps its colour whatever the filter leaves out.
      serverColors: serverColors(all.map((r) => r.compare)),
    },
  );
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
  const metric = parseMetric(req.metric);
  const { all, kept: runs } = filteredRuns(db, req);
  const selected =
    'campaignId' in req
      ? `campaign ${campaignName(db, req.campaignId) ?? req.campaignId}`
      : runs.length === 1
        ? `run ${runs[0]?.row.id}`
        : `${runs.length} selected runs`;
  const kept = filterText(req.filter);
  return {
    fileName: `${selectionStem(req)}-report.html`,
    mimeType: 'text/html',
    text: htmlReport(runs, {
      title: kept === '' ? selected : `${selected}: ${kept}`,
      generatedAt: new Date().toISOString(),
      references: overlays,
      metric,
      chartSize: chartSizeOf(req, REPORT_CHART_SIZE),
      serverColors: serverColors(all.map((r) => r.compare)),
    }),
  };
}
