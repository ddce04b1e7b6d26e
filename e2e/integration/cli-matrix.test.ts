// `dirbench matrix` end to end: a small matrix run headless with --json, listed and shown; files
// and options with mistakes rejected (exit 2) naming the field, before any lab starts.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { runCli } from './cliHarness.ts';
import type { CliResult } from './cliHarness.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-cli-matrix-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[], timeoutMs = 60_000): Promise<CliResult> {
  return runCli(args, dataDir, timeoutMs);
}

/** Writes `content` (an object as JSON, or raw text) to a file in the test's folder. */
function file(name: string, content: unknown): string {
  const target = path.join(dataDir, name);
  writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content));
  return target;
}

const SMALL = {
  name: 'cli small',
  servers: [{ lab: 'openldap' }],
  sizes: [1000],
  indexProfiles: ['salford-indexed'],
  workloads: ['read-random', 'salford/S.2'],
  connections: [2],
  repeats: 1,
  warmupS: 5,
  durationS: 30,
};

interface CampaignJson {
  campaignId: string;
  status: string;
  cells: { status: string; runId: string | null; opsPerSec: number | null; entries: number }[];
}

test(
  'matrix run --json runs every cell and prints the campaign with run ids and ops/s',
  { timeout: 120_000 },
  async () => {
    const run = await cli(
      ['matrix', 'run', file('small.json', SMALL), '--warmup', '0', '--duration', '1', '--json'],
      120_000,
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /\[0\/2.*Cell 1\/2/);
    // Before its lab is built, the time left says how much of it building labs takes.
    assert.match(run.stderr, /^\[0\/2, about .+ left \(.+ of it building labs\)\] Cell 1\/2: /m);
    const result = JSON.parse(run.stdout) as CampaignJson;
    assert.match(result.campaignId, /^cmp-/);
    assert.equal(result.status, 'completed');
    assert.equal(result.cells.length, 2);
    for (const cell of result.cells) {
      assert.equal(cell.status, 'done');
      assert.match(cell.runId ?? '', /^run-/);
      assert.ok((cell.opsPerSec ?? 0) > 0);
    }
    const shown = await cli(['matrix', 'show', result.campaignId]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /completed/);
    assert.match(shown.stdout, new RegExp(result.cells[0]?.runId ?? 'none'));
    const list = await cli(['matrix', 'list']);
    assert.match(list.stdout, /builtin\/salford\s+Salford study/);
    assert.match(list.stdout, new RegExp(`${result.campaignId}\\s+cli small\\s+completed`));
    const run0 = await cli(['runs', 'show', result.cells[0]?.runId ?? '', '--json']);
    assert.equal(run0.code, 0, run0.stderr);
  },
);

test('matrix check accepts a valid file and a built-in matrix shown as JSON', async () => {
  const ok = await cli(['matrix', 'check', file('ok.json', SMALL)]);
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, /"cli small" is valid: 2 cells, 1 lab build/);
  const shown = await cli(['matrix', 'show', 'builtin/unboundid-threads']);
  assert.equal(shown.code, 0, shown.stderr);
  const copy = await cli(['matrix', 'check', file('copy.json', shown.stdout), '--json']);
  assert.equal(copy.code, 0, copy.stderr);
  assert.equal((JSON.parse(copy.stdout) as { cells: unknown[] }).cells.length, 72);
});

test('mistakes exit 2 and name the field or option', async () => {
  const cases: [string[], RegExp][] = [
    [
      ['matrix', 'check', file('sizes.json', { ...SMALL, sizes: [10, 20, 0] })],
      /sizes\[2\] must be between 1 and 10000000/,
    ],
    [
      ['matrix', 'check', file('lab.json', { ...SMALL, servers: [{ lab: 'slapd' }] })],
      /servers\[0\]\.lab "slapd" is not a lab kind/,
    ],
    [
      [
        'matrix',
        'check',
        file('wl.json', { ...SMALL, workloads: ['read-random', 'salford/S.99'] }),
      ],
      /workloads\[1\]: unknown workload/,
    ],
    [['matrix', 'check', file('typo.json', { ...SMALL, size: [1] })], /unknown field "size"/],
    [['matrix', 'check', file('broken.json', '{"name": ')], /is not JSON/],
    [['matrix', 'check', path.join(dataDir, 'missing.json')], /cannot read .*ENOENT/],
    [['matrix', 'run', 'builtin/salford', '--sizes', '10k'], /--sizes takes entry counts/],
    [['matrix', 'run', 'builtin/salford', '--repeats', '50'], /--repeats must be between 1 and 20/],
    [['matrix', 'run', 'builtin/nope'], /no matrix builtin\/nope/],
    [['matrix', 'run'], /matrix run needs a matrix FILE/],
    [['matrix', 'frobnicate'], /unknown matrix command/],
    [['matrix', 'resume', 'cmp-00000000'], /no campaign with id cmp-00000000/],
  ];
  for (const [args, pattern] of cases) {
    const result = await cli(args);
    assert.match(result.stderr, pattern, args.join(' '));
    assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
  }
});
