// `dirbench compare` end to end: stored runs with known figures against a baseline, as a table, as
// JSON, as a regression gate (exit 3 on a breach, 0 without) and with bad input (exit 2).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { BaselineComparison } from '../../src/shared/compareBaseline.ts';
import type { RegressionCheck } from '../../src/shared/compareRegression.ts';
import { storeRuns } from '../helpers/baselineRuns.ts';
import { runCli } from './cliHarness.ts';
import type { CliResult } from './cliHarness.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-cli-compare-'));
const db = path.join(dataDir, 'compare.sqlite');
after(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[]): Promise<CliResult> {
  return runCli(['compare', ...args, '--db', db], dataDir, 60_000);
}

const BASELINE = ['--baseline', 'b1', '--baseline', 'b2', '--baseline', 'b3'];
/** 16 connections: 10% fewer ops/s and a p99 26.7% higher (significant); errors in one repeat. */
const SLOWER = ['--run', 's1', '--run', 's2', '--run', 's3'];
/** 32 connections: one counted run, 5% more ops/s and lower latency; its repeat failed. */
const SINGLE = ['--run', 'o1', '--run', 'o2'];

before(() => {
  storeRuns(db, [
    { id: 'b1', opsPerSec: 1000, p99Us: 1500 },
    { id: 'b2', opsPerSec: 1020, p99Us: 1480 },
    { id: 'b3', opsPerSec: 980, p99Us: 1520 },
    { id: 's1', opsPerSec: 900, p99Us: 1900, connections: 16 },
    { id: 's2', opsPerSec: 910, p99Us: 1880, connections: 16 },
    { id: 's3', opsPerSec: 890, p99Us: 1920, connections: 16, errors: 40 },
    { id: 'o1', opsPerSec: 1050, p99Us: 1400, connections: 32 },
    { id: 'o2', opsPerSec: 40, p99Us: 9000, connections: 32, status: 'failed' },
  ]);
});

test('the table: per candidate setting, each metric with baseline, run, change %, p-value, verdict', async () => {
  const result = await cli([...BASELINE, ...SLOWER, ...SINGLE]);
  assert.equal(result.code, 0, result.stderr);
  const out = result.stdout;
  assert.match(out, /^Baseline: OpenLDAP 2\.5\.13 · 8 conn \(3 runs: b1, b2, b3\)$/m);
  assert.match(out, /^OpenLDAP 2\.5\.13 · 16 conn \(3 runs: s1, s2, s3\)$/m);
  assert.match(out, /^metric\s+baseline\s+run\s+change %\s+p-value\s+verdict$/m);
  // scipy.stats.ttest_ind([900, 910, 890], [1000, 1020, 980], equal_var=False).pvalue = 0.0048
  assert.match(
    out,
    /^throughput\s+1,000 ops\/s\s+900 ops\/s\s+-10\.0%\s+0\.005\s+worse, significant$/m,
  );
  assert.match(
    out,
    /^p99 latency\s+1\.50 ms\s+1\.90 ms\s+\+26\.7%\s+<0\.001\s+worse, significant$/m,
  );
  assert.match(out, /^error rate\s+0%\s+0\.37%\s+from 0\s+0\.423\s+worse, not significant$/m);
  // The failed repeat is named and left out: one counted run, so no p-value.
  assert.match(out, /^OpenLDAP 2\.5\.13 · 32 conn \(2 runs: o1, o2; not counted: o2 failed\)$/m);
  assert.match(out, /^throughput\s+1,000 ops\/s\s+1,050 ops\/s\s+\+5\.0%\s+-\s+better$/m);
  // No gate asked for: nothing about regressions.
  assert.doesNotMatch(out, /REGRESSION|Regression check/);
});

test('--json prints the whole comparison', async () => {
  const result = await cli([...BASELINE, ...SLOWER, ...SINGLE, '--json']);
  assert.equal(result.code, 0, result.stderr);
  const json = JSON.parse(result.stdout) as BaselineComparison & {
    regression: RegressionCheck | null;
  };
  assert.deepEqual(json.metrics, [
    'opsPerSec',
    'p50Us',
    'p90Us',
    'p99Us',
    'p999Us',
    'meanUs',
    'errorRate',
  ]);
  assert.deepEqual(json.baseline.runIds, ['b1', 'b2', 'b3']);
  assert.equal(json.baseline.means[0]?.mean, 1000);
  assert.deepEqual(
    json.candidates.map((c) => [c.name, c.countedRunIds, c.uncounted]),
    [
      ['OpenLDAP 2.5.13 · 16 conn', ['s1', 's2', 's3'], []],
      ['OpenLDAP 2.5.13 · 32 conn', ['o1'], [{ id: 'o2', status: 'failed', reason: 'failed' }]],
    ],
  );
  const ops = json.candidates[0]?.changes.find((c) => c.metric === 'opsPerSec');
  assert.equal(ops?.baseline, 1000);
  assert.equal(ops?.candidate, 900);
  assert.equal(ops?.direction, 'worse');
  assert.ok(Math.abs((ops?.changePercent ?? 0) + 10) < 1e-9);
  assert.ok(Math.abs((ops?.welch?.pValue ?? 0) - 0.004797999699128048) < 1e-9);
  assert.equal(json.candidates[1]?.changes[0]?.welch, null);
  assert.equal(json.regression, null);
});

test('--max-regression 10%: a significant breach exits 3 and is printed; noise is named, not counted', async () => {
  const result = await cli([...BASELINE, ...SLOWER, ...SINGLE, '--max-regression', '10%']);
  assert.equal(result.code, 3, result.stderr);
  const out = result.stdout;
  assert.match(
    out,
    /^p99 latency\s+1\.50 ms\s+1\.90 ms\s+\+26\.7%\s+<0\.001\s+REGRESSION: worse, significant$/m,
  );
  // Exactly 10% fewer ops/s is not more than 10%.
  assert.match(out, /^throughput\s+.*\s+worse, significant$/m);
  assert.match(out, /^Regression check: 5 breaches beyond 10%$/m);
  assert.match(
    out,
    /^ {2}OpenLDAP 2\.5\.13 · 16 conn: p99 latency 26\.7% worse than the baseline \(1\.50 ms -> 1\.90 ms\), more than the 10% allowed; significant at the 0\.05 level \(p < 0\.001\)$/m,
  );
  assert.match(
    out,
    /^ {2}OpenLDAP 2\.5\.13 · 16 conn: error rate worse than the baseline, which had none \(0% -> 0\.37%\), more than the 10% allowed; not significant at the 0\.05 level \(p = 0\.423\): not counted as a regression$/m,
  );
  assert.match(result.stderr, /5 regressions beyond 10%/);

  const json = await cli([...BASELINE, ...SLOWER, '--max-regression', '10', '--json']);
  assert.equal(json.code, 3, json.stderr);
  const parsed = JSON.parse(json.stdout) as { regression: RegressionCheck };
  assert.equal(parsed.regression.maxRegressionPercent, 10);
  assert.deepEqual(
    parsed.regression.breaches.map((b) => b.metric),
    ['p50Us', 'p90Us', 'p99Us', 'p999Us', 'meanUs'],
  );
  assert.deepEqual(
    parsed.regression.notSignificant.map((b) => b.metric),
    ['errorRate'],
  );
  // Breaches go to stderr too, so a CI log shows them beside the JSON.
  assert.match(json.stderr, /p99 latency 26\.7% worse/);
});

test('no breach exits 0: a wider limit, or --metrics narrowed to figures within it', async () => {
  const wide = await cli([...BASELINE, ...SLOWER, '--max-regression', '30%']);
  assert.equal(wide.code, 0, wide.stderr);
  assert.match(wide.stdout, /^Regression check: no breach beyond 30%/m);

  const narrowed = await cli([
    ...BASELINE,
    ...SLOWER,
    '--metrics',
    'opsPerSec,errorRate',
    '--max-regression',
    '10%',
  ]);
  assert.equal(narrowed.code, 0, narrowed.stderr);
  assert.doesNotMatch(narrowed.stdout, /p99 latency/);
  assert.match(narrowed.stdout, /^throughput\s/m);
  assert.match(narrowed.stdout, /^error rate\s/m);
});

test('a gate cannot pass a setting none of whose runs counts: exit 1, naming it', async () => {
  const result = await cli([...BASELINE, '--run', 'o2', '--max-regression', '10%']);
  assert.equal(result.code, 1, result.stderr);
  assert.match(result.stdout, /^throughput\s+1,000 ops\/s\s+-\s+-\s+-\s+no figure$/m);
  assert.match(
    result.stdout,
    /^ {2}OpenLDAP 2\.5\.13 · 32 conn: no run counts \(o2 failed\), so it cannot be judged$/m,
  );
  // Without a gate it is a report: exit 0.
  assert.equal((await cli([...BASELINE, '--run', 'o2'])).code, 0);
});

test('bad input exits 2 naming the option', async () => {
  const cases: [string[], RegExp][] = [
    [[...SLOWER], /--baseline ID is required/],
    [[...BASELINE], /--run ID is required/],
    [
      ['--baseline', 'nope', ...SLOWER],
      /--baseline: no run with id nope; see "dirbench runs list"/,
    ],
    [[...BASELINE, '--run', 'missing'], /--run: no run with id missing/],
    [[...BASELINE, '--run', 'b2'], /--run: run b2 is both in the baseline and among the runs/],
    [
      [...BASELINE, ...SLOWER, '--max-regression', 'ten%'],
      /--max-regression must be a percentage from 0 up, like 10% or 10; got "ten%"/,
    ],
    [[...BASELINE, ...SLOWER, '--max-regression', '-5%'], /--max-regression must be a percentage/],
    [[...BASELINE, ...SLOWER, '--metrics', 'opsPerSec,p98Us'], /--metrics: .*"p98Us"/],
    [
      ['--baseline', 'b1', '--baseline', 's1', '--run', 'o1'],
      /--baseline: the baseline runs must be repeats of one setting, but they differ: 8 conn vs 16 conn/,
    ],
  ];
  for (const [args, message] of cases) {
    const result = await cli(args);
    assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, message, args.join(' '));
  }
});
