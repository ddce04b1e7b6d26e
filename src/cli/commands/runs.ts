// `dirbench runs list|show|tag|delete`: the stored history. The work is in runsImpl.ts, loaded
// when a command runs (the store and its driver are not needed for help or parsing).
import type { CommandFamily, CommandSpec } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { plainCommand } from '../plainCommand.ts';

const impl = () => import('./runsImpl.ts');

const runsList: CommandSpec = {
  name: 'runs list',
  summary: 'the stored runs, newest first, filtered by target, workload, tag or status',
  usage: [
    'dirbench runs list [--target NAME] [--workload ID] [--tag TAG]... [--status STATUS]... [--json]',
  ],
  args: [],
  about: [
    'Each filter takes one value or a comma-separated list; a run must match every filter given.',
  ],
  groups: [
    {
      title: 'Filters',
      options: {
        target: {
          type: 'string',
          multiple: true,
          value: 'NAME',
          description: 'runs against this target (its name)',
        },
        workload: { type: 'string', value: 'ID', description: 'runs of this workload' },
        tag: { type: 'string', multiple: true, value: 'TAG', description: 'runs with this tag' },
        status: {
          type: 'string',
          multiple: true,
          value: 'STATUS',
          description:
            'runs in this state: completed, stopped, failed, interrupted, running, preparing',
        },
      },
    },
    commonGroup('the runs as a JSON array'),
  ],
  examples: [
    { what: 'every run', line: 'dirbench runs list' },
    {
      what: 'the baseline runs that completed',
      line: 'dirbench runs list --tag baseline --status completed --json',
    },
  ],
  run: async (_args, options) => (await impl()).runsListCommand(options),
};

const runsShow = plainCommand('runs show ID', {
  summary: 'one run: configuration, environment, summary and per-second samples',
  json: 'the whole run (configuration, environment, summary, samples)',
  examples: [{ what: 'a run as JSON', line: 'dirbench runs show RUN-ID --json' }],
  run: async ([id], options) => (await impl()).runsShowCommand(id, options),
});

const runsTag = plainCommand('runs tag ID TAG...', {
  summary: 'adds tags to a run (keeping the ones it has)',
  examples: [{ what: 'tag a run', line: 'dirbench runs tag RUN-ID baseline paper' }],
  run: async ([id, ...tags], options) => (await impl()).runsTagCommand(id, tags, options),
});

const runsDelete: CommandSpec = {
  name: 'runs delete',
  summary: 'deletes finished runs with their samples (needs --yes)',
  usage: ['dirbench runs delete ID... --yes'],
  args: ['ID...'],
  groups: [
    {
      title: 'Options',
      options: {
        yes: { type: 'boolean', description: 'confirm: deleted runs cannot be brought back' },
      },
    },
    commonGroup(),
  ],
  examples: [{ what: 'delete two runs', line: 'dirbench runs delete RUN-ID-1 RUN-ID-2 --yes' }],
  run: async (ids, options) => (await impl()).runsDeleteCommand(ids, options),
};

/** `dirbench runs list|show|tag|delete`. */
export const runsFamily: CommandFamily = {
  name: 'runs',
  summary: 'the stored history of runs',
  subcommands: [runsList, runsShow, runsTag, runsDelete],
  defaultSub: 'list',
};
