// `dirbench export`: a chart (PNG/SVG) or data (CSV, JSON, HdrHistogram log) of stored runs or a campaign.
// The work is in exportImpl.ts, loaded when the command runs (the chart renderer is not needed before).
import { CHART_KINDS, CHART_ROWS } from '../../shared/charts/chartKinds.ts';
import { COMPARE_METRICS } from '../../shared/compareSeries.ts';
import { DEFAULT_CHART_SIZE } from '../../core/report/chartSizes.ts';
import type { CommandSpec } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { givenText } from '../options.ts';
import {
  chartLookOptions,
  FILTER_GROUP,
  REFERENCE_OPTION,
  SELECTION_GROUP,
} from './exportOptions.ts';

/** What each --chart KIND draws, a line each, for the help. */
function chartKindNotes(): string[] {
  const width = Math.max(...CHART_KINDS.map((kind) => kind.length)) + 2;
  return [
    '--chart KIND draws:',
    ...CHART_KINDS.map((kind) => `  ${kind.padEnd(width)}${CHART_ROWS[kind].summary}`),
  ];
}

/** `dirbench export`. */
export const exportSpec: CommandSpec = {
  name: 'export',
  summary: 'a chart (PNG, SVG) or data (CSV, JSON, HdrHistogram log) of runs or a campaign',
  usage: [
    `dirbench export --run ID... | --campaign ID --chart ${CHART_KINDS.join('|')}`,
    `                [--format png|svg] [--metric ${COMPARE_METRICS.join('|')}]`,
    '                [--width PX] [--height PX] [--reference TABLE-ID]...',
    '                [--test WORKLOAD]... [--size ENTRIES]... [--server NAME]... [--profile NAME]...',
    '                --out FILE',
    'dirbench export --run ID... | --campaign ID --format csv|json|hlog [--samples]',
    '                [--test WORKLOAD]... [--size ENTRIES]... [--server NAME]... [--profile NAME]...',
    '                --out FILE',
  ],
  args: [],
  about: [
    "Charts are drawn headlessly like the GUI's compare charts. Data: CSV of run summaries (--samples:",
    "one row per second), JSON of whole runs, or one run's HdrHistogram interval log.",
  ],
  groups: [
    SELECTION_GROUP,
    FILTER_GROUP,
    {
      title: 'What to write',
      options: {
        chart: { type: 'string', value: 'KIND', description: `a chart: ${CHART_KINDS.join(', ')}` },
        format: {
          type: 'string',
          value: 'FORMAT',
          description: 'png or svg with --chart (default png); else csv, json or hlog',
        },
        ...chartLookOptions(DEFAULT_CHART_SIZE),
        ...REFERENCE_OPTION,
        samples: { type: 'boolean', description: 'with --format csv: one row per second' },
        out: { type: 'string', value: 'FILE', description: 'the file to write' },
      },
      notes: chartKindNotes(),
    },
    commonGroup('{ file, mimeType, bytes }'),
  ],
  examples: [
    {
      what: "a campaign's trend chart beside Salford's Table 5",
      line: 'dirbench export --campaign CAMPAIGN-ID --chart trend --reference salford/table-5 --format png --out trend.png',
    },
    {
      what: 'one test of a campaign, servers side by side, as an SVG 900 pixels wide',
      line: 'dirbench export --campaign CAMPAIGN-ID --chart bars --test salford/S.1 --size 10K --format svg --width 900 --height 500 --out s1.svg',
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
  run: async (_args, options) => (await import('./exportImpl.ts')).exportCommand(options),
  activity: (_args, options) => `export ${givenText(options, 'out', '')}`,
};
