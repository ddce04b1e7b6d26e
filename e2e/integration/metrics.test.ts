// Live metrics during real runs against a test slapd: `dirbench run --metrics-port N` and
// `dirbench serve`'s /metrics (bearer token) answer OpenMetrics that the Python prometheus_client
// parser accepts, ending in # EOF, whose dirbench_operations_total grows from one scrape to the next;
// `dirbench matrix run --metrics-port N` shows each cell's run while it lasts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { matrixSpecFixture } from '../../src/core/testing/matrixSpecFixture.ts';
import { runCli } from './cliHarness.ts';
import { freePort, startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';
import { spawnServe } from './hostServe.ts';
import { parseOpenMetrics, sampleSum } from './metricsParser.ts';
import type { ParsedFamily } from './metricsParser.ts';

const CONTENT_TYPE = 'application/openmetrics-text; version=1.0.0; charset=utf-8';
const OPS = 'dirbench_operations_total';
const SCRAPES = 3;

let slapd: TestSlapd;
let dataDir: string;

before(async () => {
  slapd = await startTestSlapd(500);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dirbench-metrics-'));
});
after(async () => {
  await slapd.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The load options both runs share: small and short, 1 s warm-up then 6 s measured. */
const LOAD = ['--connections', '2', '--workers', '1', '--warmup', '1', '--duration', '6'];

/** `dirbench run` against the test server with metrics on `port`. */
const runArgs = (port: number): string[] => [
  'run',
  ...['--target', slapd.url, '--base', slapd.baseDn],
  ...LOAD,
  ...['--metrics-port', String(port)],
];

/** One scrape: checks status, Content-Type and `# EOF`, and parses the body. */
async function scrape(url: string, headers: Record<string, string> = {}): Promise<ParsedFamily[]> {
  const res = await fetch(url, { headers });
  const body = await res.text();
  assert.equal(res.status, 200, body);
  assert.equal(res.headers.get('content-type'), CONTENT_TYPE);
  assert.ok(body.endsWith('# EOF\n'), `ends in # EOF:\n${body.slice(-200)}`);
  return parseOpenMetrics(body);
}

/** Waits until a scrape shows operations (the run is loading), then scrapes a second apart. */
async function scrapesDuringLoad(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ ops: number[]; families: ParsedFamily[] }> {
  for (let i = 0; i < 120; i++) {
    const families = await scrape(url, headers).catch(() => null);
    if (families !== null && sampleSum(families, OPS) > 0) break;
    await sleep(250);
  }
  const ops: number[] = [];
  let families: ParsedFamily[] = [];
  for (let i = 0; i < SCRAPES; i++) {
    if (i > 0) await sleep(1_100);
    families = await scrape(url, headers);
    ops.push(sampleSum(families, OPS));
  }
  return { ops, families };
}

/** Asserts the counters grew between every two scrapes and the families carry the run's labels. */
function assertGrowingRun(ops: number[], families: ParsedFamily[], workload: string): void {
  for (let i = 1; i < ops.length; i++) {
    assert.ok(
      (ops[i] ?? 0) > (ops[i - 1] ?? 0),
      `operations grow between scrapes: ${ops.join(' -> ')}`,
    );
  }
  const family = (name: string) => families.find((f) => f.name === name);
  const counted = family('dirbench_operations')?.samples ?? [];
  assert.ok(counted.length > 0);
  for (const sample of counted) {
    assert.equal(sample.labels['workload'], workload);
    assert.equal(sample.labels['label'], 'search');
    assert.match(sample.labels['run'] ?? '', /\S/);
    assert.match(sample.labels['target'] ?? '', /\S/);
  }
  assert.equal(family('dirbench_operation_latency_seconds')?.type, 'histogram');
  assert.ok(sampleSum(families, 'dirbench_operation_latency_seconds_count') > 0);
  assert.equal(sampleSum(families, 'dirbench_run_active'), 1);
  assert.ok(sampleSum(families, 'dirbench_client_cpu_ratio') > 0, 'client CPU is reported');
}

test('dirbench run --metrics-port: OpenMetrics growing second by second, then the endpoint closes', async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/metrics`;
  const cli = runCli([...runArgs(port), '--json'], dataDir, 90_000);
  const { ops, families } = await scrapesDuringLoad(url);
  assertGrowingRun(ops, families, 'read-random');
  // The real curl too, as an operator would scrape.
  const curl = spawnSync('curl', ['-sS', '-D', '-', url], { encoding: 'utf8' });
  if (curl.error === undefined) {
    assert.equal(curl.status, 0, curl.stderr);
    assert.match(
      curl.stdout,
      /^content-type: application\/openmetrics-text; version=1\.0\.0; charset=utf-8\r?$/im,
    );
    assert.ok(curl.stdout.endsWith('# EOF\n'));
    assert.ok(
      sampleSum(parseOpenMetrics(curl.stdout.slice(curl.stdout.indexOf('\r\n\r\n') + 4)), OPS) > 0,
    );
  }
  assert.equal((await fetch(`http://127.0.0.1:${port}/other`)).status, 404);
  const result = await cli;
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stderr, new RegExp(`Metrics at ${url.replace(/[.]/g, '\\.')}`));
  await assert.rejects(fetch(url), 'the endpoint closed with the run');
});

/** A port some other server holds while `use` runs. */
async function withTakenPort(use: (port: number) => Promise<void>): Promise<void> {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const address = taken.address();
  try {
    await use(typeof address === 'object' && address !== null ? address.port : 0);
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
}

/** The in-use refusal `dirbench run` and `matrix run` print for `port`. */
const inUse = (port: number) =>
  new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use: pick another --metrics-port`);

test('dirbench run --metrics-port on a port in use fails before any load, naming the option', async () => {
  await withTakenPort(async (port) => {
    const result = await runCli(runArgs(port), dataDir, 60_000);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, inUse(port));
    assert.doesNotMatch(result.stderr, /^Run /m, 'no run started');
  });
});

/** Two cells of 3 s on one small OpenLDAP lab: one and two connections. */
const TINY_MATRIX = matrixSpecFixture({
  name: 'metrics',
  sizes: [300],
  connections: [1, 2],
  durationS: 3,
});

/** One run's operations and whether it read active, in one scrape. */
interface RunReading {
  ops: number;
  active: number;
}

/** Every run of one scrape by run id. */
function readingsByRun(families: readonly ParsedFamily[]): Map<string, RunReading> {
  const runs = new Map<string, RunReading>();
  const samples = families.flatMap((family) => family.samples);
  for (const sample of samples.filter((s) => s.name === 'dirbench_run_active')) {
    const runId = sample.labels['run'] ?? '';
    const ops = samples
      .filter((s) => s.name === OPS && s.labels['run'] === runId)
      .reduce((sum, s) => sum + s.value, 0);
    runs.set(runId, { ops, active: sample.value });
  }
  return runs;
}

test("dirbench matrix run --metrics-port: each cell's run grows while it lasts; the endpoint closes with the campaign", async () => {
  const matrixFile = path.join(dataDir, 'metrics.matrix.json');
  writeFileSync(matrixFile, JSON.stringify(TINY_MATRIX));
  await withTakenPort(async (port) => {
    const refused = await runCli(
      ['matrix', 'run', matrixFile, '--metrics-port', String(port)],
      dataDir,
      60_000,
    );
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, inUse(port));
    assert.doesNotMatch(refused.stderr, /^\[\d+\/\d+/m, 'no campaign progress: no lab was built');
  });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/metrics`;
  let ended = false;
  const cli = runCli(
    ['matrix', 'run', matrixFile, '--metrics-port', String(port), '--json'],
    dataDir,
    90_000,
  ).finally(() => (ended = true));
  // Each run's readings while it read active, scrape after scrape, until the campaign ends.
  const activeOps = new Map<string, number[]>();
  while (!ended) {
    // Refused connections (before it listens, after it closes) are fetch's TypeError; a bad body is not.
    const families = await scrape(url).catch((err: unknown) => {
      if (err instanceof TypeError) return null;
      throw err;
    });
    for (const [runId, reading] of families === null ? [] : readingsByRun(families)) {
      if (reading.active === 1)
        activeOps.set(runId, [...(activeOps.get(runId) ?? []), reading.ops]);
    }
    await sleep(400);
  }
  const result = await cli;
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stderr, new RegExp(`Metrics at ${url.replace(/[.]/g, '\\.')}`));
  const cells = (JSON.parse(result.stdout) as { cells: { runId: string }[] }).cells;
  assert.equal(cells.length, 2);
  assert.deepEqual(
    [...activeOps.keys()].sort(),
    cells.map((c) => c.runId).sort(),
    "both cells' runs showed",
  );
  for (const [runId, ops] of activeOps) {
    assert.ok(
      Math.max(...ops) > Math.min(...ops) && Math.max(...ops) > 0,
      `run ${runId}'s operations grew while it was active: ${ops.join(' -> ')}`,
    );
  }
  await assert.rejects(fetch(url), 'the endpoint closed with the campaign');
});

test('dirbench serve: /metrics needs the bearer token and grows during a run started through the API', async () => {
  const serve = spawnServe([]);
  try {
    const served = new URL(await serve.url);
    const token = served.searchParams.get('token') ?? '';
    const base = `http://127.0.0.1:${served.port}`;
    const metricsUrl = `${base}/metrics`;
    const denied = await fetch(metricsUrl);
    assert.equal(denied.status, 401);
    assert.equal(
      (await fetch(metricsUrl, { headers: { Authorization: 'Bearer wrong' } })).status,
      401,
    );
    const auth = { Authorization: `Bearer ${token}` };
    const api = async <T>(channel: string, req: unknown): Promise<T> => {
      const res = await fetch(`${base}/api/${channel}`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ req }),
      });
      const body = (await res.json()) as { ok: boolean; res?: T; error?: { message: string } };
      assert.ok(body.ok, `${channel}: ${body.error?.message ?? ''}`);
      return body.res as T;
    };
    const before = await scrape(metricsUrl, auth);
    assert.equal(sampleSum(before, OPS), 0, 'no run yet');
    const target = await api<{ id: string }>('targets/save', {
      name: 'metrics slapd',
      url: slapd.url,
      startTls: false,
      bindDn: '',
      baseDn: slapd.baseDn,
    });
    const { runId } = await api<{ runId: string }>('runs/start', {
      targetId: target.id,
      workload: 'read-random',
      connections: 2,
      depth: 1,
      warmupS: 1,
      durationS: 6,
      workers: 1,
    });
    const { ops, families } = await scrapesDuringLoad(metricsUrl, auth);
    assertGrowingRun(ops, families, 'read-random');
    const info = families.find((f) => f.name === 'dirbench_run')?.samples[0];
    assert.equal(info?.labels['run'], runId);
    assert.equal(info?.labels['url'], slapd.url);
    for (let i = 0; i < 80 && (await api<unknown>('runs/active', undefined)) !== null; i++)
      await sleep(250);
    const ended = await scrape(metricsUrl, auth);
    assert.equal(sampleSum(ended, 'dirbench_run_active'), 0, 'the ended run reads inactive');
    assert.ok(sampleSum(ended, OPS) >= (ops.at(-1) ?? 0));
  } finally {
    await serve.stop();
  }
});
