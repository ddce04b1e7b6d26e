// `dirbench matrix run|resume|list|show|check`: test matrices run headless as campaigns.
import { ApiError, invalid } from '../../shared/errors.ts';
import {
  formatDurationS,
  MATRIX_ID,
  MATRIX_LAB_KINDS,
  MATRIX_LIMITS,
} from '../../shared/matrixSpec.ts';
import { checkInteger, LIMITS } from '../../shared/validation.ts';
import type { Core } from '../../core/app/core.ts';
import { pick, withoutDefaults } from '../commandSpec.ts';
import type { CommandFamily, CommandSpec, OptionTable } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { readJsonFile } from '../fileInput.ts';
import { withCliCore } from '../coreForCli.ts';
import { intOption, printJson, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { neededArg, plainCommand } from '../plainCommand.ts';
import { RUN_AND_MATRIX_OPTIONS } from '../runRequestFromOptions.ts';
import { junitOption, thresholdOption } from '../gates.ts';
import { campaignJson, follow, printCampaign } from '../campaignOutput.ts';
import { cliMetrics, metricsGroup } from './metricsOptions.ts';

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

/** Reads a matrix file as JSON; errors name the file and say what is wrong. */
function readMatrixFile(file: string): unknown {
  return readJsonFile(file, 'file', file, 'is not JSON');
}

/** Prefixes a field error with where the matrix came from. */
function fromSource<T>(source: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'validation')
      throw invalid(err.field ?? 'file', `${err.message} (in ${source})`);
    throw err;
  }
}

function listOption(options: RawOptions, name: string): string[] | null {
  const raw = options[name];
  if (raw === undefined) return null;
  const items = String(raw)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) throw invalid(`--${name}`, `--${name} needs a comma-separated list`);
  return items;
}

/** A server of a matrix naming running labs by their ids, naming their targets instead. */
function withLabTargets(core: Core, server: unknown): unknown {
  if (typeof server !== 'object' || server === null) return server;
  // An id that names nothing is left for the matrix's own check, which says where it is.
  const resolve = (id: unknown): unknown =>
    typeof id === 'string' ? (core.targets.findForLab(id)?.id ?? id) : id;
  const resolved: Record<string, unknown> = { ...server };
  if ('targetId' in resolved) resolved.targetId = resolve(resolved.targetId);
  // A target group's lists: `targets` in a file, `moreTargetIds` as stored.
  for (const list of ['targets', 'moreTargetIds'])
    if (Array.isArray(resolved[list])) resolved[list] = (resolved[list] as unknown[]).map(resolve);
  return resolved;
}

/** The matrix FILE or ID names, with the quick-run overrides applied (not yet validated). */
function matrixFrom(core: Core, source: string, options: RawOptions): unknown {
  const base: unknown = MATRIX_ID.test(source) ? core.matrices.get(source) : readMatrixFile(source);
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return base;
  const spec = { ...(base as Record<string, unknown>) };
  const sizes = listOption(options, 'sizes');
  if (sizes !== null) {
    spec.sizes = sizes.map((s) => {
      if (!/^\d+$/.test(s))
        throw invalid('--sizes', `--sizes takes entry counts like 10000,100000; got "${s}"`);
      return checkInteger(Number(s), '--sizes', 1, LIMITS.labEntries);
    });
  }
  const servers = listOption(options, 'servers');
  if (servers !== null) {
    // Lab kinds build labs; anything else is a saved target's id, or a running lab's.
    spec.servers = servers.map((s) =>
      (MATRIX_LAB_KINDS as readonly string[]).includes(s) ? { lab: s } : { targetId: s },
    );
  }
  if (Array.isArray(spec.servers)) spec.servers = spec.servers.map((s) => withLabTargets(core, s));
  if (options.warmup !== undefined)
    spec.warmupS = intOption(options, 'warmup', 0, 0, LIMITS.warmupS);
  if (options.duration !== undefined)
    spec.durationS = intOption(options, 'duration', 1, 1, LIMITS.durationS);
  if (options.pool !== undefined)
    spec.poolEntries = intOption(options, 'pool', 1, 1, LIMITS.labEntries);
  if (options.repeats !== undefined)
    spec.repeats = intOption(options, 'repeats', 1, 1, MATRIX_LIMITS.repeats);
  const thresholds = thresholdOption(options);
  if (thresholds !== undefined) {
    // The file's own thresholds stay; the command line's judge every cell as well.
    const own = Array.isArray(spec.thresholds) ? (spec.thresholds as unknown[]) : [];
    spec.thresholds = [...own, ...thresholds];
  }
  return spec;
}

async function list(core: Core, json: boolean): Promise<number> {
  const matrices = core.matrices.list();
  const items = await core.call('campaigns/list', undefined);
  if (json) {
    printJson({ matrices, campaigns: items });
    return 0;
  }
  printTable(
    ['MATRIX', 'NAME', 'CELLS', 'ESTIMATE'],
    matrices.map((m) => [m.id, m.name, m.cells, formatDurationS(m.estimatedS)]),
  );
  process.stdout.write('\n');
  printTable(
    ['CAMPAIGN', 'NAME', 'STATUS', 'DONE', 'FAILED', 'CELLS', 'CREATED'],
    items.map((c) => [
      c.id,
      c.name,
      c.status,
      c.cellsDone,
      c.cellsFailed,
      c.cellsTotal,
      c.createdAt,
    ]),
  );
  return 0;
}

/** Runs `work` with the core open; every id these commands look up came from their arguments, so an unknown one is bad input. */
function withCore(options: RawOptions, work: (core: Core) => Promise<number>): Promise<number> {
  return withCliCore(options, (core) =>
    work(core).catch((err: unknown) => {
      if (err instanceof ApiError && err.kind === 'not-found')
        throw invalid(err.field ?? 'id', err.message, {
          ...(err.subject === undefined ? {} : { subject: err.subject }),
        });
      throw err;
    }),
  );
}

/**
 * Runs a campaign command with the core open and --metrics-port's endpoint up from before any lab is
 * built (a port in use costs nothing) until the campaign ends: each cell's run shows while it lasts.
 */
function withCampaignMetrics(
  options: RawOptions,
  work: (core: Core) => Promise<number>,
): Promise<number> {
  const metrics = cliMetrics(options);
  return withCore(options, async (core) => {
    try {
      await metrics.listen(core.subscribe);
      return await work(core);
    } finally {
      await metrics.close();
    }
  });
}

async function show(core: Core, target: string, json: boolean): Promise<number> {
  if (MATRIX_ID.test(target)) {
    printJson(core.matrices.get(target));
    return 0;
  }
  const detail = await core.call('campaigns/get', { campaignId: target });
  if (json) printJson(campaignJson(detail));
  else {
    process.stdout.write(
      `${detail.id} ${detail.name}: ${detail.status}${detail.error === null ? '' : ` (${detail.error})`}\n`,
    );
    printCampaign(detail);
  }
  return 0;
}

function check(core: Core, source: string, options: RawOptions): number {
  const spec = fromSource(source, () => matrixFrom(core, source, options));
  const checked = fromSource(source, () => core.matrices.check(spec));
  if (options.json === true) printJson(checked);
  else
    process.stdout.write(
      `${source}: "${checked.spec.name}" is valid: ${checked.cells.length} cells, ${checked.labBuilds} lab build(s), about ${formatDurationS(checked.estimatedS)}\n`,
    );
  return 0;
}

async function runMatrix(core: Core, source: string, options: RawOptions): Promise<number> {
  const junitFile = junitOption(options);
  const spec = fromSource(source, () => matrixFrom(core, source, options));
  const campaignId = fromSource(source, () =>
    core.campaigns.start(spec, options.yes === true, {
      message: 'add --yes to send this load',
      field: '--yes',
    }),
  );
  return follow(core, campaignId, options.json === true, junitFile);
}

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
  run: ([source], options) => {
    const matrix = neededArg('matrix run', source, 'a matrix FILE or builtin/NAME');
    return withCampaignMetrics(options, (core) => runMatrix(core, matrix, options));
  },
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
  run: ([id], options) => {
    const campaignId = neededArg('matrix resume', id, 'a campaign id');
    return withCampaignMetrics(options, (core) => {
      core.campaigns.resume(campaignId);
      return follow(core, campaignId, options.json === true);
    });
  },
};

const matrixList = plainCommand('matrix list', {
  summary: 'the saved and built-in matrices, and the campaigns',
  json: '{ matrices, campaigns }',
  examples: [{ what: 'matrices and campaigns', line: 'dirbench matrix list' }],
  run: (_args, options) => withCore(options, (core) => list(core, options.json === true)),
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
  run: ([id], options) => {
    const shown = neededArg('matrix show', id, 'a matrix or campaign id');
    return withCore(options, (core) => show(core, shown, options.json === true));
  },
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
  run: ([source], options) => {
    const matrix = neededArg('matrix check', source, 'a matrix FILE or builtin/NAME');
    return withCore(options, async (core) => check(core, matrix, options));
  },
};

/** `dirbench matrix run|resume|list|show|check`. */
export const matrixFamily: CommandFamily = {
  name: 'matrix',
  summary: 'test matrices run headless as campaigns',
  subcommands: [matrixRun, matrixResume, matrixList, matrixShow, matrixCheck],
  defaultSub: 'list',
};
