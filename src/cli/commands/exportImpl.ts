// What `dirbench export` does: writes a chart or data of stored runs or a campaign (its spec is in export.ts).
import { writeFileSync } from 'node:fs';
import { invalid } from '../../shared/errors.ts';
import type {
  ChartImageFormat,
  DataExportFormat,
  ExportFile,
  ExportFilter,
  ExportSelection,
} from '../../shared/exchange.ts';
import { CHART_KINDS, isChartKind } from '../../shared/charts/chartKinds.ts';
import type { Core } from '../../core/app/core.ts';
import { withCliCore } from '../coreForCli.ts';
import { printJsonLine, stringOption } from '../options.ts';
import type { RawOptions } from '../options.ts';
import {
  callCore,
  imageSizeFromOptions,
  selectedRunsFromOptions,
  strings,
} from './exportOptions.ts';

export { strings } from './exportOptions.ts';

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

/** What every export request carries: the selection and, when given, its filter. */
type Selected = ExportSelection & ExportFilter;

function chartRequest(options: RawOptions, selection: Selected, chart: string) {
  if (!isChartKind(chart))
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
    chart,
    format: format as ChartImageFormat,
    ...(metric ? { metric } : {}),
    ...imageSizeFromOptions(options),
    references,
  };
}

function dataRequest(options: RawOptions, selection: Selected) {
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
  for (const name of ['metric', 'width', 'height'])
    if (options[name] !== undefined)
      throw invalid(`--${name}`, `--${name} goes with --chart (or "dirbench report")`);
  return {
    ...selection,
    format: format as DataExportFormat,
    content: options.samples === true ? ('samples' as const) : ('summaries' as const),
  };
}

/** The file `dirbench export` makes, from the open core. */
export async function exportFile(core: Core, options: RawOptions): Promise<ExportFile> {
  const selection = selectedRunsFromOptions(options);
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
  selectedRunsFromOptions(options);
  imageSizeFromOptions(options);
  return withCliCore(options, async (core) =>
    writeExport(await exportFile(core, options), out, options),
  );
}
