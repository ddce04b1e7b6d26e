// What `dirbench report` does: writes the HTML report of a campaign or runs (its spec is in report.ts).
import { invalid } from '../../shared/errors.ts';
import { withCliCore } from '../coreForCli.ts';
import { stringOption } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { writeExport } from './exportImpl.ts';
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
