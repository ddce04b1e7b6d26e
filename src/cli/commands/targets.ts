// `dirbench targets list`: the saved targets (passwords never shown). The work is in targetsImpl.ts,
// loaded when the command runs.
import type { CommandFamily } from '../commandSpec.ts';
import { plainCommand } from '../plainCommand.ts';

/** `dirbench targets list`. */
export const targetsFamily: CommandFamily = {
  name: 'targets',
  summary: 'the saved targets',
  subcommands: [
    plainCommand('targets list', {
      summary: 'the saved targets: id, name, URL, bind DN and base DN (never a password)',
      json: 'the targets as a JSON array',
      examples: [{ what: 'the saved targets', line: 'dirbench targets list' }],
      run: async (_args, options) => (await import('./targetsImpl.ts')).targetsListCommand(options),
    }),
  ],
  defaultSub: 'list',
};
