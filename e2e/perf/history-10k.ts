// Benchmark: the history explorer over 10,000 stored runs. Seeds a fresh database, opens it through
// the core (as a host does), then times the history/list (first page and all), history/facets and
// filtered lists through the API handlers, printing median and p95 per query against the budget.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openCore } from '../../src/core/app/core.ts';
import { forkLauncher } from '../../src/core/runner/launcher.ts';
import { openDatabase } from '../../src/core/store/database.ts';
import type { HistoryFilter } from '../../src/shared/history.ts';
import { seedRuns } from './history-seed.ts';

/** The budget for opening and filtering the history. */
const BUDGET_MS = 200;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '15' },
  },
});
const runCount = Number(values.runs);
const rounds = Number(values.rounds);
if (!Number.isInteger(runCount) || runCount < 1)
  throw new Error('--runs must be a whole number >= 1');
if (!Number.isInteger(rounds) || rounds < 3)
  throw new Error('--rounds must be a whole number >= 3');

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'dirbench-history-'));
  const dbFile = path.join(scratch, 'dirbench.sqlite');
  try {
    const seedStart = performance.now();
    const db = openDatabase(dbFile);
    seedRuns(db, runCount);
    db.close();
    process.stdout.write(
      `Seeded ${runCount.toLocaleString('en-US')} runs (5 s of samples each) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
    );
    const core = await openCore({ dbFile, dataDir: scratch, launcher: forkLauncher() });
    const h = core.handlers;
    const day = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const queries: [string, () => Promise<unknown>][] = [
      ['list, first page (100)', () => h['history/list']({ limit: 100 })],
      ['list, all', () => h['history/list']({})],
      ['facets', () => h['history/facets'](undefined)],
      ['filter target', () => h['history/list']({ targetNames: ['OpenDJ lab'] })],
      [
        'filter vendor + version',
        () => h['history/list']({ vendors: ['Example Corp'], serverVersions: ['12.0'] }),
      ],
      [
        'filter workload + size',
        () => h['history/list']({ workloads: ['salford/S.3'], entries: [1_000_000] }),
      ],
      ['filter status', () => h['history/list']({ statuses: ['failed', 'interrupted'] })],
      ['filter two tags', () => h['history/list']({ tags: ['nightly', 'indexed'] })],
      ['filter last 30 days', () => h['history/list']({ startedFrom: day })],
      ['free text "S.3 389"', () => h['history/list']({ text: 'S.3 389' })],
      ['free text "regression"', () => h['history/list']({ text: 'regression' })],
      [
        'everything at once',
        () =>
          h['history/list']({
            text: 'lab',
            statuses: ['completed'],
            tags: ['baseline'],
            entries: [10_000, 100_000],
            startedFrom: day,
          } satisfies HistoryFilter),
      ],
    ];
    process.stdout.write(
      `\n${'query'.padEnd(26)} ${'rows'.padStart(6)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)}  budget ${BUDGET_MS} ms\n`,
    );
    let over = 0;
    for (const [name, query] of queries) {
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < rounds; i++) {
        const start = performance.now();
        const result = await query();
        times.push(performance.now() - start);
        rows = Array.isArray(result) ? result.length : (result as { total: number }).total;
      }
      times.sort((a, b) => a - b);
      const median = quantile(times, 0.5);
      const p95 = quantile(times, 0.95);
      const ok = p95 < BUDGET_MS;
      if (!ok) over++;
      process.stdout.write(
        `${name.padEnd(26)} ${String(rows).padStart(6)} ${median.toFixed(1).padStart(10)} ${p95.toFixed(1).padStart(8)}  ${ok ? 'ok' : 'OVER BUDGET'}\n`,
      );
    }
    await core.shutdown('benchmark done');
    process.stdout.write(
      over === 0
        ? `\nEvery query's p95 is under ${BUDGET_MS} ms.\n`
        : `\n${over} queries over budget.\n`,
    );
    process.exitCode = over === 0 ? 0 : 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
