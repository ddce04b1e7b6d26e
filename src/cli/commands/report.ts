// `dirbench report`: the self-contained HTML report of a campaign or of selected runs. The work is in
// reportImpl.ts, loaded when the command runs.
import { REPORT_CHART_SIZE } from '../../core/report/chartSizes.ts';
import type { CommandSpec } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { givenText } from '../options.ts';
import * as shared from './exportOptions.ts';

/** `dirbench report`. */
export const reportSpec: CommandSpec = {
  name: 'report',
  summary: 'a self-contained HTML report (tables, charts) of a campaign or runs that opens offline',
  usage: [
    'dirbench report --campaign ID | --run ID... [--reference TABLE-ID]...',
    '                [--test WORKLOAD]... [--size ENTRIES]... [--server NAME]... [--profile NAME]...',
    '                [--metric METRIC] [--width PX] [--height PX] --out FILE.html',
  ],
  args: [],
  about: ["The report's tables and charts cover the runs the filters keep."],
  groups: [
    shared.SELECTION_GROUP,
    shared.FILTER_GROUP,
    {
      title: 'Options',
      options: {
        ...shared.chartLookOptions(REPORT_CHART_SIZE),
        ...shared.REFERENCE_OPTION,
        out: { type: 'string', value: 'FILE.html', description: 'the HTML file to write' },
      },
    },
    commonGroup('{ file, mimeType, bytes }'),
  ],
  examples: [
    {
      what: "a campaign's report",
      line: 'dirbench report --campaign CAMPAIGN-ID --out campaign.html',
    },
    {
      what: 'the report of one test on two of the servers, p99 latency charted',
      line: 'dirbench report --campaign CAMPAIGN-ID --test salford/S.3 --server openldap --server "389 DS" --metric p99Us --out s3.html',
    },
  ],
  run: async (_args, options) => (await import('./reportImpl.ts')).reportCommand(options),
  activity: (_args, options) => `report ${givenText(options, 'out', '')}`,
};
