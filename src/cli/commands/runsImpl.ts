// What `dirbench runs list|show|tag|delete` do with the stored history (their specs are in runs.ts).
import { ApiError, invalid } from '../../shared/errors.ts';
import type { HistoryFilter } from '../../shared/history.ts';
import type { RunListItem } from '../../shared/types.ts';
import type { Core } from '../../core/app/core.ts';
import { checkHistoryFilter } from '../../core/store/historyChecks.ts';
import { withCliCore } from '../coreForCli.ts';
import { printImportedRun } from './importedRun.ts';
import { ms, printJson, printJsonArray, printTable } from '../options.ts';
import { thresholdLines } from '../runOutput.ts';
import type { RawOptions } from '../options.ts';

/** A repeatable option's values (`--tag a --tag b`), also accepting commas (`--tag a,b`). */
function listOption(options: RawOptions, name: string): string[] | undefined {
  const raw = options[name];
  if (raw === undefined || typeof raw === 'boolean') return undefined;
  const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(','));
  return values.map((v) => v.trim()).filter((v) => v !== '');
}

const CLI_OPTION_OF: Record<string, string> = {
  targetNames: '--target',
  workloads: '--workload',
  tags: '--tag',
  statuses: '--status',
};

/** The history filter the list options describe, checked like the API checks it. */
function listFilter(options: RawOptions): HistoryFilter {
  const option = (name: string): string[] | undefined => listOption(options, name);
  try {
    return checkHistoryFilter({
      targetNames: option('target'),
      workloads: option('workload'),
      tags: option('tag'),
      statuses: option('status'),
    });
  } catch (err) {
    // The API names its fields; the CLI user typed options.
    if (err instanceof ApiError && err.field !== undefined && err.field in CLI_OPTION_OF)
      throw invalid(
        CLI_OPTION_OF[err.field] as string,
        err.message.replace(err.field, CLI_OPTION_OF[err.field] as string),
      );
    throw err;
  }
}

/** `runs tag ID TAG...`: adds tags to a run (keeping the ones it has). */
async function tagRun(core: Core, id: string | undefined, tags: string[]): Promise<void> {
  if (!id || tags.length === 0)
    throw invalid('tags', 'use "dirbench runs tag ID TAG..." with at least one tag');
  const current = core.runs.listItem(id).tags;
  const item = await core.call('history/annotate', { runId: id, tags: [...current, ...tags] });
  process.stdout.write(`Run ${item.id} tags: ${item.tags.join(', ')}\n`);
}

/** `runs delete ID... --yes`: deletes finished runs with their samples. */
async function deleteRuns(core: Core, ids: string[], options: RawOptions): Promise<void> {
  if (ids.length === 0) throw invalid('runIds', 'use "dirbench runs delete ID... --yes"');
  if (options.yes !== true)
    throw invalid(
      '--yes',
      `deleting ${ids.length} run${ids.length === 1 ? '' : 's'} cannot be undone: add --yes to confirm`,
    );
  const { deleted } = await core.call('history/delete', { runIds: ids });
  process.stdout.write(`Deleted ${deleted} run${deleted === 1 ? '' : 's'}\n`);
}

/** A history row's status, with its source when imported and its threshold verdict when judged. */
function statusText(run: RunListItem): string {
  const source = run.source === 'dirbench' ? '' : ` (${run.source})`;
  const judged =
    run.thresholdsBreached === null
      ? ''
      : run.thresholdsBreached === 0
        ? ', thresholds held'
        : `, ${run.thresholdsBreached} breached`;
  return `${run.status}${source}${judged}`;
}

/** `runs list`: the history, newest first, filtered. */
async function listRuns(core: Core, filter: HistoryFilter, options: RawOptions): Promise<number> {
  if (options.json === true) {
    printJsonArray(core.runs.each(filter));
    return 0;
  }
  const runs = await core.call('history/list', filter);
  if (runs.length === 0 && Object.keys(filter).length > 0)
    process.stdout.write('No runs match these filters.\n');
  else if (runs.length === 0)
    process.stdout.write('No runs yet. Try: dirbench run --lab openldap --entries 10000\n');
  else {
    printTable(
      [
        'ID',
        'STARTED',
        'TARGET',
        'WORKLOAD',
        'ENTRIES',
        'CONN x D',
        'OPS/S',
        'P99 MS',
        'STATUS',
        'TAGS',
      ],
      runs.map((r) => [
        r.id,
        r.startedAt.replace('T', ' ').slice(0, 19),
        r.targetName,
        r.workload,
        r.entries ?? '-',
        r.connections === 0 ? '-' : `${r.connections}x${r.depth}`,
        r.opsPerSec === null ? '-' : Math.round(r.opsPerSec),
        ms(r.p99Us),
        statusText(r),
        r.tags.join(','),
      ]),
    );
  }
  return 0;
}

/** `runs show ID`: configuration, summary and per-second samples. */
function showRun(core: Core, id: string | undefined, options: RawOptions): number {
  if (!id) throw invalid('id', 'which run? use "dirbench runs show ID" (see "dirbench runs list")');
  const run = core.runs.get(id);
  if (options.json === true) {
    printJson(run);
    return 0;
  }
  if (run.source !== undefined && run.source !== 'dirbench') {
    printImportedRun(run);
    return 0;
  }
  const s = run.summary;
  process.stdout.write(
    `Run ${run.id}: ${run.status}${run.endReason ? ` (${run.endReason})` : ''}\n` +
      `Target: ${run.config.targetName} ${run.config.url} base ${run.config.baseDn}` +
      ` [${run.environment.rootDse?.vendorName ?? 'unknown vendor'} ${run.environment.rootDse?.vendorVersion ?? ''}]\n` +
      `Workload: ${run.config.workload}, ${run.config.connections} connections x depth ${run.config.depth}, ${run.config.workers} workers, ` +
      `warm-up ${run.config.warmupS} s, measured ${run.config.durationS} s, TCP_NODELAY ${run.config.tcpNoDelay ? 'on' : 'off'}\n` +
      `Client: ${run.environment.cpuModel} (${run.environment.cpuCores} cores), ${run.environment.os}, Node ${run.environment.node}, DirBench ${run.environment.dirbenchVersion}\n` +
      (s
        ? `Summary: ${s.opsPerSec.toFixed(1)} ops/s, ${s.errors} errors, latency ms p50 ${ms(s.latencyUs.p50)} p99 ${ms(s.latencyUs.p99)} max ${ms(s.latencyUs.max)}\n`
        : 'Summary: none (the run did not finish)\n') +
      thresholdLines(run)
        .map((line) => `${line}\n`)
        .join(''),
  );
  printTable(
    ['SECOND', 'PHASE', 'OPS', 'ERRORS', 'P50 MS', 'P99 MS', 'MAX MS'],
    run.samples.map((x) => [
      x.second,
      x.phase,
      x.ops,
      x.errors,
      ms(x.latencyUs.p50),
      ms(x.latencyUs.p99),
      ms(x.latencyUs.max),
    ]),
  );
  return 0;
}

/** `runs list`: the filter is checked before the database opens, so a typo costs nothing. */
export function runsListCommand(options: RawOptions): Promise<number> {
  const filter = listFilter(options);
  return withCliCore(options, (core) => listRuns(core, filter, options));
}

/** `runs show ID`. */
export function runsShowCommand(id: string | undefined, options: RawOptions): Promise<number> {
  return withCliCore(options, (core) => showRun(core, id, options));
}

/** `runs tag ID TAG...`. */
export function runsTagCommand(
  id: string | undefined,
  tags: string[],
  options: RawOptions,
): Promise<number> {
  return withCliCore(options, async (core) => {
    await tagRun(core, id, tags);
    return 0;
  });
}

/** `runs delete ID... --yes`. */
export function runsDeleteCommand(ids: string[], options: RawOptions): Promise<number> {
  return withCliCore(options, async (core) => {
    await deleteRuns(core, ids, options);
    return 0;
  });
}
