// `dirbench import --format searchrate-csv|opendj-csv FILE`: a peer tool's output stored as an external run.
// The work is in importImpl.ts, loaded when the command runs.
import { IMPORT_FORMATS } from '../../shared/exchange.ts';
import type { CommandSpec } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';

/** `dirbench import`. */
export const importSpec: CommandSpec = {
  name: 'import',
  summary:
    "stores a peer tool's output (UnboundID searchrate --csv, OpenDJ searchrate -S) as a run",
  usage: [
    `dirbench import --format ${IMPORT_FORMATS.join('|')} FILE [--target-name NAME] [--json]`,
  ],
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
          value: IMPORT_FORMATS.join('|'),
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
  run: async (args, options) => (await import('./importImpl.ts')).importCommand(args, options),
};
