// `dirbench export`: a chart (PNG/SVG) or data (CSV, JSON, HdrHistogram log) of stored runs or a campaign.
import { writeFileSync } from 'node:fs';
import { ApiError, invalid } from '../../shared/errors.ts';
import type {
  ChartImageFormat,
  ChartKind,
  DataExportFormat,
  ExportFile,
  ExportSelection,
} from '../../shared/exchange.ts';
import { CHART_KINDS } from '../../shared/charts/compareChart.ts';
import type { Core } from '../../core/app/core.ts';
import { openCliCore } from '../coreForCli.ts';
import { stringOption } from '../options.ts';
import type { RawOptions } from '../options.ts';

/** API fields and the options that set them, so errors name what the user typed. */
const OPTION_OF_FIELD: Record<string, string> = {
  runIds: '--run',
  campaignId: '--campaign',
  chart: '--chart',
  format: '--format',
  metric: '--metric',
  content: '--samples',
  references: '--reference',
};

/** A repeatable string option's values (`--run A --run B`). */
export function strings(raw: RawOptions[string]): string[] {
  if (raw === undefined || typeof raw === 'boolean') return [];
  return (Array.isArray(raw) ? raw : [raw]).filter((s) => s.trim() !== '');
}

/** `--run ID` (repeatable) or `--campaign ID`: exactly one of the two. */
export function selectionFromOptions(options: RawOptions): ExportSelection {
  const runIds = strings(options.run);
  const campaign = strings(options.campaign);
  if (runIds.length > 0 && campaign.length > 0)
    throw invalid('--run', 'give --run ID (one or more) or --campaign ID, not both');
  if (campaign.length > 1) throw invalid('--campaign', 'give one --campaign ID');
  if (campaign[0] !== undefined) return { campaignId: campaign[0] };
  if (runIds.length === 0)
    throw invalid(
      '--run',
      '--run ID or --campaign ID is required: which runs to export (see "dirbench runs list")',
    );
  return { runIds };
}

/** Calls the core, re-labelling its errors with the CLI option (bad ids are bad input: exit 2). */
export async function callCore<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ApiError) || err.field === undefined) throw err;
    const option = OPTION_OF_FIELD[err.field] ?? err.field;
    const kind = err.kind === 'not-found' ? 'validation' : err.kind;
    throw new ApiError(kind, `${option}: ${err.message}`, option);
  }
}

/** Writes an export to `--out` and says where it went (JSON with --json). */
export function writeExport(file: ExportFile, out: string, options: RawOptions): number {
  const bytes =
    file.base64 !== undefined
      ? Buffer.from(file.base64, 'base64')
      : Buffer.from(file.text ?? '', 'utf8');
  try {
    writeFileSync(out, bytes);
  } catch (err) {
    throw invalid('--out', `cannot write ${out}: ${(err as Error).message}`);
  }
  if (options.json === true)
    process.stdout.write(
      `${JSON.stringify({ file: out, mimeType: file.mimeType, bytes: bytes.length })}\n`,
    );
  else process.stdout.write(`${out} (${file.mimeType}, ${bytes.length} bytes)\n`);
  return 0;
}

function chartRequest(options: RawOptions, selection: ExportSelection, chart: string) {
  if (!(CHART_KINDS as readonly string[]).includes(chart))
    throw invalid('--chart', `--chart must be one of ${CHART_KINDS.join(', ')}; got "${chart}"`);
  const format = typeof options.format === 'string' ? options.format : 'png';
  if (format !== 'png' && format !== 'svg')
    throw invalid('--format', `--format must be png or svg with --chart; got "${String(format)}"`);
  if (options.samples === true)
    throw invalid('--samples', '--samples goes with --format csv, not --chart');
  const metric = typeof options.metric === 'string' ? options.metric : undefined;
  const references = strings(options.reference);
  return {
    ...selection,
    chart: chart as ChartKind,
    format: format as ChartImageFormat,
    ...(metric ? { metric } : {}),
    references,
  };
}

function dataRequest(options: RawOptions, selection: ExportSelection) {
  const format = stringOption(
    options,
    'format',
    'csv, json or hlog for data, or --chart KIND --format png|svg',
  );
  if (format !== 'csv' && format !== 'json' && format !== 'hlog')
    throw invalid(
      '--format',
      `--format must be csv, json or hlog (or png|svg with --chart); got "${format}"`,
    );
  if (options.samples === true && format !== 'csv')
    throw invalid(
      '--samples',
      '--samples picks per-second rows of a CSV export; use it with --format csv',
    );
  if (options.metric !== undefined) throw invalid('--metric', '--metric goes with --chart');
  return {
    ...selection,
    format: format as DataExportFormat,
    content: options.samples === true ? ('samples' as const) : ('summaries' as const),
  };
}

/** The file `dirbench export` makes, from the open core. */
export async function exportFile(core: Core, options: RawOptions): Promise<ExportFile> {
  const selection = selectionFromOptions(options);
  const chart = options.chart;
  if (typeof chart === 'string') {
    const req = chartRequest(options, selection, chart);
    return callCore(() => core.handlers['export/chart'](req));
  }
  const req = dataRequest(options, selection);
  return callCore(() => core.handlers['export/data'](req));
}

/** Runs `dirbench export`. */
export async function exportCommand(options: RawOptions): Promise<number> {
  const out = stringOption(options, 'out', 'the file to write, e.g. --out trend.png');
  // Checked before the database opens, so a typo costs nothing.
  selectionFromOptions(options);
  const core = await openCliCore(options);
  try {
    return writeExport(await exportFile(core, options), out, options);
  } finally {
    await core.shutdown('CLI command ended');
  }
}
