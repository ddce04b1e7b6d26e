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
import { COMPARE_METRICS } from '../../shared/compareSeries.ts';
import type { Core } from '../../core/app/core.ts';
import type { CommandSpec, OptionGroup, OptionTable } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { openCliCore } from '../coreForCli.ts';
import { printJsonLine, stringOption } from '../options.ts';
import type { RawOptions } from '../options.ts';

/** Which runs an export or report covers: `export` and `report` take these. */
export const SELECTION_GROUP: OptionGroup = {
  title: 'Runs (one of)',
  options: {
    run: {
      type: 'string',
      multiple: true,
      value: 'ID',
      description: 'a stored run (see "dirbench runs list")',
    },
    campaign: {
      type: 'string',
      value: 'ID',
      description: 'a campaign\'s runs (see "dirbench matrix list")',
    },
  },
};

/** The published figures a chart or report shows beside the measured ones. */
export const REFERENCE_OPTION = {
  reference: {
    type: 'string',
    multiple: true,
    value: 'TABLE-ID',
    description:
      "a study's published table drawn dashed beside the runs, e.g. salford/table-5 (data/reference)",
  },
} as const satisfies OptionTable;

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
    printJsonLine({ file: out, mimeType: file.mimeType, bytes: bytes.length });
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
    return callCore(() => core.call('export/chart', req));
  }
  const req = dataRequest(options, selection);
  return callCore(() => core.call('export/data', req));
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

/** `dirbench export`. */
export const exportSpec: CommandSpec = {
  name: 'export',
  summary: 'a chart (PNG, SVG) or data (CSV, JSON, HdrHistogram log) of runs or a campaign',
  usage: [
    `dirbench export --run ID... | --campaign ID --chart ${CHART_KINDS.join('|')}`,
    `                [--format png|svg] [--metric ${COMPARE_METRICS.join('|')}]`,
    '                [--reference TABLE-ID]... --out FILE',
    'dirbench export --run ID... | --campaign ID --format csv|json|hlog [--samples] --out FILE',
  ],
  args: [],
  about: [
    "Charts are drawn headlessly like the GUI's compare charts. Data: CSV of run summaries (--samples:",
    "one row per second), JSON of whole runs, or one run's HdrHistogram interval log.",
  ],
  groups: [
    SELECTION_GROUP,
    {
      title: 'What to write',
      options: {
        chart: { type: 'string', value: 'KIND', description: `a chart: ${CHART_KINDS.join(', ')}` },
        format: {
          type: 'string',
          value: 'FORMAT',
          description: 'png or svg with --chart (default png); else csv, json or hlog',
        },
        metric: {
          type: 'string',
          value: 'METRIC',
          description: `the chart's measure: ${COMPARE_METRICS.join(', ')}`,
        },
        ...REFERENCE_OPTION,
        samples: { type: 'boolean', description: 'with --format csv: one row per second' },
        out: { type: 'string', value: 'FILE', description: 'the file to write' },
      },
    },
    commonGroup('{ file, mimeType, bytes }'),
  ],
  examples: [
    {
      what: "a campaign's trend chart beside Salford's Table 5",
      line: 'dirbench export --campaign CAMPAIGN-ID --chart trend --reference salford/table-5 --format png --out trend.png',
    },
    {
      what: "a campaign's cells as CSV",
      line: 'dirbench export --campaign CAMPAIGN-ID --format csv --out cells.csv',
    },
    {
      what: "one run's HdrHistogram interval log",
      line: 'dirbench export --run RUN-ID --format hlog --out run.hlog',
    },
  ],
  run: (_args, options) => exportCommand(options),
};
