// Stored runs with chosen figures (ops/s, p99, errors, status), written through the store the way the
// engine writes them, for baseline comparisons in the CLI and the GUI.
import {
  createHistogram,
  encodeHistogram,
  recordLatencyUs,
} from '../../src/core/loadgen/histogram.ts';
import { openDatabase } from '../../src/core/store/database.ts';
import { RunsRepo } from '../../src/core/store/runsRepo.ts';
import { READ_RANDOM } from '../../src/core/workload/builtin.ts';
import { syntheticEnvironment } from './syntheticRun.ts';
import type { LabKind } from '../../src/shared/labTypes.ts';
import type { RunConfig, RunEnvironment, RunStatus, RunSummary } from '../../src/shared/types.ts';

/** One run to store: its id, setting and figures. */
export interface StoredRunSpec {
  id: string;
  opsPerSec: number;
  p99Us: number;
  /** Default 8: a different count is a different setting. */
  connections?: number;
  /** Failed operations of the measured phase (default 0). */
  errors?: number;
  /** Default completed; other statuses do not count in comparisons. */
  status?: RunStatus;
  /** Directory size (default 10,000): a different size is a different setting. */
  entries?: number;
  /** The lab server and what its root DSE says (default an OpenLDAP 2.5.13 lab with no vendor). */
  server?: { lab: LabKind; vendorName: string | null; vendorVersion: string };
  /** The workload's name (default read-random; its operations stay read-random's). */
  workload?: string;
}

const MEASURED_S = 4;

function environment(spec: StoredRunSpec): RunEnvironment {
  const base = syntheticEnvironment({
    indexProfile: 'salford-indexed (objectClass eq; cn eq,sub,pres)',
    indexProfileName: 'salford-indexed',
    serverVersion: '2.5.13',
    entries: spec.entries ?? 10_000,
    ...(spec.server ? { kind: spec.server.lab, serverVersion: spec.server.vendorVersion } : {}),
  });
  if (!spec.server) return base;
  const { vendorName, vendorVersion } = spec.server;
  const rootDse = {
    vendorName,
    vendorVersion,
    namingContexts: ['o=Salford,c=gb'],
    supportedLDAPVersion: ['3'],
    supportedControl: [],
    supportedExtension: [],
    supportedSASLMechanisms: [],
  };
  return { ...base, rootDse };
}

function config(spec: StoredRunSpec): RunConfig {
  return {
    targetId: 'tgt_synthetic',
    workload: spec.workload ?? 'read-random',
    workloadSpec: READ_RANDOM,
    connections: spec.connections ?? 8,
    depth: 1,
    warmupS: 1,
    durationS: MEASURED_S,
    workers: 1,
    tcpNoDelay: true,
    seed: 1,
    targetName: 'OpenLDAP lab (synthetic)',
    url: 'ldap://127.0.0.1:38900',
    startTls: false,
    bindDn: 'cn=admin,o=Salford,c=gb',
    baseDn: 'o=Salford,c=gb',
    entries: spec.entries ?? 10_000,
    loadModel: 'closed',
    connectionPolicy: { kind: 'persistent' },
    targetOpsPerSec: null,
    rateProfile: null,
    cooldownS: 0,
  };
}

/** A histogram whose p99 is about `p99Us` (99 values at a fifth of it, one at it). */
function histogramNear(p99Us: number): string {
  const histogram = createHistogram(64);
  for (let i = 0; i < 99; i++) recordLatencyUs(histogram, Math.round(p99Us / 5));
  recordLatencyUs(histogram, p99Us);
  return encodeHistogram(histogram);
}

/** Writes `specs` as finished runs (warm-up 1 s, 4 measured seconds each) into the database at `dbFile`. */
export function storeRuns(dbFile: string, specs: readonly StoredRunSpec[]): void {
  const db = openDatabase(dbFile);
  try {
    const runs = new RunsRepo(db);
    for (const spec of specs) {
      runs.create(spec.id, config(spec), environment(spec));
      const errors = spec.errors ?? 0;
      const latencyUs = {
        p50: Math.round(spec.p99Us / 5),
        p90: Math.round(spec.p99Us / 2),
        p99: spec.p99Us,
        p999: spec.p99Us * 2,
        max: spec.p99Us * 4,
        mean: Math.round(spec.p99Us / 4),
      };
      const histogram = histogramNear(spec.p99Us);
      for (let second = 0; second <= MEASURED_S; second++) {
        runs.appendSample(
          spec.id,
          {
            second,
            phase: second === 0 ? 'warmup' : 'measured',
            intervalMs: 1000,
            ops: Math.round(spec.opsPerSec),
            errors: second === 0 ? 0 : Math.round(errors / MEASURED_S),
            errorsByCode: {},
            entries: Math.round(spec.opsPerSec),
            latencyUs,
          },
          histogram,
        );
      }
      const status = spec.status ?? 'completed';
      const summary: RunSummary = {
        opsPerSec: spec.opsPerSec,
        ops: Math.round(spec.opsPerSec * MEASURED_S),
        errors,
        errorsByCode: errors > 0 ? { busy: errors } : {},
        entriesPerOp: 1,
        measuredS: MEASURED_S,
        latencyUs,
        model: 'closed',
      };
      // An interrupted run (its process died) has no summary; a failed or stopped one keeps its figures.
      const kept = status === 'interrupted' ? null : summary;
      runs.finish(
        spec.id,
        status,
        status === 'completed' ? 'completed' : `ended ${status}`,
        kept,
        histogram,
      );
    }
  } finally {
    db.close();
  }
}
