// Seeds a database with many realistic stored runs (the rows DirBench itself writes) for the
// history benchmark: several targets, vendors, workloads, sizes, statuses, sources, campaigns,
// notes and tags, every run with one stored row per second carrying a real encoded histogram, plus
// 21 runs of 600 s (one for run detail, twenty for a comparison). Bulk inserts into the store's
// own schema in one transaction: writing through RunsRepo (a statement and an end note per call)
// would take far longer than the queries it is there to measure.
import {
  createHistogram,
  encodeHistogram,
  recordLatencyUs,
} from '../../src/core/loadgen/histogram.ts';
import type { Db } from '../../src/core/store/database.ts';
import { serverOf } from '../../src/core/store/historyWrites.ts';
import { SAMPLE_INSERT_COLUMNS, sampleValues } from '../../src/core/store/runRows.ts';
import { READ_RANDOM } from '../../src/core/workload/builtin.ts';
import type { LabKind } from '../../src/shared/labTypes.ts';
import type { RootDseInfo } from '../../src/shared/targetTypes.ts';
import type {
  RunConfig,
  RunEnvironment,
  RunSample,
  RunStatus,
  RunSummary,
} from '../../src/shared/types.ts';

interface Server {
  target: string;
  kind: LabKind | null;
  vendor: string | null;
  version: string;
}

const SERVERS: readonly Server[] = [
  { target: 'OpenLDAP lab', kind: 'openldap', vendor: null, version: 'OpenLDAP 2.5.13' },
  { target: '389 DS lab', kind: '389ds', vendor: '389 Project', version: '389-Directory/2.3.4' },
  { target: 'OpenDJ lab', kind: 'opendj', vendor: 'OpenDJ', version: '4.9.4' },
  { target: 'dir1.example.com', kind: null, vendor: 'Example Corp', version: '11.2' },
  { target: 'dir2.example.com', kind: null, vendor: 'Example Corp', version: '12.0' },
];
/** A target only one run in a thousand measured: the filter that finds few rows. */
export const RARE_TARGET: Server = {
  target: 'legacy.example.com',
  kind: null,
  vendor: 'Legacy Inc',
  version: '5.2',
};
const WORKLOADS = [
  'read-random',
  'salford/S.1',
  'salford/S.3',
  'salford/X.1',
  'mvault/T1',
  'unboundid/search',
];
const SIZES = [10_000, 100_000, 1_000_000, 10_000_000];
const TAGS = ['baseline', 'nightly', 'indexed', 'unindexed', 'tuned', 'paper', 'regression'];
const STATUSES: readonly RunStatus[] = [
  'completed',
  'completed',
  'completed',
  'completed',
  'stopped',
  'failed',
  'interrupted',
];
/** Measured seconds of the bulk of the runs (short nightly cells, some longer ones); 1 s warm-up each. */
const DURATIONS_S = [10, 10, 10, 20, 20, 30, 60, 60, 120];
/** Seconds stored by each long run (10 of warm-up, 590 measured). */
export const LONG_RUN_S = 600;
/** Runs in each seeded campaign, cell by cell. */
const CAMPAIGN_CELLS = 24;

/** The 21 runs of 600 s: the first for run detail, the others for a comparison. */
const LONG_IDS = Array.from({ length: 21 }, (_, i) => `run-long-${String(i).padStart(2, '0')}`);

/** What the benchmark needs to know about a seeded store. */
export interface SeededStore {
  runs: number;
  samples: number;
  /** A run with 600 stored seconds. */
  longRunId: string;
  /** Twenty other runs of 600 s, for a comparison. */
  compareRunIds: string[];
  /** A campaign some runs belong to. */
  campaignId: string;
}

function rootDse(server: Server): RootDseInfo | null {
  if (server.kind === 'openldap') return null;
  return {
    vendorName: server.vendor,
    vendorVersion: server.version,
    namingContexts: ['c=gb'],
    supportedLDAPVersion: ['3'],
    // Real servers list dozens of OIDs; rows should be as big as real ones.
    supportedControl: Array.from({ length: 30 }, (_, i) => `1.3.6.1.4.1.42.2.27.8.5.${i}`),
    supportedExtension: Array.from({ length: 12 }, (_, i) => `1.3.6.1.4.1.4203.1.11.${i}`),
    supportedSASLMechanisms: ['PLAIN', 'EXTERNAL'],
  };
}

function environment(server: Server, entries: number): RunEnvironment {
  return {
    dirbenchVersion: '0.1.0',
    dirbenchCommit: 'c0ffee0',
    hostname: 'bench-client',
    cpuModel: 'AMD EPYC 7B13',
    cpuCores: 2,
    totalMemoryMb: 7940,
    os: 'Linux 6.1.0 x64',
    node: 'v24.9.0',
    rootDse: rootDse(server),
    lab: server.kind
      ? {
          kind: server.kind,
          entries,
          seed: 1,
          indexProfile: 'salford-indexed (objectClass eq; cn eq,sub,pres)',
          indexProfileName: 'salford-indexed',
          shape: 'salford',
          loadMethod: 'offline',
          serverVersion: server.version,
        }
      : null,
  };
}

/** A small pseudo-random generator so every seed gives the same database. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(list: readonly T[], r: () => number): T {
  return list[Math.floor(r() * list.length)] as T;
}

/** A handful of histograms reused across seconds (encoding millions of them would be the slow part). */
function histograms(r: () => number): Buffer[] {
  return Array.from({ length: 8 }, () => {
    const h = createHistogram(64);
    for (let i = 0; i < 2000; i++)
      recordLatencyUs(h, Math.round(150 + r() * 900 + (r() < 0.01 ? 20_000 : 0)));
    return Buffer.from(encodeHistogram(h), 'base64');
  });
}

/** One run's shape: what it measured, against what, for how long, and how it ended. */
interface Plan {
  id: string;
  server: Server;
  entries: number;
  connections: number;
  depth: number;
  workload: string;
  measuredS: number;
  warmupS: number;
  startedMs: number;
  status: RunStatus;
  source: 'dirbench' | 'searchrate-csv' | 'opendj-csv';
  campaign: { id: string; cell: number } | null;
  notes: string | null;
}

function config(plan: Plan): RunConfig {
  return {
    targetId: `tgt-${plan.server.target}`,
    workload: plan.workload,
    workloadSpec: READ_RANDOM,
    connections: plan.connections,
    depth: plan.depth,
    warmupS: plan.warmupS,
    durationS: plan.measuredS,
    workers: 1,
    tcpNoDelay: true,
    seed: 1,
    targetName: plan.server.target,
    url: 'ldap://127.0.0.1:38900',
    startTls: false,
    bindDn: 'cn=admin,c=gb',
    baseDn: 'o=Salford,c=gb',
    entries: plan.entries,
    loadModel: 'closed',
    connectionPolicy: { kind: 'persistent' },
    targetOpsPerSec: null,
    rateProfile: null,
    cooldownS: 0,
  };
}

const RUN_COLUMNS = `id, target_id, target_name, workload, entries, connections, depth, status, end_reason,
  config_json, environment_json, summary_json, ops_per_sec, p99_us, histogram, started_at, ended_at,
  campaign_id, cell_index, source, notes, server_vendor, server_version, thresholds_breached`;

/** Prepared inserts: a whole finished run, one second, one tag. */
function statements(db: Db) {
  return {
    run: db.prepare(
      `INSERT INTO runs (${RUN_COLUMNS}) VALUES (${RUN_COLUMNS.replace(/\w+/g, '?')})`,
    ),
    sample: db.prepare(
      `INSERT INTO run_samples (${SAMPLE_INSERT_COLUMNS}, histogram, detail_json)
       VALUES (${`${SAMPLE_INSERT_COLUMNS}, h, d`.replace(/\w+/g, '?')})`,
    ),
    tag: db.prepare('INSERT INTO run_tags (run_id, tag) VALUES (?, ?)'),
  };
}

type Statements = ReturnType<typeof statements>;

/** Writes one finished run, its seconds and its tags; answers the seconds stored. */
function writeRun(s: Statements, plan: Plan, encoded: Buffer[], r: () => number): number {
  const opsPerSec = Math.round(2000 + r() * 20_000);
  // Latency falls as throughput rises across servers: a rough but plausible spread.
  const p50 = Math.round(120 + (24_000 - opsPerSec) / 40 + r() * 80);
  const latencyUs = {
    p50,
    p90: p50 * 2,
    p99: p50 * 4 + Math.round(r() * 900),
    p999: p50 * 12,
    max: p50 * 40,
    mean: Math.round(p50 * 1.2),
  };
  const summary: RunSummary = {
    opsPerSec,
    ops: opsPerSec * plan.measuredS,
    errors: 0,
    errorsByCode: {},
    entriesPerOp: 1,
    measuredS: plan.measuredS,
    latencyUs,
    model: 'closed',
    clientBound: false,
  };
  const env = environment(plan.server, plan.entries);
  const server = serverOf(env);
  const storedS = plan.warmupS + plan.measuredS;
  s.run.run(
    plan.id,
    `tgt-${plan.server.target}`,
    plan.server.target,
    plan.workload,
    plan.entries,
    plan.connections,
    plan.depth,
    plan.status,
    plan.status === 'completed' ? null : `ended ${plan.status}`,
    JSON.stringify(config(plan)),
    JSON.stringify(env),
    JSON.stringify(summary),
    opsPerSec,
    latencyUs.p99,
    pick(encoded, r),
    new Date(plan.startedMs).toISOString(),
    new Date(plan.startedMs + storedS * 1000).toISOString(),
    plan.campaign?.id ?? null,
    plan.campaign?.cell ?? null,
    plan.source,
    plan.notes,
    server.vendor,
    server.version,
    r() < 0.2 ? Math.floor(r() * 3) : null,
  );
  const detail = JSON.stringify({
    workers: [
      {
        worker: 1,
        cpuPercent: 60,
        eventLoopUtilization: 0.5,
        eventLoopDelayP99Us: 900,
        outstanding: plan.connections,
      },
    ],
  });
  for (let second = 0; second < storedS; second++) {
    const sample: RunSample = {
      second,
      phase: second < plan.warmupS ? 'warmup' : 'measured',
      intervalMs: 1000,
      ops: opsPerSec,
      errors: 0,
      errorsByCode: {},
      entries: opsPerSec,
      latencyUs,
    };
    s.sample.run(...sampleValues(plan.id, sample), pick(encoded, r), detail);
  }
  for (const tag of TAGS) if (r() < 0.15) s.tag.run(plan.id, tag);
  return storedS;
}

/** The i-th bulk run's plan: started over the last year, a quarter of them in campaigns. */
function bulkPlan(i: number, r: () => number, now: number): Plan {
  const block = Math.floor(i / CAMPAIGN_CELLS);
  const roll = r();
  return {
    id: `run-${String(i).padStart(8, '0')}`,
    server: r() < 0.001 ? RARE_TARGET : pick(SERVERS, r),
    entries: pick(SIZES, r),
    connections: pick([1, 8, 16, 32, 64], r),
    depth: pick([1, 2, 4], r),
    workload: pick(WORKLOADS, r),
    measuredS: pick(DURATIONS_S, r),
    warmupS: 1,
    startedMs: now - Math.floor(r() * 365 * 24 * 3600 * 1000),
    status: pick(STATUSES, r),
    source: roll < 0.03 ? 'searchrate-csv' : roll < 0.05 ? 'opendj-csv' : 'dirbench',
    campaign: block % 4 === 0 ? { id: `cmp-${block}`, cell: i % CAMPAIGN_CELLS } : null,
    notes: r() < 0.05 ? pick(['regression after the upgrade', 'cold cache', 'rerun'], r) : null,
  };
}

/**
 * Writes `count` finished runs in one transaction; with `longRuns`, 21 runs of 600 s more (the
 * history bench's run detail and compare), so a UI test seeding N runs sees N rows.
 */
export function seedRuns(
  db: Db,
  count: number,
  seed = 7,
  { longRuns = false }: { longRuns?: boolean } = {},
): SeededStore {
  const r = random(seed);
  const encoded = histograms(r);
  const s = statements(db);
  const now = Date.now();
  let samples = 0;
  db.transaction(() => {
    for (let i = 0; i < count; i++) samples += writeRun(s, bulkPlan(i, r, now), encoded, r);
    (longRuns ? LONG_IDS : []).forEach((id, i) => {
      const plan: Plan = {
        ...bulkPlan(i, r, now),
        id,
        warmupS: 10,
        measuredS: LONG_RUN_S - 10,
        status: 'completed',
        source: 'dirbench',
      };
      samples += writeRun(s, plan, encoded, r);
    });
  })();
  return { ...seededStore(db), samples };
}

/** What a store seeded earlier holds (ids are fixed, so a seeded file can be reused). */
export function seededStore(db: Db): SeededStore {
  const count = (n: string) =>
    (db.prepare(`SELECT count(*) AS n FROM ${n}`).get() as { n: number }).n;
  return {
    runs: count('runs'),
    samples: count('run_samples'),
    longRunId: LONG_IDS[0] as string,
    compareRunIds: LONG_IDS.slice(1),
    campaignId: 'cmp-4',
  };
}
