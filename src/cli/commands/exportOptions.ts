// Options `dirbench export` and `dirbench report` share: which runs (selection and filters), the
// chart image's size, and the core's errors re-labelled with the option the user typed.
import { ApiError, invalid } from '../../shared/errors.ts';
import { CHART_SIDE_PX } from '../../shared/chartImageSize.ts';
import type {
  ChartImageSize,
  ExportFilter,
  ExportSelection,
  RunFilter,
} from '../../shared/exchange.ts';
import { COMPARE_METRICS } from '../../shared/compareSeries.ts';
import { parseEntries } from '../../shared/runFilter.ts';
import type { ChartSize } from '../../core/report/chartSizes.ts';
import type { OptionGroup, OptionTable } from '../commandSpec.ts';
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

/** Narrowing of the selection, as the GUI's compare pickers narrow it. */
export const FILTER_GROUP: OptionGroup = {
  title: 'Keep only some of those runs',
  options: {
    test: {
      type: 'string',
      multiple: true,
      value: 'WORKLOAD',
      description: 'runs of this test (workload id), e.g. salford/S.1',
    },
    size: {
      type: 'string',
      multiple: true,
      value: 'ENTRIES',
      description: 'runs on a directory of this many entries: 10000, 10,000, 10K or 1.5M',
    },
    server: {
      type: 'string',
      multiple: true,
      value: 'NAME',
      description:
        'runs on this server: short name ("OpenLDAP 2.5.13", "OpenLDAP"), full vendor string, lab kind (389ds) or target name; any case',
    },
    profile: {
      type: 'string',
      multiple: true,
      value: 'NAME',
      description: 'runs on labs with this index profile, e.g. salford-indexed',
    },
  },
  notes: [
    'A run is kept when it matches one value of every option given. A value no run of the selection',
    'has is an error listing the values there are.',
  ],
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

/** The measure charts plot, and the size they are drawn at (help shows the command's own default). */
export function chartLookOptions(size: ChartSize) {
  const range = `${CHART_SIDE_PX.min} to ${CHART_SIDE_PX.max}`;
  return {
    metric: {
      type: 'string',
      value: 'METRIC',
      description: `the charts' measure: ${COMPARE_METRICS.join(', ')}`,
      default: 'opsPerSec',
    },
    width: {
      type: 'string',
      value: 'PX',
      description: `chart width in pixels, ${range}`,
      default: size.widthPx,
    },
    height: {
      type: 'string',
      value: 'PX',
      description: `chart height in pixels, ${range}`,
      default: size.heightPx,
    },
  } as const satisfies OptionTable;
}

/** API fields and the options that set them, so errors name what the user typed. */
const OPTION_OF_FIELD: Record<string, string> = {
  runIds: '--run',
  campaignId: '--campaign',
  chart: '--chart',
  format: '--format',
  metric: '--metric',
  content: '--samples',
  references: '--reference',
  tests: '--test',
  sizes: '--size',
  servers: '--server',
  profiles: '--profile',
  filter: '--test/--size/--server/--profile',
  widthPx: '--width',
  heightPx: '--height',
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

/** `--test`, `--size`, `--server`, `--profile` as the API's filter (only the lists given). */
export function filterFromOptions(options: RawOptions): RunFilter {
  const sizes = strings(options.size).map((text) => {
    const entries = parseEntries(text);
    if (entries === null)
      throw invalid(
        '--size',
        `--size is a number of entries like 10000, 10,000 or 10K; got "${text}"`,
      );
    return entries;
  });
  const filter: RunFilter = {};
  const tests = strings(options.test);
  const servers = strings(options.server);
  const profiles = strings(options.profile);
  if (tests.length > 0) filter.tests = tests;
  if (sizes.length > 0) filter.sizes = sizes;
  if (servers.length > 0) filter.servers = servers;
  if (profiles.length > 0) filter.profiles = profiles;
  return filter;
}

/** The runs a command covers: `--run`/`--campaign`, with the filter when a filter option is given. */
export function selectedRunsFromOptions(options: RawOptions): ExportSelection & ExportFilter {
  const filter = filterFromOptions(options);
  return {
    ...selectionFromOptions(options),
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
  };
}

/** A side in pixels within the API's bounds (checked here too, so the message names the option). */
function pixelsOption(options: RawOptions, name: 'width' | 'height'): number | undefined {
  const raw = options[name];
  if (raw === undefined) return undefined;
  const text = String(raw).trim();
  const px = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(px >= CHART_SIDE_PX.min && px <= CHART_SIDE_PX.max))
    throw invalid(
      `--${name}`,
      `--${name} is a whole number of pixels from ${CHART_SIDE_PX.min} to ${CHART_SIDE_PX.max}; got "${text}"`,
    );
  return px;
}

/** `--width` and `--height` as the API's image size (only the sides given). */
export function imageSizeFromOptions(options: RawOptions): ChartImageSize {
  const widthPx = pixelsOption(options, 'width');
  const heightPx = pixelsOption(options, 'height');
  return {
    ...(widthPx === undefined ? {} : { widthPx }),
    ...(heightPx === undefined ? {} : { heightPx }),
  };
}
