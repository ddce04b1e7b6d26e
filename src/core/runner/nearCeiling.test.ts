import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunSummary } from '../../shared/types.ts';
import { applyCeiling } from './nearCeiling.ts';

const base: RunSummary = {
  opsPerSec: 19_000,
  ops: 190_000,
  errors: 0,
  errorsByCode: {},
  entriesPerOp: 1,
  measuredS: 10,
  latencyUs: { p50: 400, p90: 600, p99: 900, p999: 1200, max: 3000, mean: 420 },
  clientBound: false,
  clientBoundEvidence: 'workers peaked at 80% CPU: the client had headroom',
};
const ceiling = { ceilingOpsPerSec: 20_000, measuredAt: '2026-11-22T05:00:00.000Z' };

test('a run at 95% of the calibrated ceiling is flagged client-bound with the figures', () => {
  const flagged = applyCeiling(base, ceiling);
  assert.equal(flagged.clientBound, true);
  assert.equal(flagged.clientCeilingOpsPerSec, 20_000);
  assert.match(
    flagged.clientBoundEvidence ?? '',
    /95% of this machine's load-generation ceiling of 20,000 ops\/s \(calibrated 2026-11-22\)/,
  );
});

test('a run well below the ceiling keeps its verdict and gains the comparison', () => {
  const kept = applyCeiling({ ...base, opsPerSec: 8_000 }, ceiling);
  assert.equal(kept.clientBound, false);
  assert.match(kept.clientBoundEvidence ?? '', /^workers peaked.*reached 40% of/);
});

test('a run already flagged by telemetry keeps both pieces of evidence', () => {
  const both = applyCeiling(
    { ...base, clientBound: true, clientBoundEvidence: 'worker 1 was busy' },
    ceiling,
  );
  assert.equal(both.clientBound, true);
  assert.match(both.clientBoundEvidence ?? '', /^worker 1 was busy The run reached 95%/);
});
