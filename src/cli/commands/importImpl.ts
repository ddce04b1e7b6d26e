// What `dirbench import` does: stores a peer tool's output as an external run (its spec is in import.ts).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { ApiError, invalid } from '../../shared/errors.ts';
import { IMPORT_FORMATS } from '../../shared/exchange.ts';
import type { ImportFormat } from '../../shared/exchange.ts';
import { withCliCore } from '../coreForCli.ts';
import { printJsonLine } from '../options.ts';
import type { RawOptions } from '../options.ts';

/** Reads FILE, stores it as a run and prints the run id (or `{ runId }` with --json). */
export async function importCommand(args: string[], options: RawOptions): Promise<number> {
  const format = options.format;
  if (typeof format !== 'string' || !(IMPORT_FORMATS as readonly string[]).includes(format))
    throw invalid(
      '--format',
      `--format must be searchrate-csv (UnboundID searchrate --csv) or opendj-csv (OpenDJ searchrate -S)${typeof format === 'string' ? `, got "${format}"` : ''}`,
    );
  const [file] = args;
  if (file === undefined)
    throw invalid('file', 'which file? use "dirbench import --format FORMAT FILE"');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw invalid('file', `cannot read ${file}: ${(err as Error).message}`);
  }
  const targetName = options['target-name'];
  return withCliCore(options, async (core) => {
    try {
      const { runId } = await core.call('import/run', {
        format: format as ImportFormat,
        fileName: basename(file),
        text,
        ...(typeof targetName === 'string' ? { targetName } : {}),
      });
      if (options.json === true) printJsonLine({ runId });
      else process.stdout.write(`${runId}\n`);
      return 0;
    } catch (err) {
      // The API's `text` is the file's contents; the CLI user named a file.
      if (err instanceof ApiError && err.field === 'text') throw invalid('file', err.message);
      if (err instanceof ApiError && err.field === 'targetName')
        throw invalid('--target-name', err.message);
      throw err;
    }
  });
}
