// Benchmark: the history explorer, run detail and compare over a large store (10,000 runs by
// default; `--runs 100000` for the size). Seeds a database (or reuses `--db FILE` when it
// already holds one), opens it through the core as a host does, then times each query of the
// history page (first page, facets, each filter, search, "Show more"), the run detail of a 600 s run
// and a compare of 20 runs through the API handlers, printing median and p95 against each budget,
// and the query behind `dirbench runs list --json` (every run) for reference.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openCore } from '../../src/core/app/core.ts';
import type { Core } from '../../src/core/app/core.ts';
import { forkLauncher } from '../../src/core/runner/launcher.ts';
import { openDatabase } from '../../src/core/store/database.ts';
import type { HistoryFilter } from '../../src/shared/history.ts';
import { RARE_TARGET, seededStore, seedRuns } from './history-seed.ts';
import type { SeededStore } from './history-seed.ts';

/** The budgets: each history page query, a 600 s run's detail, a compare of 20 runs. */
const PAGE_BUDGET_MS = 100;
const DETAIL_BUDGET_MS = 150;
const COMPARE_BUDGET_MS = 500;
/** The history page asks for its 200 rows and one more (to know whether there are more). */
const PAGE_LIMIT = 201;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '20' },
    db: { type: 'string' },
  },
});
const runCount = Number(values.runs);
const rounds = Number(values.rounds);
if (!Number.isInteger(runCount) || runCount < 1)
  throw new Error('--runs must be a whole number >= 1');
if (!Number.isInteger(rounds) || rounds < 3)
  throw new Error('--rounds must be a whole number >= 3');

/** One timed call: its name, its budget (null: reported only) and the call. */
interface Query {
  name: string;
  budgetMs: number | null;
  call: () => Promise<unknown>;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

/** Bytes of the database file and its WAL. */
function storeBytes(file: string): number {
  return [file, `${file}-wal`].reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);
}

/** Seeds `file` unless it already holds a store; answers what it holds. */
function prepareStore(file: string): SeededStore {
  const start = performance.now();
  const db = openDatabase(file);
  try {
    const held = seededStore(db);
    if (held.runs > 0) {
      process.stdout.write(`Reusing ${file}: ${held.runs.toLocaleString('en-US')} runs\n`);
      return held;
    }
    const seeded = seedRuns(db, runCount, 7, { longRuns: true });
    db.pragma('wal_checkpoint(TRUNCATE)');
    process.stdout.write(
      `Seeded ${seeded.runs.toLocaleString('en-US')} runs, ${seeded.samples.toLocaleString('en-US')} stored seconds, in ${((performance.now() - start) / 1000).toFixed(1)} s\n`,
    );
    return seeded;
  } finally {
    db.close();
  }
}

/** The history page's queries: what it asks for as it opens, filters, searches and pages. */
function pageQueries(core: Core, store: SeededStore): Query[] {
  const h = core.handlers;
  const page = (filter: HistoryFilter): (() => Promise<unknown>) => {
    return () => h['history/list']({ ...filter, limit: PAGE_LIMIT });
  };
  const dayAgo = (days: number) =>
    new Date(Date.now() - days * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const filters: [string, HistoryFilter][] = [
    ['first page (201 rows)', {}],
    ['filter target', { targetNames: ['OpenDJ lab'] }],
    ['filter rare target', { targetNames: [RARE_TARGET.target] }],
    ['filter vendor', { vendors: ['389 Project'] }],
    ['filter version', { serverVersions: ['12.0'] }],
    ['filter vendor + version', { vendors: ['Example Corp'], serverVersions: ['12.0'] }],
    ['filter workload', { workloads: ['salford/S.3'] }],
    ['filter size', { entries: [1_000_000] }],
    ['filter workload + size', { workloads: ['salford/S.3'], entries: [1_000_000] }],
    ['filter two statuses', { statuses: ['failed', 'interrupted'] }],
    ['filter source', { sources: ['opendj-csv'] }],
    ['filter campaign', { campaignId: store.campaignId }],
    ['filter one tag', { tags: ['nightly'] }],
    ['filter two tags', { tags: ['nightly', 'indexed'] }],
    ['filter last 30 days', { startedFrom: dayAgo(30) }],
    ['filter a month, 6 ago', { startedFrom: dayAgo(210), startedTo: dayAgo(180) }],
    ['search "S.3 389"', { text: 'S.3 389' }],
    ['search "regression"', { text: 'regression' }],
    ['search, no match', { text: 'no-such-text' }],
    [
      'everything at once',
      {
        text: 'lab',
        statuses: ['completed'],
        tags: ['baseline'],
        entries: [10_000, 100_000],
        startedFrom: dayAgo(30),
      },
    ],
  ];
  return [
    ...filters.map(([name, filter]) => ({ name, budgetMs: PAGE_BUDGET_MS, call: page(filter) })),
    { name: 'facets', budgetMs: PAGE_BUDGET_MS, call: () => h['history/facets'](undefined) },
    {
      name: '"Show more" x4 (1,001 rows)',
      budgetMs: PAGE_BUDGET_MS,
      call: () => h['history/list']({ limit: 1001 }),
    },
  ];
}

/** Everything timed: the page, run detail, compare, and the CLI's whole list (reported only). */
function queries(core: Core, store: SeededStore): Query[] {
  const h = core.handlers;
  return [
    ...pageQueries(core, store),
    {
      name: 'run detail, 600 s run',
      budgetMs: DETAIL_BUDGET_MS,
      call: () => h['history/get']({ runId: store.longRunId }),
    },
    {
      name: 'compare 20 runs of 600 s',
      budgetMs: COMPARE_BUDGET_MS,
      call: () => h['compare/runs']({ runIds: store.compareRunIds }),
    },
    { name: 'every run (runs list query)', budgetMs: null, call: () => h['history/list']({}) },
    {
      // What `dirbench runs list --json` does in its process besides starting: the query and its text.
      name: 'every run as JSON text',
      budgetMs: null,
      call: async () => [JSON.stringify(await h['history/list']({}), null, 2)],
    },
  ];
}

/** Times each query `rounds` times; answers how many went over their budget. */
async function timeQueries(list: Query[]): Promise<number> {
  process.stdout.write(
    `\n${'query'.padEnd(30)} ${'rows'.padStart(7)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)}  budget\n`,
  );
  let over = 0;
  for (const { name, budgetMs, call } of list) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      const result = await call();
      times.push(performance.now() - start);
      rows = Array.isArray(result) ? result.length : ((result as { total?: number }).total ?? 1);
    }
    times.sort((a, b) => a - b);
    const p95 = quantile(times, 0.95);
    const verdict =
      budgetMs === null ? 'reported' : p95 <= budgetMs ? `${budgetMs} ok` : `${budgetMs} OVER`;
    if (budgetMs !== null && p95 > budgetMs) over++;
    process.stdout.write(
      `${name.padEnd(30)} ${String(rows).padStart(7)} ${quantile(times, 0.5).toFixed(1).padStart(10)} ${p95.toFixed(1).padStart(8)}  ${verdict}\n`,
    );
  }
  return over;
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'dirbench-history-'));
  const dbFile = values.db ?? path.join(scratch, 'dirbench.sqlite');
  try {
    const store = prepareStore(dbFile);
    const bytes = storeBytes(dbFile);
    process.stdout.write(
      `Database: ${(bytes / 2 ** 20).toFixed(0)} MiB, ${((bytes / store.runs) * 1e-3).toFixed(1)} kB per run, ${(bytes / store.samples).toFixed(0)} B per stored second\n`,
    );
    const openStart = performance.now();
    const core = await openCore({ dbFile, dataDir: scratch, launcher: forkLauncher() });
    process.stdout.write(`Core opened in ${(performance.now() - openStart).toFixed(0)} ms\n`);
    const over = await timeQueries(queries(core, store));
    await core.shutdown('benchmark done');
    process.stdout.write(
      over === 0 ? '\nEvery query is within its budget.\n' : `\n${over} queries over budget.\n`,
    );
    process.exitCode = over === 0 ? 0 : 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
