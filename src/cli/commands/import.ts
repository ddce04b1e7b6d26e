// `dirbench import --format searchrate-csv|opendj-csv FILE`: a peer tool's output stored as an external run.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { ApiError, invalid } from '../../shared/errors.ts';
import type { ImportFormat } from '../../shared/exchange.ts';
import type { CommandSpec } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { withCliCore } from '../coreForCli.ts';
import { printJsonLine } from '../options.ts';
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

/** `dirbench import`. */
export const importSpec: CommandSpec = {
  name: 'import',
  summary:
    "stores a peer tool's output (UnboundID searchrate --csv, OpenDJ searchrate -S) as a run",
  usage: [`dirbench import --format ${FORMATS.join('|')} FILE [--target-name NAME] [--json]`],
  args: ['FILE'],
  about: [
    "The tool's own figures only: DirBench never invents percentiles it did not print. Prints the run id.",
  ],
  groups: [
    {
      title: 'Options',
      options: {
        format: {
          type: 'string',
          value: FORMATS.join('|'),
          description:
            'searchrate-csv (UnboundID searchrate --csv) or opendj-csv (OpenDJ searchrate -S)',
        },
        'target-name': {
          type: 'string',
          value: 'NAME',
          description: 'the server the tool measured, as history shows it',
        },
      },
    },
    commonGroup('{ runId }'),
  ],
  examples: [
    {
      what: 'UnboundID searchrate output, named after its server',
      line: 'dirbench import --format searchrate-csv searchrate-output.csv --target-name dir1',
    },
  ],
  run: importCommand,
};
