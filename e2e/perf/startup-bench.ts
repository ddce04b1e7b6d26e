// Benchmark: how fast DirBench starts. Whole-process wall time, CPU time and peak memory (median of
// --rounds, after one unmeasured round) of `dirbench --version`, `runs list --json` and `runs show`
// on a seeded store of --runs runs, a 1 s calibrate, a load worker's time from fork to ready, and
// UnboundID's searchrate (`--version` and a 1 s run) measured in the same script, as ratios.
import { existsSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startResponder } from '../../src/core/responder/responder.ts';
import { median } from '../../src/core/runner/median.ts';
import { openDatabase } from '../../src/core/store/database.ts';
import { seedRuns } from './history-seed.ts';
import { machineLine } from './machine.ts';
import { medianCost, processCost } from './processTime.ts';
import type { ProcessCost } from './processTime.ts';
import { unboundIdJar } from './unboundIdJar.ts';
import { workerReadyMs } from './workerReady.ts';

/** The issue's budgets (wall ms): --version, runs list, a 1 s calibrate, a worker's fork to ready. */
const BUDGET_MS = { version: 150, runsList: 300, calibrate: 1500, workerReady: 200 } as const;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '8' },
  },
});
const runCount = Number(values.runs);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
if (!Number.isInteger(runCount) || runCount < 1)
  throw new Error('--runs must be a whole number >= 1');
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error('--rounds must be a whole number >= 1');
if (!Number.isInteger(connections) || connections < 1)
  throw new Error('--connections must be a whole number >= 1');

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The installed command's entry, as package.json's `bin` names it. */
const bin = path.join(
  root,
  (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      bin: { dirbench: string };
    }
  ).bin.dirbench,
);

/** The worker a run forks: the bundle's when `npm run build:cli` made one, else the sources' (undefined). */
const bundledWorker = path.join(root, 'dist', 'cli', 'worker.mjs');
const workerModule = existsSync(bundledWorker) ? bundledWorker : undefined;

/** One unmeasured round (caches warm), then the median of `rounds`. */
async function measure(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<ProcessCost> {
  await processCost(argv, env);
  const costs: ProcessCost[] = [];
  for (let i = 0; i < rounds; i++) costs.push(await processCost(argv, env));
  return medianCost(costs);
}

/** One result line: figures, the wall-time ratio to `peer`, and the budget verdict. */
function line(name: string, cost: ProcessCost, peer?: ProcessCost, budgetMs?: number): string {
  const ratio = peer === undefined ? '' : `${(cost.wallMs / peer.wallMs).toFixed(2)}x`;
  const verdict =
    budgetMs === undefined ? '' : `${budgetMs} ms ${cost.wallMs <= budgetMs ? 'ok' : 'OVER'}`;
  return `${name.padEnd(34)} ${cost.wallMs.toFixed(0).padStart(8)} ${cost.cpuMs.toFixed(0).padStart(8)} ${cost.peakRssMb.toFixed(0).padStart(8)} ${ratio.padStart(8)}  ${verdict}\n`;
}

/** Seeds the store the history commands read and returns one run's id. */
function seedStore(dbFile: string): string {
  const seedStart = performance.now();
  const db = openDatabase(dbFile);
  seedRuns(db, runCount);
  const { id } = db.prepare('SELECT id FROM runs ORDER BY started_at DESC LIMIT 1').get() as {
    id: string;
  };
  db.close();
  process.stdout.write(
    `Seeded ${runCount.toLocaleString('en-US')} runs in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
  );
  return id;
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'dirbench-startup-'));
  const responder = await startResponder();
  try {
    process.stdout.write(
      `${machineLine(scratch)}\nCLI: ${path.relative(root, bin)} (the bundle when built and fresh), worker: ${workerModule === undefined ? 'sources' : path.relative(root, bundledWorker)}\n`,
    );
    const dbFile = path.join(scratch, 'dirbench.sqlite');
    const runId = seedStore(dbFile);
    const env = { ...process.env, DIRBENCH_DATA_DIR: scratch, DIRBENCH_DB: dbFile };
    const dirbench = (...args: string[]): Promise<ProcessCost> =>
      measure([process.execPath, bin, ...args], env);
    const jar = unboundIdJar();
    const searchrate = (...args: string[]): Promise<ProcessCost> =>
      measure(['java', '-cp', jar, 'com.unboundid.ldap.sdk.examples.SearchRate', ...args], env);

    const peerVersion = await searchrate('--version');
    const peerRun = await searchrate(
      ...['-h', '127.0.0.1', '-p', String(responder.port), '-b', `uid=user.0,${responder.baseDn}`],
      ...['-s', 'base', '-f', '(objectClass=*)', '-t', String(connections)],
      ...['--intervalDuration', '1', '--numIntervals', '1'],
    );
    process.stdout.write(
      `\n${'median of '.concat(String(rounds)).padEnd(34)} ${'wall ms'.padStart(8)} ${'CPU ms'.padStart(8)} ${'RSS MB'.padStart(8)} ${'ratio'.padStart(8)}  budget\n`,
    );
    process.stdout.write(line('searchrate --version', peerVersion));
    process.stdout.write(
      line('dirbench --version', await dirbench('--version'), peerVersion, BUDGET_MS.version),
    );
    process.stdout.write(
      line(
        `dirbench runs list --json (${runCount})`,
        await dirbench('runs', 'list', '--json'),
        peerVersion,
        BUDGET_MS.runsList,
      ),
    );
    process.stdout.write(
      line('dirbench runs show ID', await dirbench('runs', 'show', runId), peerVersion),
    );
    process.stdout.write(line('searchrate, 1 s', peerRun));
    process.stdout.write(
      line(
        'dirbench calibrate, 1 s',
        await dirbench(
          'calibrate',
          '--warmup',
          '0',
          '--duration',
          '1',
          '--connections',
          String(connections),
        ),
        peerRun,
        BUDGET_MS.calibrate,
      ),
    );
    const ready = (): Promise<number> =>
      workerReadyMs(responder.url, responder.baseDn, connections, workerModule);
    await ready();
    const readies: number[] = [];
    for (let i = 0; i < rounds; i++) readies.push(await ready());
    const readyMs = median(readies);
    process.stdout.write(
      `${`load worker, fork to ready (${connections} conn)`.padEnd(34)} ${readyMs.toFixed(0).padStart(8)} ${''.padStart(8)} ${''.padStart(8)} ${''.padStart(8)}  ${BUDGET_MS.workerReady} ms ${readyMs <= BUDGET_MS.workerReady ? 'ok' : 'OVER'}\n`,
    );
    process.stdout.write(
      '\nratio: wall time over searchrate --version (calibrate: over a 1 s searchrate run); CPU includes child processes; RSS is the largest single process.\n',
    );
  } finally {
    await responder.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
