// `dirbench report`: the self-contained HTML report of a campaign or of selected runs.
import { invalid } from '../../shared/errors.ts';
import { openCliCore } from '../coreForCli.ts';
import { stringOption } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { callCore, selectionFromOptions, strings, writeExport } from './export.ts';

/** Runs `dirbench report --campaign ID|--run ID --out FILE.html`. */
export async function reportCommand(options: RawOptions): Promise<number> {
  const out = stringOption(options, 'out', 'the HTML file to write, e.g. --out report.html');
  if (!/\.html?$/i.test(out))
    throw invalid('--out', `--out is an HTML file (e.g. report.html); got "${out}"`);
  const selection = selectionFromOptions(options);
  const references = strings(options.reference);
  const core = await openCliCore(options);
  try {
    const file = await callCore(() => core.handlers['export/report']({ ...selection, references }));
    return writeExport(file, out, options);
  } finally {
    await core.shutdown('CLI command ended');
  }
}
