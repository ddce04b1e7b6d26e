import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from './errors.ts';
import { breaches, checkThresholdLabels, checkThresholds } from './thresholdCheck.ts';
import { parseThresholds } from './thresholds.ts';
import type { OperationSummary, RunSummary } from './types.ts';

function summary(overrides: Partial<RunSummary> = {}): RunSummary {
  return {
    opsPerSec: 12_000,
    ops: 120_000,
    errors: 12,
    errorsByCode: { busy: 12 },
    entriesPerOp: 1,
    measuredS: 10,
    latencyUs: { p50: 800, p90: 1500, p99: 2314, p999: 4100, max: 9000, mean: 900 },
    ...overrides,
  };
}

function operation(p99: number, ops: number): OperationSummary {
  return {
    opsPerSec: ops / 10,
    ops,
    errors: 0,
    errorsByCode: {},
    entriesPerOp: 1,
    latencyUs: { p50: 100, p90: 200, p99, p999: p99, max: p99, mean: 120 },
  };
}

test('each threshold reads its figure and says what was measured', () => {
  const results = checkThresholds(
    parseThresholds(['p99<1us', 'p99<5ms', 'opsPerSec>=10000', 'errorRate<0.1%', 'errors<=0'], 't'),
    summary(),
    ['read'],
  );
  assert.deepEqual(
    results.map((r) => [r.expression, r.passed, r.detail]),
    [
      ['p99<1us', false, 'p99 was 2.31 ms'],
      ['p99<5ms', true, 'p99 was 2.31 ms'],
      ['opsPerSec>=10000', true, 'opsPerSec was 12000 ops/s'],
      ['errorRate<0.1%', true, 'errorRate was 0.01%'],
      ['errors<=0', false, 'errors was 12'],
    ],
  );
  assert.equal(results[0]?.actual, 2314);
  assert.deepEqual(
    breaches(results).map((r) => r.expression),
    ['p99<1us', 'errors<=0'],
  );
});

test('per-label thresholds read the label; numeric and look-alike labels are not confused', () => {
  const operations: Record<string, OperationSummary> = {};
  // Numeric keys sort first in a JS object: the lookup must be by name, not by position.
  for (const [label, p99] of [
    ['search', 3000],
    ['1', 500],
    ['01', 700],
    ['__proto__', 900],
  ] as const) {
    Object.defineProperty(operations, label, {
      value: operation(p99, 100),
      enumerable: true,
    });
  }
  const results = checkThresholds(
    parseThresholds(['search.p99<2ms', '1.p99<=500us', '01.p99<600us', '__proto__.p99<1ms'], 't'),
    summary({ operations }),
    ['search', '1', '01', '__proto__'],
  );
  assert.deepEqual(
    results.map((r) => [r.passed, r.detail]),
    [
      [false, 'search.p99 was 3 ms'],
      [true, '1.p99 was 500 us'],
      [false, '01.p99 was 700 us'],
      [true, '__proto__.p99 was 900 us'],
    ],
  );
});

test("a single-operation run's only label reads the whole run", () => {
  const [result] = checkThresholds(parseThresholds(['read.p99<5ms'], 't'), summary(), ['read']);
  assert.equal(result?.passed, true);
  assert.equal(result?.detail, 'read.p99 was 2.31 ms');
});

test('a threshold with nothing to read fails: no summary, no success, unknown label', () => {
  const thresholds = parseThresholds(['p99<5ms', 'opsPerSec>=0'], 't');
  assert.deepEqual(
    checkThresholds(thresholds, null, ['read']).map((r) => [r.passed, r.actual, r.detail]),
    [
      [false, null, 'the run measured nothing'],
      [false, null, 'the run measured nothing'],
    ],
  );
  const none = summary({
    ops: 0,
    opsPerSec: 0,
    latencyUs: { p50: 0, p90: 0, p99: 0, p999: 0, max: 0, mean: 0 },
  });
  const [latency, rate] = checkThresholds(thresholds, none, ['read']);
  assert.deepEqual(
    [latency?.passed, latency?.detail],
    [false, 'no operation succeeded, so there is no p99'],
  );
  assert.equal(rate?.passed, true, 'a rate of zero is still a rate');
  const [unknown] = checkThresholds(parseThresholds(['x.p99<1s'], 't'), summary(), ['a', 'b']);
  assert.equal(unknown?.detail, 'the run has no operation labelled "x"');
});

test('thresholds naming a label the workload lacks are refused before the run, listing its labels', () => {
  const thresholds = parseThresholds(['p99<5ms', 'serach.p99<1ms'], 'thresholds');
  assert.throws(
    () => checkThresholdLabels(thresholds, ['search', 'modify'], 'thresholds'),
    (err: unknown) =>
      err instanceof ApiError &&
      err.field === 'thresholds[1]' &&
      err.message ===
        '"serach.p99<1ms": the workload has no operation labelled "serach"; its labels are "search", "modify"',
  );
  checkThresholdLabels(parseThresholds(['search.p99<1ms'], 't'), ['search', 'modify'], 't');
});

test('replicationLagP99 reads the slowest consumer, and fails a run that measured no lag', () => {
  const lag = parseThresholds(['replicationLagP99<1s'], 't');
  const replicated = summary({
    replicationLagMs: {
      'ldap://127.0.0.1:3890': { p50: 40, p99: 300, max: 900 },
      'ldap://127.0.0.1:3891': { p50: 80, p99: 1_200, max: 2_000 },
    },
  });
  assert.deepEqual(checkThresholds(lag, replicated, ['read']), [
    {
      expression: 'replicationLagP99<1s',
      actual: 1_200_000,
      passed: false,
      detail: 'replicationLagP99 was 1.2 s (slowest consumer)',
    },
  ]);
  assert.deepEqual(
    checkThresholds(lag, summary(), ['read']).map((r) => [r.passed, r.detail]),
    [[false, 'the run measured no replication lag (it needs a replicated lab or consumers)']],
  );
});
