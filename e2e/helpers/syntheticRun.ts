// Stored runs built in memory, for checking how the detail page draws data the engine may not fill yet.
import type {
  LatencySummary,
  OperationSample,
  OperationSummary,
  RunConfig,
  RunDetail,
  RunPhase,
  RunSample,
} from '../../src/shared/types.ts';
import type { WorkloadSpec } from '../../src/shared/workload.ts';
import { READ_RANDOM } from '../../src/core/workload/builtin.ts';

const WARMUP_S = 2;
const DURATION_S = 10;
const COOLDOWN_S = 2;

function latency(p50Us: number, p99Us: number): LatencySummary {
  return {
    p50: p50Us,
    p90: Math.round((p50Us + p99Us) / 2),
    p99: p99Us,
    p999: p99Us * 2,
    max: p99Us * 4,
    mean: Math.round(p50Us * 1.1),
  };
}

function phaseOf(second: number): RunPhase {
  if (second < WARMUP_S) return 'warmup';
  return second < WARMUP_S + DURATION_S ? 'measured' : 'cooldown';
}

/** One second of an open-model, per-op run at 2,000 ops/s with two workers and a lab server. */
function openSample(second: number): RunSample {
  const ramp = Math.min(1, (second + 1) / 4);
  const ops = Math.round(2000 * ramp * (0.98 + 0.02 * Math.sin(second)));
  const late = second < 3 ? 400 - second * 120 : second % 5 === 0 ? 6 : 0;
  return {
    second,
    phase: phaseOf(second),
    intervalMs: 1000,
    ops,
    errors: 0,
    errorsByCode: {},
    entries: ops,
    latencyUs: latency(450 + second * 3, 1900 + (second % 4) * 150),
    intendedLatencyUs: latency(520 + second * 3, 2600 + (second < 3 ? 9000 - second * 3000 : 0)),
    scheduledOps: 2000,
    behindSchedule: late,
    bytesSent: ops * 96,
    bytesReceived: ops * 1480,
    connectionsOpened: ops,
    connectionsClosed: ops,
    reconnects: second === 7 ? 2 : 0,
    phaseLatencyUs: {
      connect: latency(120, 380),
      bind: latency(210, 640 + (second % 3) * 40),
      op: latency(180, 520),
      unbind: latency(40, 110),
    },
    workers: [1, 2].map((worker) => ({
      worker,
      cpuPercent: 88 + worker * 3 + (second % 3),
      eventLoopUtilization: 0.9 + worker * 0.02,
      eventLoopDelayP99Us: 12_000,
      outstanding: 6,
      gcPauseMs: 18 + worker * 4 + (second % 5) * 3,
      gcCount: 40 + worker,
      majorGcCount: second % 4 === 0 ? 1 : 0,
    })),
    server: { cpuPercent: 140 + (second % 4) * 6, rssMb: 212 + second * 0.8 },
  };
}

const baseConfig: RunConfig = {
  targetId: 'tgt_synthetic',
  workload: 'read-random',
  workloadSpec: READ_RANDOM,
  connections: 8,
  depth: 2,
  warmupS: WARMUP_S,
  durationS: DURATION_S,
  workers: 2,
  tcpNoDelay: true,
  seed: 1,
  targetName: 'OpenLDAP lab (synthetic)',
  url: 'ldap://127.0.0.1:38900',
  startTls: false,
  bindDn: 'cn=admin,o=Salford,c=gb',
  baseDn: 'o=Salford,c=gb',
  entries: 10_000,
  loadModel: 'open',
  connectionPolicy: { kind: 'per-op' },
  targetOpsPerSec: 2000,
  rateProfile: null,
  cooldownS: COOLDOWN_S,
};

/** The client and lab of a synthetic run: a 4-core test machine and a 10,000-entry OpenLDAP lab. */
export function syntheticEnvironment(
  lab: Partial<NonNullable<RunDetail['environment']['lab']>> = {},
): RunDetail['environment'] {
  return {
    dirbenchVersion: '0.1.0',
    dirbenchCommit: null,
    hostname: 'synthetic',
    cpuModel: 'Test CPU',
    cpuCores: 4,
    totalMemoryMb: 8192,
    os: 'linux',
    node: 'v24',
    rootDse: null,
    lab: { kind: 'openldap', entries: 10_000, seed: 1, indexProfile: 'default', ...lab },
  };
}

const environment = syntheticEnvironment();

/** A completed open-model, per-op run whose every optional field is filled; flagged client-bound. */
export function syntheticOpenRun(): RunDetail {
  const samples = Array.from({ length: WARMUP_S + DURATION_S + COOLDOWN_S }, (_, i) =>
    openSample(i),
  );
  return {
    id: 'run_synthetic_open',
    status: 'completed',
    endReason: 'completed',
    config: baseConfig,
    environment,
    samples,
    summary: {
      opsPerSec: 1986.4,
      ops: 19_864,
      errors: 0,
      errorsByCode: {},
      entriesPerOp: 1,
      measuredS: DURATION_S,
      latencyUs: latency(470, 2100),
      model: 'open',
      targetOpsPerSec: 2000,
      behindSchedule: 12,
      intendedLatencyUs: latency(540, 2900),
      clientBound: true,
      clientBoundEvidence:
        'worker 2 ran at 97% CPU with event-loop utilisation 0.94 for 8 of 10 measured seconds.',
      timeToFullSpeedS: 3,
      connectionsOpened: 19_864,
      reconnects: 2,
    },
    startedAt: '2026-11-22T05:00:00.000Z',
    endedAt: '2026-11-22T05:00:14.000Z',
  };
}

/** A closed-model run stored before the load-engine contract: no optional sample or summary fields. */
export function syntheticLegacyRun(): RunDetail {
  const {
    loadModel: _m,
    connectionPolicy: _p,
    targetOpsPerSec: _t,
    rateProfile: _r,
    cooldownS: _c,
    ...legacyConfig
  } = baseConfig;
  const samples: RunSample[] = Array.from({ length: WARMUP_S + DURATION_S }, (_, second) => ({
    second,
    phase: phaseOf(second),
    intervalMs: 1000,
    ops: 9000 + second * 100,
    errors: 0,
    errorsByCode: {},
    entries: 9000 + second * 100,
    latencyUs: latency(900, 3000),
  }));
  return {
    id: 'run_synthetic_legacy',
    status: 'completed',
    endReason: null,
    config: legacyConfig as RunConfig,
    environment,
    samples,
    summary: {
      opsPerSec: 9650,
      ops: 96_500,
      errors: 0,
      errorsByCode: {},
      entriesPerOp: 1,
      measuredS: DURATION_S,
      latencyUs: latency(900, 3000),
    },
    startedAt: '2026-11-22T04:00:00.000Z',
    endedAt: '2026-11-22T04:00:12.000Z',
  };
}

/** A two-label mix as a catalog would define it (search 80%, modify 20%). */
export const SYNTHETIC_MIX_SPEC: WorkloadSpec = {
  id: 'synthetic/mix',
  title: 'Search and modify mix',
  description: 'Reads and modifies random existing people.',
  source: 'Synthetic, for UI tests',
  operations: [
    {
      label: 'search',
      weight: 80,
      operation: {
        kind: 'search',
        base: '[entry:parent]',
        scope: 'one',
        filter: '(cn=[entry:cn])',
        attributes: [],
      },
    },
    {
      label: 'modify',
      weight: 20,
      operation: {
        kind: 'modify',
        entryDn: '[entry:dn]',
        changes: [{ operation: 'replace', attribute: 'description', values: ['[random:8]'] }],
      },
    },
  ],
  expects: { shape: 'salford', indexProfile: 'salford-indexed', minEntries: 10_000 },
  concurrency: { connections: 10, depth: 1 },
};

function mixSample(second: number): RunSample {
  const search = 4000 + (second % 3) * 50;
  const modify = 1000 + (second % 2) * 20;
  const errors = second === 6 ? 3 : 0;
  const operations: Record<string, OperationSample> = {
    search: {
      ops: search,
      errors: 0,
      errorsByCode: {},
      entries: search,
      latencyUs: latency(600, 2200),
    },
    modify: {
      ops: modify,
      errors,
      errorsByCode: errors ? { busy: errors } : {},
      entries: 0,
      latencyUs: latency(1500, 5200),
    },
  };
  return {
    second,
    phase: phaseOf(second),
    intervalMs: 1000,
    ops: search + modify,
    errors,
    errorsByCode: errors ? { busy: errors } : {},
    entries: search,
    latencyUs: latency(700, 4200),
    operations,
  };
}

/** A completed closed-model mix run with per-operation samples and summary, and entries left behind. */
export function syntheticMixRun(left = 0): RunDetail {
  const samples = Array.from({ length: WARMUP_S + DURATION_S }, (_, i) => mixSample(i));
  const op = (ops: number, errors: number, p50: number, p99: number): OperationSummary => ({
    opsPerSec: ops / DURATION_S,
    ops,
    errors,
    errorsByCode: errors ? { busy: errors } : {},
    entriesPerOp: p50 === 600 ? 1 : 0,
    latencyUs: latency(p50, p99),
  });
  return {
    id: 'run_synthetic_mix',
    status: 'completed',
    endReason: 'completed',
    config: {
      ...baseConfig,
      workload: SYNTHETIC_MIX_SPEC.id,
      workloadSpec: SYNTHETIC_MIX_SPEC,
      loadModel: 'closed',
      connectionPolicy: { kind: 'persistent' },
      targetOpsPerSec: null,
      cooldownS: 0,
    },
    environment,
    samples,
    summary: {
      opsPerSec: 5035,
      ops: 50_350,
      errors: 3,
      errorsByCode: { busy: 3 },
      entriesPerOp: 0.8,
      measuredS: DURATION_S,
      latencyUs: latency(700, 4200),
      operations: { search: op(40_250, 0, 600, 2200), modify: op(10_100, 3, 1500, 5200) },
      ownEntries: { poolAdded: 0, removed: 0, left },
    },
    startedAt: '2026-11-22T06:00:00.000Z',
    endedAt: '2026-11-22T06:00:12.000Z',
  };
}

/**
 * The mix run against a lab whose monitor was read: the server's counts by kind beside the
 * client's (a few more searches and modifies completing at the edges, each connection's bind and
 * unbind, and the deletes that removed what the run added).
 */
export function syntheticCrossCheckRun(): RunDetail {
  const run = syntheticMixRun();
  const all = (label: string) =>
    run.samples.reduce(
      (n, s) => n + (s.operations?.[label]?.ops ?? 0) + (s.operations?.[label]?.errors ?? 0),
      0,
    );
  const clientOps = run.samples.reduce((n, s) => n + s.ops, 0);
  return {
    ...run,
    id: 'run_synthetic_cross_check',
    summary: run.summary && {
      ...run.summary,
      ownEntries: { poolAdded: 0, removed: 40, left: 0 },
      serverOperations: {
        search: all('search') + 14,
        modify: all('modify') + 3,
        bind: 10,
        unbind: 10,
        delete: 40,
      },
      clientOperationsAllPhases: clientOps,
    },
  };
}
