// `dirbench workloads list|show|check`: the catalogs, one definition (to copy and edit), a file's validity.
// The work is in workloadsImpl.ts, loaded when a command runs.
import type { CommandFamily } from '../commandSpec.ts';
import { plainCommand } from '../plainCommand.ts';

const impl = () => import('./workloadsImpl.ts');

/** `dirbench workloads list|show|check`. */
export const workloadsFamily: CommandFamily = {
  name: 'workloads',
  summary: 'the workload catalogs, one definition to copy, a file checked',
  defaultSub: 'list',
  subcommands: [
    plainCommand('workloads list', {
      summary: "the catalogs' workloads (the studies' tests) with their mix and concurrency",
      json: '{ catalogs, workloads }',
      examples: [{ what: 'every workload', line: 'dirbench workloads list' }],
      run: async (_args, options) => (await impl()).workloadsListCommand(options),
    }),
    plainCommand('workloads show ID', {
      summary: 'one workload definition as JSON, to copy and edit',
      examples: [
        {
          what: 'start your own from a catalog entry',
          line: 'dirbench workloads show salford/X.1 > my-mix.json',
        },
      ],
      run: async ([arg], options) => (await impl()).workloadsShowCommand(arg, options),
    }),
    plainCommand('workloads check FILE', {
      summary: 'checks a workload file as a run would (no connection)',
      json: 'the checked definition',
      examples: [{ what: 'check an edited copy', line: 'dirbench workloads check my-mix.json' }],
      run: async ([arg], options) => (await impl()).workloadsCheckCommand(arg, options),
    }),
  ],
};
