// Stored runs with real per-second HDR histograms, for tests of the compare queries and exports.
import type { Db } from '../store/database.ts';
import { openDatabase } from '../store/database.ts';
import {
  createHistogram,
  encodeHistogram,
  mergeInto,
  recordLatencyUs,
  summarize,
} from '../loadgen/histogram.ts';

/** What a seeded run looks like. */
export interface SeededRun {
  id: string;
  entries: number;
  /** Ops in each of the run's seconds (the first is warm-up). */
  opsBySecond: number[];
  /** Root DSE vendorName (default OpenLDAP) and vendorVersion (default 2.5.13). */
  serverVendor?: string;
  serverVersion?: string;
  /** Workload id (default salford/S.3). */
  workload?: string;
  /** The lab's kind (default openldap) and what it read as its version. */
  labKind?: string;
  labServerVersion?: string;
  /** Index profile name (default salford-indexed). */
  indexProfile?: string;
  /** Default `lab ID`. */
  targetName?: string;
  status?: 'completed' | 'failed';
  campaignId?: string;
  repeat?: number;
  /** The run's cell in its campaign (default its repeat), and what the cell says beside its repeat. */
  cellIndex?: number;
  cell?: Record<string, unknown>;
}

/** A fresh in-memory database with the schema. */
export function memoryDb(): Db {
  return openDatabase(':memory:');
}

/** Stores a run with one histogram per second (latencies 100 us + i) and a merged summary. */
export function seedRun(db: Db, run: SeededRun): void {
  const total = createHistogram(64);
  const startedAt = '2025-03-01T10:00:00.000Z';
  const workload = run.workload ?? 'salford/S.3';
  const cellIndex = run.cellIndex ?? run.repeat ?? 0;
  const profile = run.indexProfile ?? 'salford-indexed';
  const serverVendor = run.serverVendor ?? 'OpenLDAP';
  const serverVersion = run.serverVersion ?? '2.5.13';
  const config = {
    workload,
    targetName: run.targetName ?? `lab ${run.id}`,
    connections: 4,
    depth: 1,
    warmupS: 1,
    durationS: run.opsBySecond.length - 1,
    loadModel: 'closed',
    connectionPolicy: { kind: 'persistent' },
    bindDn: 'cn=admin,c=gb',
    // Must never reach an export, even if a run's configuration ever holds one.
    password: 'secret-should-not-leak',
  };
  const environment = {
    hostname: 'bench-1',
    cpuModel: 'Test CPU',
    cpuCores: 2,
    rootDse: { vendorName: serverVendor, vendorVersion: serverVersion, namingContexts: ['c=gb'] },
    lab: {
      kind: run.labKind ?? 'openldap',
      entries: run.entries,
      seed: 1,
      indexProfile: `${profile} (cn eq)`,
      indexProfileName: profile,
      serverVersion: run.labServerVersion ?? null,
    },
  };
  if (run.campaignId) {
    db.prepare(
      `INSERT OR IGNORE INTO campaigns (id, name, spec_json, status, created_at) VALUES (?, ?, '{}', 'completed', ?)`,
    ).run(run.campaignId, `campaign ${run.campaignId}`, startedAt);
    db.prepare(
      `INSERT INTO campaign_cells (campaign_id, cell_index, cell_json, status, run_id) VALUES (?, ?, ?, 'done', ?)`,
    ).run(
      run.campaignId,
      cellIndex,
      JSON.stringify({ ...run.cell, repeat: run.repeat ?? 1 }),
      run.id,
    );
  }
  const samples = db.prepare(
    `INSERT INTO run_samples (run_id, second, phase, interval_ms, ops, errors, errors_json, entries, p50_us,
       p90_us, p99_us, p999_us, max_us, mean_us, histogram) VALUES (?, ?, ?, 1000, ?, 0, '{}', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const measured = run.opsBySecond.slice(1);
  const opsPerSec = measured.reduce((a, b) => a + b, 0) / Math.max(1, measured.length);
  db.prepare(
    `INSERT INTO runs (id, target_name, workload, entries, connections, depth, status, config_json, environment_json,
       started_at, campaign_id, cell_index, server_vendor, server_version) VALUES (?, ?, ?, ?, 4, 1, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    run.id,
    config.targetName,
    workload,
    run.entries,
    run.status ?? 'completed',
    JSON.stringify(config),
    JSON.stringify(environment),
    startedAt,
    run.campaignId ?? null,
    run.campaignId ? cellIndex : null,
    serverVendor,
    serverVersion,
  );
  run.opsBySecond.forEach((ops, second) => {
    const histogram = createHistogram();
    for (let i = 0; i < ops; i++) recordLatencyUs(histogram, 100 + i);
    if (second > 0) mergeInto(total, histogram);
    const l = summarize(histogram);
    const phase = second === 0 ? 'warmup' : 'measured';
    const blob = Buffer.from(encodeHistogram(histogram), 'base64');
    samples.run(run.id, second, phase, ops, ops, l.p50, l.p90, l.p99, l.p999, l.max, l.mean, blob);
  });
  if ((run.status ?? 'completed') !== 'completed') return;
  const summary = {
    opsPerSec,
    ops: total.totalCount,
    errors: 0,
    errorsByCode: {},
    entriesPerOp: 1,
    measuredS: measured.length,
    latencyUs: summarize(total),
  };
  db.prepare('UPDATE runs SET summary_json = ?, ops_per_sec = ?, histogram = ? WHERE id = ?').run(
    JSON.stringify(summary),
    opsPerSec,
    Buffer.from(encodeHistogram(total), 'base64'),
    run.id,
  );
}
