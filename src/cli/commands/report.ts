// `dirbench report`: the self-contained HTML report of a campaign or of selected runs.
import { invalid } from '../../shared/errors.ts';
import type { CommandSpec } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { openCliCore } from '../coreForCli.ts';
import { stringOption } from '../options.ts';
import type { RawOptions } from '../options.ts';
import {
  callCore,
  REFERENCE_OPTION,
  SELECTION_GROUP,
  selectionFromOptions,
  strings,
  writeExport,
} from './export.ts';

/** Runs `dirbench report --campaign ID|--run ID --out FILE.html`. */
export async function reportCommand(options: RawOptions): Promise<number> {
  const out = stringOption(options, 'out', 'the HTML file to write, e.g. --out report.html');
  if (!/\.html?$/i.test(out))
    throw invalid('--out', `--out is an HTML file (e.g. report.html); got "${out}"`);
  const selection = selectionFromOptions(options);
  const references = strings(options.reference);
  const core = await openCliCore(options);
  try {
    const file = await callCore(() => core.call('export/report', { ...selection, references }));
    return writeExport(file, out, options);
  } finally {
    await core.shutdown('CLI command ended');
  }
}

/** `dirbench report`. */
export const reportSpec: CommandSpec = {
  name: 'report',
  summary: 'a self-contained HTML report (tables, charts) of a campaign or runs that opens offline',
  usage: ['dirbench report --campaign ID | --run ID... [--reference TABLE-ID]... --out FILE.html'],
  args: [],
  groups: [
    SELECTION_GROUP,
    {
      title: 'Options',
      options: {
        ...REFERENCE_OPTION,
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
  ],
  run: (_args, options) => reportCommand(options),
};
