// The Salford searches (S.1-S.4, each at the study's concurrency) as a DirBench matrix on an OpenLDAP
// lab with cn indexed at 10K, 100K and 1M entries, run and charted with the CLI as a user would:
// `dirbench matrix run`, then `dirbench export --chart trend --reference salford/table-N` per test.
// Prints ops/s per test and size beside the study's published OpenLDAP 2.0.23 figures.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ReferenceTable } from '../../src/shared/reference.ts';
import { machineLine } from './machine.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const CLI = path.join(REPO, 'src/cli/bin.mjs');
/** The published table of each search test (seed 000, Tables 5-8). */
const TABLES: Record<string, string> = {
  'salford/S.1': 'salford/table-5',
  'salford/S.2': 'salford/table-6',
  'salford/S.3': 'salford/table-7',
  'salford/S.4': 'salford/table-8',
};

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    warmup: { type: 'string', default: '5' },
    duration: { type: 'string', default: '15' },
    'out-dir': { type: 'string', default: path.join(REPO, 'e2e/screenshots') },
    'data-dir': { type: 'string' },
  },
});
const sizes = (values.sizes ?? '').split(',').map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 10_000_000))
  throw new Error(`--sizes takes entry counts from 1 to 10,000,000; got ${values.sizes}`);

/** Runs the CLI, passing its progress through; resolves with stdout, rejects on a non-zero exit. */
function cli(args: string[], dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args, '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`dirbench ${args[0]} exited ${code}`)),
    );
  });
}

const ownDir = values['data-dir'] === undefined;
const dataDir =
  values['data-dir'] ?? mkdtempSync(path.join(os.tmpdir(), 'dirbench-salford-trend-'));
try {
  const matrixFile = path.join(dataDir, 'salford-searches.matrix.json');
  writeFileSync(
    matrixFile,
    JSON.stringify({
      name: 'salford-searches-openldap',
      description: 'Salford S.1-S.4 at the study concurrency, OpenLDAP lab, cn indexed',
      servers: [{ lab: 'openldap' }],
      sizes,
      indexProfiles: ['salford-indexed'],
      shape: 'salford',
      load: 'offline',
      workloads: Object.keys(TABLES),
      studyConcurrency: true,
      connections: [50],
      repeats: 1,
      warmupS: Number(values.warmup),
      durationS: Number(values.duration),
      seed: 1,
    }),
  );
  process.stderr.write(`${machineLine(dataDir)}\n`);
  const result = JSON.parse(await cli(['matrix', 'run', matrixFile, '--json'], dataDir)) as {
    campaignId: string;
    cells: { runId: string | null; workload: string; entries: number; opsPerSec: number | null }[];
  };
  const reference = JSON.parse(
    readFileSync(path.join(REPO, 'data/reference/salford.json'), 'utf8'),
  ) as ReferenceTable[];
  const outDir = values['out-dir'] ?? '.';
  mkdirSync(outDir, { recursive: true });
  process.stdout.write(`campaign ${result.campaignId}\n\n`);
  process.stdout.write(
    `| test | ${sizes.map((n) => `${n.toLocaleString('en')} entries`).join(' | ')} |\n`,
  );
  process.stdout.write(`| --- | ${sizes.map(() => '---:').join(' | ')} |\n`);
  for (const [workload, tableId] of Object.entries(TABLES)) {
    const cells = result.cells.filter((c) => c.workload === workload);
    const ours = sizes.map((n) => cells.find((c) => c.entries === n)?.opsPerSec ?? null);
    const published = reference
      .find((t) => t.id === tableId)
      ?.series.find((s) => s.name.startsWith('OpenLDAP'));
    const theirs = sizes.map((n) => published?.points.find((p) => p.x === n)?.text ?? '-');
    const row = ours.map(
      (v, i) => `${v === null ? 'failed' : Math.round(v).toLocaleString('en')} (${theirs[i]})`,
    );
    process.stdout.write(`| ${workload} | ${row.join(' | ')} |\n`);
    const runArgs = cells.flatMap((c) => (c.runId === null ? [] : ['--run', c.runId]));
    const out = path.join(outDir, `salford-trend-${workload.split('/')[1]}.png`);
    await cli(
      [
        'export',
        ...runArgs,
        '--chart',
        'trend',
        '--reference',
        tableId,
        '--format',
        'png',
        '--out',
        out,
      ],
      dataDir,
    );
    process.stderr.write(`chart: ${out}\n`);
  }
  process.stdout.write(
    '\nops/s measured here (published OpenLDAP 2.0.23 figure, other hardware)\n',
  );
} finally {
  if (ownDir) rmSync(dataDir, { recursive: true, force: true });
}
