// `dirbench report`: the self-contained HTML report of a campaign or of selected runs.
import { invalid } from '../../shared/errors.ts';
import { REPORT_CHART_SIZE } from '../../core/report/htmlReport.ts';
import type { CommandSpec } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { withCliCore } from '../coreForCli.ts';
import { givenText, stringOption } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { writeExport } from './export.ts';
import * as shared from './exportOptions.ts';

/** Runs `dirbench report --campaign ID|--run ID --out FILE.html`. */
export async function reportCommand(options: RawOptions): Promise<number> {
  const out = stringOption(options, 'out', 'the HTML file to write, e.g. --out report.html');
  if (!/\.html?$/i.test(out))
    throw invalid('--out', `--out is an HTML file (e.g. report.html); got "${out}"`);
  const req = {
    ...shared.selectedRunsFromOptions(options),
    ...shared.imageSizeFromOptions(options),
    ...(typeof options.metric === 'string' ? { metric: options.metric } : {}),
    references: shared.strings(options.reference),
  };
  return withCliCore(options, async (core) => {
    const file = await shared.callCore(() => core.call('export/report', req));
    return writeExport(file, out, options);
  });
}

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
  run: (_args, options) => reportCommand(options),
  activity: (_args, options) => `report ${givenText(options, 'out', '')}`,
};
