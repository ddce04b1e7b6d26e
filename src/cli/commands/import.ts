// `dirbench import --format searchrate-csv|opendj-csv FILE`: a peer tool's output stored as an external run.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { ApiError, invalid } from '../../shared/errors.ts';
import type { ImportFormat } from '../../shared/exchange.ts';
import { openCliCore } from '../coreForCli.ts';
import type { RawOptions } from '../options.ts';

const FORMATS: readonly ImportFormat[] = ['searchrate-csv', 'opendj-csv'];

/** Reads FILE, stores it as a run and prints the run id (or `{ runId }` with --json). */
export async function importCommand(args: string[], options: RawOptions): Promise<number> {
  const format = options.format;
  if (typeof format !== 'string' || !(FORMATS as readonly string[]).includes(format))
    throw invalid(
      '--format',
      `--format must be searchrate-csv (UnboundID searchrate --csv) or opendj-csv (OpenDJ searchrate -S)${typeof format === 'string' ? `, got "${format}"` : ''}`,
    );
  const [file, extra] = args;
  if (file === undefined)
    throw invalid('file', 'which file? use "dirbench import --format FORMAT FILE"');
  if (extra !== undefined)
    throw invalid('file', `one file per import (got "${file}" and "${extra}")`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw invalid('file', `cannot read ${file}: ${(err as Error).message}`);
  }
  const targetName = options['target-name'];
  const core = await openCliCore(options);
  try {
    const { runId } = await core.handlers['import/run']({
      format: format as ImportFormat,
      fileName: basename(file),
      text,
      ...(typeof targetName === 'string' ? { targetName } : {}),
    });
    process.stdout.write(options.json === true ? `${JSON.stringify({ runId })}\n` : `${runId}\n`);
    return 0;
  } catch (err) {
    // The API's `text` is the file's contents; the CLI user named a file.
    if (err instanceof ApiError && err.field === 'text') throw invalid('file', err.message);
    if (err instanceof ApiError && err.field === 'targetName')
      throw invalid('--target-name', err.message);
    throw err;
  } finally {
    await core.shutdown('CLI command ended');
  }
}
