// Seeds a database with many realistic stored runs (the rows DirBench itself writes) for the
// history benchmark: several targets, vendors, workloads, sizes, statuses and tags, each run with
// a few per-second samples carrying real encoded histograms.
import {
  createHistogram,
  encodeHistogram,
  recordLatencyUs,
} from '../../src/core/loadgen/histogram.ts';
import type { Db } from '../../src/core/store/database.ts';
import { RunsRepo } from '../../src/core/store/runsRepo.ts';
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
/** Seconds stored per run: warm-up 1, measured 4. */
const SECONDS = 5;

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

/** A handful of encoded histograms reused across seconds (encoding 50,000 of them would be the slow part). */
function histograms(r: () => number): string[] {
  return Array.from({ length: 8 }, () => {
    const h = createHistogram(64);
    for (let i = 0; i < 2000; i++)
      recordLatencyUs(h, Math.round(150 + r() * 900 + (r() < 0.01 ? 20_000 : 0)));
    return encodeHistogram(h);
  });
}

/** Writes `count` finished runs with samples and tags in one transaction, started over the last year. */
export function seedRuns(db: Db, count: number, seed = 7): void {
  const runs = new RunsRepo(db);
  const r = random(seed);
  const encoded = histograms(r);
  const tagInsert = db.prepare('INSERT INTO run_tags (run_id, tag) VALUES (?, ?)');
  const setStart = db.prepare('UPDATE runs SET started_at = ?, ended_at = ? WHERE id = ?');
  const yearMs = 365 * 24 * 3600 * 1000;
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = `run-${String(i).padStart(8, '0')}`;
      const server = pick(SERVERS, r);
      const entries = pick(SIZES, r);
      const connections = pick([1, 8, 16, 32, 64], r);
      const config: RunConfig = {
        targetId: `tgt-${server.target}`,
        workload: pick(WORKLOADS, r),
        workloadSpec: READ_RANDOM,
        connections,
        depth: pick([1, 2, 4], r),
        warmupS: 1,
        durationS: SECONDS - 1,
        workers: 1,
        tcpNoDelay: true,
        seed: 1,
        targetName: server.target,
        url: 'ldap://127.0.0.1:38900',
        startTls: false,
        bindDn: 'cn=admin,c=gb',
        baseDn: 'o=Salford,c=gb',
        entries,
        loadModel: 'closed',
        connectionPolicy: { kind: 'persistent' },
        targetOpsPerSec: null,
        rateProfile: null,
        cooldownS: 0,
      };
      runs.create(id, config, environment(server, entries));
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
      for (let second = 0; second < SECONDS; second++) {
        const sample: RunSample = {
          second,
          phase: second === 0 ? 'warmup' : 'measured',
          intervalMs: 1000,
          ops: opsPerSec,
          errors: 0,
          errorsByCode: {},
          entries: opsPerSec,
          latencyUs,
          workers: [
            {
              worker: 1,
              cpuPercent: 60,
              eventLoopUtilization: 0.5,
              eventLoopDelayP99Us: 900,
              outstanding: connections,
            },
          ],
        };
        runs.appendSample(id, sample, pick(encoded, r));
      }
      const status = pick(STATUSES, r);
      const summary: RunSummary = {
        opsPerSec,
        ops: opsPerSec * (SECONDS - 1),
        errors: 0,
        errorsByCode: {},
        entriesPerOp: 1,
        measuredS: SECONDS - 1,
        latencyUs,
        model: 'closed',
        clientBound: false,
      };
      runs.finish(
        id,
        status,
        status === 'completed' ? null : `ended ${status}`,
        summary,
        pick(encoded, r),
      );
      const startedMs = now - Math.floor(r() * yearMs);
      setStart.run(
        new Date(startedMs).toISOString(),
        new Date(startedMs + SECONDS * 1000).toISOString(),
        id,
      );
      for (const tag of TAGS) if (r() < 0.15) tagInsert.run(id, tag);
    }
  })();
}
