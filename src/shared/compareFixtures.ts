// Compared runs for tests of the series, tables and chart builders (test support, not shipped logic).
import type { CompareRun } from './compare.ts';

/** A completed OpenLDAP run with plausible figures; `overrides` set the axes under test. */
export function compareRunFixture(overrides: Partial<CompareRun> = {}): CompareRun {
  const opsPerSec = overrides.opsPerSec ?? 1000;
  return {
    id: 'run-1',
    source: 'dirbench',
    status: 'completed',
    startedAt: '2025-01-01T00:00:00.000Z',
    targetName: 'lab openldap',
    serverVendor: 'OpenLDAP',
    serverVersion: '2.5.13',
    labKind: 'openldap',
    indexProfile: 'salford-indexed',
    workload: 'salford/S.3',
    entries: 10_000,
    connections: 8,
    depth: 1,
    policy: 'persistent',
    loadModel: 'closed',
    campaignId: null,
    repeat: null,
    opsPerSec,
    latencyUs: { p50: 400, p90: 800, p99: 1500, p999: 3000, max: 9000, mean: 500 },
    ops: opsPerSec * 10,
    errors: 0,
    timeToFullSpeedS: 1,
    seconds: [0, 1, 2, 3].map((second) => ({
      second,
      phase: second === 0 ? 'warmup' : 'measured',
      opsPerSec: second === 0 ? opsPerSec / 2 : opsPerSec,
      p50Us: 400,
      p99Us: 1500,
    })),
    percentiles: [
      { percentile: 0, latencyUs: 100 },
      { percentile: 50, latencyUs: 400 },
      { percentile: 90, latencyUs: 800 },
      { percentile: 99, latencyUs: 1500 },
      { percentile: 99.9, latencyUs: 3000 },
    ],
    ...overrides,
  };
}
