// `dirbench matrix run|resume|list|show|check`: test matrices run headless as campaigns.
import { readFileSync } from 'node:fs';
import { ApiError, invalid } from '../../shared/errors.ts';
import type { CampaignDetail, MatrixSpec } from '../../shared/matrix.ts';
import {
  formatDurationS,
  MATRIX_ID,
  MATRIX_LAB_KINDS,
  MATRIX_LIMITS,
} from '../../shared/matrixSpec.ts';
import { checkInteger, LIMITS } from '../../shared/validation.ts';
import type { Core } from '../../core/app/core.ts';
import { openCliCore } from '../coreForCli.ts';
import { intOption, ms, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';

const SUBCOMMANDS = ['run', 'resume', 'list', 'show', 'check'];

/** Reads a matrix file as JSON; errors name the file and say what is wrong. */
function readMatrixFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw invalid(
      'file',
      `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw invalid('file', `${file} is not JSON: ${(err as Error).message}`);
  }
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
    // Lab kinds build labs; anything else is a saved target's id.
    spec.servers = servers.map((s) =>
      (MATRIX_LAB_KINDS as readonly string[]).includes(s) ? { lab: s } : { targetId: s },
    );
  }
  if (options.warmup !== undefined)
    spec.warmupS = intOption(options, 'warmup', 0, 0, LIMITS.warmupS);
  if (options.duration !== undefined)
    spec.durationS = intOption(options, 'duration', 1, 1, LIMITS.durationS);
  if (options.pool !== undefined)
    spec.poolEntries = intOption(options, 'pool', 1, 1, LIMITS.labEntries);
  if (options.repeats !== undefined)
    spec.repeats = intOption(options, 'repeats', 1, 1, MATRIX_LIMITS.repeats);
  return spec;
}

function serverText(server: MatrixSpec['servers'][number]): string {
  return 'lab' in server ? server.lab : `target ${server.targetId}`;
}

/** The campaign as `--json` prints it. */
function campaignJson(detail: CampaignDetail): Record<string, unknown> {
  return {
    campaignId: detail.id,
    name: detail.name,
    status: detail.status,
    error: detail.error,
    cellsTotal: detail.cellsTotal,
    cellsDone: detail.cellsDone,
    cellsFailed: detail.cellsFailed,
    cells: detail.cells.map((c) => ({
      index: c.index,
      server: c.server,
      entries: c.entries,
      indexProfile: c.indexProfile,
      workload: c.workload,
      connections: c.connections,
      depth: c.depth ?? null,
      policy: c.policy,
      repeat: c.repeat,
      status: c.status,
      runId: c.runId,
      opsPerSec: c.opsPerSec,
      latencyUs: c.latencyUs,
      error: c.error,
    })),
  };
}

function printCampaign(detail: CampaignDetail): void {
  printTable(
    ['#', 'SERVER', 'ENTRIES', 'INDEX', 'WORKLOAD', 'CONN', 'STATUS', 'OPS/S', 'P99 MS', 'RUN'],
    detail.cells.map((c) => [
      c.index + 1,
      serverText(c.server),
      c.entries ?? '-',
      c.indexProfile ?? '-',
      c.workload,
      c.connections,
      c.status,
      c.opsPerSec === null ? '-' : Math.round(c.opsPerSec),
      ms(c.latencyUs?.p99),
      c.runId ?? (c.error === null ? '-' : `(${c.error})`),
    ]),
  );
}

/** Follows a campaign until it stops, progress on stderr; exit 0 when every cell is done. */
async function follow(core: Core, campaignId: string, json: boolean): Promise<number> {
  if (!json) process.stdout.write(`${campaignId}\n`);
  let last = '';
  const unsubscribe = core.subscribe((m) => {
    if (m.event !== 'campaign/progress' || m.payload.campaignId !== campaignId) return;
    const p = m.payload;
    // One line per step; the per-second ticks of a cell only when a 10 s mark passes.
    const tick = / (\d+) of \d+ s$/.exec(p.activity);
    const key =
      tick === null
        ? p.activity
        : `${p.activity.slice(0, tick.index)}|${Math.floor(Number(tick[1]) / 10)}`;
    if (key === last) return;
    last = key;
    const eta = p.etaS === null ? '' : `, about ${formatDurationS(p.etaS)} left`;
    process.stderr.write(`[${p.cellsDone + p.cellsFailed}/${p.cellsTotal}${eta}] ${p.activity}\n`);
  });
  try {
    const detail = await core.campaigns.wait(campaignId);
    if (json) process.stdout.write(`${JSON.stringify(campaignJson(detail), null, 2)}\n`);
    else {
      process.stderr.write(
        `Campaign ${campaignId} ${detail.status}: ${detail.cellsDone} of ${detail.cellsTotal} cells done, ${detail.cellsFailed} failed\n`,
      );
      if (detail.status === 'interrupted')
        process.stderr.write(`Resume it with: dirbench matrix resume ${campaignId}\n`);
    }
    return detail.status === 'completed' && detail.cellsFailed === 0 ? 0 : 1;
  } finally {
    unsubscribe();
  }
}

async function list(core: Core, json: boolean): Promise<number> {
  const matrices = core.matrices.list();
  const items = await core.handlers['campaigns/list'](undefined);
  if (json) {
    process.stdout.write(`${JSON.stringify({ matrices, campaigns: items }, null, 2)}\n`);
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

/** Dispatches the matrix sub-commands. */
export async function matrixCommand(args: string[], options: RawOptions): Promise<number> {
  const [sub = 'list', arg] = args;
  if (!SUBCOMMANDS.includes(sub)) {
    throw invalid(
      'command',
      `unknown matrix command "${sub}": use matrix ${SUBCOMMANDS.join(', ')}`,
    );
  }
  if (sub !== 'list' && arg === undefined) {
    const what =
      sub === 'resume'
        ? 'a campaign id'
        : sub === 'show'
          ? 'a matrix or campaign id'
          : 'a matrix FILE or builtin/NAME';
    throw invalid('command', `matrix ${sub} needs ${what}`);
  }
  const json = options.json === true;
  const core = await openCliCore(options);
  try {
    const target = arg as string;
    if (sub === 'list') return await list(core, json);
    if (sub === 'resume') {
      core.campaigns.resume(target);
      return await follow(core, target, json);
    }
    if (sub === 'show') {
      if (MATRIX_ID.test(target)) {
        process.stdout.write(`${JSON.stringify(core.matrices.get(target), null, 2)}\n`);
        return 0;
      }
      const detail = await core.handlers['campaigns/get']({ campaignId: target });
      if (json) process.stdout.write(`${JSON.stringify(campaignJson(detail), null, 2)}\n`);
      else {
        process.stdout.write(
          `${detail.id} ${detail.name}: ${detail.status}${detail.error === null ? '' : ` (${detail.error})`}\n`,
        );
        printCampaign(detail);
      }
      return 0;
    }
    const spec = fromSource(target, () => matrixFrom(core, target, options));
    if (sub === 'check') {
      const check = fromSource(target, () => core.matrices.check(spec));
      if (json) process.stdout.write(`${JSON.stringify(check, null, 2)}\n`);
      else
        process.stdout.write(
          `${target}: "${check.spec.name}" is valid: ${check.cells.length} cells, ${check.labBuilds} lab build(s), about ${formatDurationS(check.estimatedS)}\n`,
        );
      return 0;
    }
    const campaignId = fromSource(target, () =>
      core.campaigns.start(spec, options.yes === true, {
        message: 'add --yes to send this load',
        field: '--yes',
      }),
    );
    return await follow(core, campaignId, json);
  } catch (err) {
    // Every id this command looks up came from its arguments: an unknown one is bad input.
    if (err instanceof ApiError && err.kind === 'not-found')
      throw invalid(err.field ?? 'id', err.message);
    throw err;
  } finally {
    await core.shutdown('CLI command ended');
  }
}
