// What `dirbench matrix run|resume|list|show|check` do (their specs are in matrix.ts).
import { ApiError, invalid } from '../../shared/errors.ts';
import {
  formatDurationS,
  MATRIX_ID,
  MATRIX_LAB_KINDS,
  MATRIX_LIMITS,
} from '../../shared/matrixSpec.ts';
import { checkInteger, LIMITS } from '../../shared/validation.ts';
import type { Core } from '../../core/app/core.ts';
import { readJsonFile } from '../fileInput.ts';
import { withCliCore } from '../coreForCli.ts';
import { intOption, printJson, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { neededArg } from '../plainCommand.ts';
import { junitOption, thresholdOption } from '../gates.ts';
import { campaignJson, follow, printCampaign } from '../campaignOutput.ts';
import { cliMetrics } from './metricsOptions.ts';

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

/** `matrix run SOURCE`. */
export function matrixRunCommand(source: string | undefined, options: RawOptions): Promise<number> {
  const matrix = neededArg('matrix run', source, 'a matrix FILE or builtin/NAME');
  return withCampaignMetrics(options, (core) => runMatrix(core, matrix, options));
}

/** `matrix resume CAMPAIGN-ID`. */
export function matrixResumeCommand(id: string | undefined, options: RawOptions): Promise<number> {
  const campaignId = neededArg('matrix resume', id, 'a campaign id');
  return withCampaignMetrics(options, (core) => {
    core.campaigns.resume(campaignId);
    return follow(core, campaignId, options.json === true);
  });
}

/** `matrix list`. */
export function matrixListCommand(options: RawOptions): Promise<number> {
  return withCore(options, (core) => list(core, options.json === true));
}

/** `matrix show ID`. */
export function matrixShowCommand(id: string | undefined, options: RawOptions): Promise<number> {
  const shown = neededArg('matrix show', id, 'a matrix or campaign id');
  return withCore(options, (core) => show(core, shown, options.json === true));
}

/** `matrix check SOURCE`. */
export function matrixCheckCommand(
  source: string | undefined,
  options: RawOptions,
): Promise<number> {
  const matrix = neededArg('matrix check', source, 'a matrix FILE or builtin/NAME');
  return withCore(options, async (core) => check(core, matrix, options));
}
