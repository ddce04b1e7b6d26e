// `dirbench matrix run|resume|list|show|check`: test matrices run headless as campaigns. The work
// is in matrixImpl.ts, loaded when a command runs.
import { MATRIX_LAB_KINDS } from '../../shared/matrixSpec.ts';
import { pick, withoutDefaults } from '../commandSpec.ts';
import type { CommandFamily, CommandSpec, OptionTable } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { plainCommand } from '../plainCommand.ts';
import { RUN_AND_MATRIX_OPTIONS } from '../runOptions.ts';
import { metricsGroup } from './metricsOptions.ts';

/** Narrow a matrix's axes for a quick run: `matrix run` and `matrix check` take these. */
const AXIS_OPTIONS = {
  sizes: {
    type: 'string',
    value: 'LIST',
    description: "directory sizes instead of the matrix's, e.g. 10000,100000",
  },
  servers: {
    type: 'string',
    value: 'LIST',
    description: `servers instead of the matrix's: lab kinds (${MATRIX_LAB_KINDS.join(', ')}), saved target ids or running lab ids`,
  },
} as const satisfies OptionTable;

const impl = () => import('./matrixImpl.ts');

const SOURCE = 'FILE|builtin/NAME|user/NAME';

const matrixRun: CommandSpec = {
  name: 'matrix run',
  summary: 'runs a test matrix as a campaign (progress on stderr, its id on stdout)',
  usage: [
    `dirbench matrix run ${SOURCE} [--sizes 10000,100000] [--servers openldap,389ds,TARGET-ID]`,
    '                    [--warmup S] [--duration S] [--repeats K] [--pool N] [--yes] [--json]',
    "                    [--threshold 'p99<5ms']... [--junit FILE] [--metrics-port N]",
  ],
  args: ['SOURCE'],
  about: [
    'The cells run in an order that builds each lab once; finished cells are stored as they end, so a',
    'campaign cut short resumes at its first unfinished cell (matrix resume).',
  ],
  groups: [
    { title: 'Narrow the matrix', options: AXIS_OPTIONS },
    {
      title: "Run options (for every cell, over the matrix file's values)",
      options: withoutDefaults(RUN_AND_MATRIX_OPTIONS),
    },
    metricsGroup('campaign'),
    commonGroup(
      'the campaign and its cells (campaignId, status, cells with runId, opsPerSec, latencyUs)',
    ),
  ],
  examples: [
    {
      what: "a study's built-in matrix, narrowed, as JSON",
      line: 'dirbench matrix run builtin/salford --sizes 10000,100000 --servers openldap --json',
    },
    { what: 'a matrix file of your own', line: 'dirbench matrix run my-matrix.json' },
    {
      what: "every cell's live figures for Prometheus at http://127.0.0.1:9464/metrics",
      line: 'dirbench matrix run my-matrix.json --metrics-port 9464',
    },
    {
      what: 'a CI gate over every cell, with a JUnit report (exit 3 on a breach)',
      line: "dirbench matrix run my-matrix.json --threshold 'p99<10ms' --threshold 'errorRate<0.1%' --junit matrix-junit.xml",
    },
  ],
  run: async ([source], options) => (await impl()).matrixRunCommand(source, options),
};

const matrixResume: CommandSpec = {
  name: 'matrix resume',
  summary: "runs an interrupted campaign's unfinished cells",
  usage: ['dirbench matrix resume CAMPAIGN-ID [--metrics-port N] [--json]'],
  args: ['CAMPAIGN-ID'],
  groups: [
    metricsGroup('campaign'),
    commonGroup('the campaign and its cells, as matrix run --json'),
  ],
  examples: [
    { what: 'after a crash', line: 'dirbench matrix resume CAMPAIGN-ID' },
    {
      what: 'watched by Prometheus on a free port (printed on stderr)',
      line: 'dirbench matrix resume CAMPAIGN-ID --metrics-port 0',
    },
  ],
  run: async ([id], options) => (await impl()).matrixResumeCommand(id, options),
};

const matrixList = plainCommand('matrix list', {
  summary: 'the saved and built-in matrices, and the campaigns',
  json: '{ matrices, campaigns }',
  examples: [{ what: 'matrices and campaigns', line: 'dirbench matrix list' }],
  run: async (_args, options) => (await impl()).matrixListCommand(options),
});

const matrixShow: CommandSpec = {
  name: 'matrix show',
  summary: 'a matrix as JSON (to copy and edit), or a campaign and its cells',
  usage: ['dirbench matrix show builtin/NAME|user/NAME|CAMPAIGN-ID [--json]'],
  args: ['ID'],
  groups: [commonGroup('the campaign, as matrix run --json (a matrix is always JSON)')],
  examples: [
    {
      what: 'a built-in matrix, to start your own from',
      line: 'dirbench matrix show builtin/unboundid-threads > my-matrix.json',
    },
  ],
  run: async ([id], options) => (await impl()).matrixShowCommand(id, options),
};

const matrixCheck: CommandSpec = {
  name: 'matrix check',
  summary: 'checks a matrix: its cells, lab builds and estimated time (nothing runs)',
  usage: [
    `dirbench matrix check ${SOURCE} [--sizes LIST] [--servers LIST]`,
    '                      [--warmup S] [--duration S] [--repeats K] [--pool N] [--json]',
  ],
  args: ['SOURCE'],
  groups: [
    { title: 'Narrow the matrix', options: AXIS_OPTIONS },
    {
      title: "Run options (over the matrix file's values)",
      options: withoutDefaults(
        pick(RUN_AND_MATRIX_OPTIONS, ['warmup', 'duration', 'repeats', 'pool', 'threshold']),
      ),
    },
    commonGroup('{ spec, cells, labBuilds, estimatedS }'),
  ],
  examples: [{ what: 'check a matrix file', line: 'dirbench matrix check my-matrix.json' }],
  run: async ([source], options) => (await impl()).matrixCheckCommand(source, options),
};

/** `dirbench matrix run|resume|list|show|check`. */
export const matrixFamily: CommandFamily = {
  name: 'matrix',
  summary: 'test matrices run headless as campaigns',
  subcommands: [matrixRun, matrixResume, matrixList, matrixShow, matrixCheck],
  defaultSub: 'list',
};
