// Schema migrations, applied in order; the index + 1 is the database's user_version.
// The handle's own type, not database.ts's Db: database.ts runs the migrations, so it imports this.
import type { Database as Db } from 'better-sqlite3';
import { facetCountsMigration } from './facetCounts.ts';
import { repairOperationHistograms } from './operationHistogramRepair.ts';

/** One step: SQL, or a function for data SQL cannot fix (run in the same transaction). */
export type Migration = string | ((db: Db) => void);

/** Each entry moves the schema one version forward; never edit a released entry, append a new one. */
export const MIGRATIONS: readonly Migration[] = [
  `
  CREATE TABLE targets (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    url TEXT NOT NULL,
    start_tls INTEGER NOT NULL,
    bind_dn TEXT NOT NULL,
    password TEXT,
    base_dn TEXT NOT NULL,
    lab_id TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE labs (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    state TEXT NOT NULL,
    info_json TEXT NOT NULL,
    root_password TEXT NOT NULL,
    owner_pid INTEGER,
    created_at TEXT NOT NULL
  );
  CREATE TABLE runs (
    id TEXT PRIMARY KEY,
    target_id TEXT,
    target_name TEXT NOT NULL,
    workload TEXT NOT NULL,
    entries INTEGER,
    connections INTEGER NOT NULL,
    depth INTEGER NOT NULL,
    status TEXT NOT NULL,
    end_reason TEXT,
    config_json TEXT NOT NULL,
    environment_json TEXT NOT NULL,
    summary_json TEXT,
    ops_per_sec REAL,
    p99_us INTEGER,
    histogram BLOB,
    owner_pid INTEGER,
    started_at TEXT NOT NULL,
    ended_at TEXT
  );
  CREATE INDEX runs_by_start ON runs (started_at DESC);
  CREATE TABLE run_samples (
    run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    second INTEGER NOT NULL,
    phase TEXT NOT NULL,
    interval_ms INTEGER NOT NULL,
    ops INTEGER NOT NULL,
    errors INTEGER NOT NULL,
    errors_json TEXT NOT NULL,
    entries INTEGER NOT NULL,
    p50_us INTEGER NOT NULL,
    p90_us INTEGER NOT NULL,
    p99_us INTEGER NOT NULL,
    p999_us INTEGER NOT NULL,
    max_us INTEGER NOT NULL,
    mean_us INTEGER NOT NULL,
    histogram BLOB NOT NULL,
    PRIMARY KEY (run_id, second)
  ) WITHOUT ROWID;
  `,
  `
  -- Per-second extras (telemetry, connection counters, open-model figures) and the intended-start histogram.
  ALTER TABLE run_samples ADD COLUMN detail_json TEXT;
  ALTER TABLE run_samples ADD COLUMN intended_histogram BLOB;
  `,
  `
  -- Load-generation ceilings measured by "dirbench calibrate", to flag runs that get near them.
  CREATE TABLE calibrations (
    id INTEGER PRIMARY KEY,
    hostname TEXT NOT NULL,
    workload TEXT NOT NULL,
    connections INTEGER NOT NULL,
    depth INTEGER NOT NULL,
    workers INTEGER NOT NULL,
    policy TEXT NOT NULL,
    ceiling_ops_per_sec REAL NOT NULL,
    measured_at TEXT NOT NULL
  );
  CREATE INDEX calibrations_by_setting ON calibrations (hostname, workload, connections, depth, workers, policy);
  `,
  `
  -- Workloads users saved (copied from a catalog and edited, or written from scratch), and per-second
  -- per-operation histograms of mixes (label -> HDR base64 as JSON) so their windows can be re-aggregated.
  CREATE TABLE user_workloads (
    id TEXT PRIMARY KEY,
    spec_json TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  ALTER TABLE run_samples ADD COLUMN operation_histograms_json TEXT;
  `,
  `
  -- The CA a target's TLS connections trust (labs with their own CA; private PKIs).
  ALTER TABLE targets ADD COLUMN ca_file TEXT;
  `,
  `
  -- Matrices users saved; campaigns (a matrix being or having been run) and their cells; runs know
  -- their campaign cell, where they came from (DirBench or an imported peer tool's output), the
  -- server vendor and version (for history filters), notes and tags.
  CREATE TABLE matrices (
    id TEXT PRIMARY KEY,
    spec_json TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE campaigns (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    spec_json TEXT NOT NULL,
    status TEXT NOT NULL,
    error TEXT,
    owner_pid INTEGER,
    created_at TEXT NOT NULL,
    ended_at TEXT
  );
  CREATE TABLE campaign_cells (
    campaign_id TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    cell_index INTEGER NOT NULL,
    cell_json TEXT NOT NULL,
    status TEXT NOT NULL,
    run_id TEXT,
    error TEXT,
    PRIMARY KEY (campaign_id, cell_index)
  ) WITHOUT ROWID;
  ALTER TABLE runs ADD COLUMN campaign_id TEXT;
  ALTER TABLE runs ADD COLUMN cell_index INTEGER;
  ALTER TABLE runs ADD COLUMN source TEXT NOT NULL DEFAULT 'dirbench';
  ALTER TABLE runs ADD COLUMN notes TEXT;
  ALTER TABLE runs ADD COLUMN server_vendor TEXT;
  ALTER TABLE runs ADD COLUMN server_version TEXT;
  UPDATE runs SET
    server_vendor = coalesce(
      json_extract(environment_json, '$.rootDse.vendorName'),
      CASE json_extract(environment_json, '$.lab.kind')
        WHEN 'openldap' THEN 'OpenLDAP'
        WHEN '389ds' THEN '389 Project'
        WHEN 'opendj' THEN 'OpenDJ'
      END),
    server_version = json_extract(environment_json, '$.rootDse.vendorVersion');
  CREATE INDEX runs_by_campaign ON runs (campaign_id, cell_index);
  CREATE TABLE run_tags (
    run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    tag TEXT NOT NULL,
    PRIMARY KEY (run_id, tag)
  ) WITHOUT ROWID;
  CREATE INDEX run_tags_by_tag ON run_tags (tag);
  `,
  `
  -- History at 10,000 runs: the list reads this covering index instead of the wide rows (their JSON
  -- columns come first and spill into overflow pages), and each facet counts over its own index.
  CREATE INDEX runs_history ON runs (started_at DESC, id DESC, target_name, workload, entries, connections,
    depth, status, ops_per_sec, p99_us, ended_at, server_vendor, server_version, notes, campaign_id, source);
  CREATE INDEX runs_by_target ON runs (target_name);
  CREATE INDEX runs_by_vendor ON runs (server_vendor, server_version);
  CREATE INDEX runs_by_version ON runs (server_version);
  CREATE INDEX runs_by_workload ON runs (workload);
  CREATE INDEX runs_by_entries ON runs (entries);
  CREATE INDEX runs_by_status ON runs (status);
  CREATE INDEX runs_by_source ON runs (source);
  `,
  `
  -- Secrets leave the database: a target keeps a reference (file, variable, sealed), never the
  -- password; TargetsRepo.movePlainPasswords() moves old plain ones out and clears the password column.
  ALTER TABLE targets ADD COLUMN secret_ref TEXT;
  ALTER TABLE targets ADD COLUMN tls_verify INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE targets ADD COLUMN client_cert_file TEXT;
  ALTER TABLE targets ADD COLUMN client_key_file TEXT;
  `,
  `
  -- Thresholds: each one's verdict with the run, and how many were breached for the history list
  -- (null: none were checked), which the covering history index carries like the other columns.
  ALTER TABLE runs ADD COLUMN threshold_results_json TEXT;
  ALTER TABLE runs ADD COLUMN thresholds_breached INTEGER;
  DROP INDEX runs_history;
  CREATE INDEX runs_history ON runs (started_at DESC, id DESC, target_name, workload, entries, connections,
    depth, status, ops_per_sec, p99_us, ended_at, server_vendor, server_version, notes, campaign_id, source,
    thresholds_breached);
  `,
  // Per-operation histograms stored under another label (integer-like labels were paired by
  // object key order) go back under their own label; see operationHistogramRepair.ts.
  repairOperationHistograms,
  `
  -- Brokers (nats-server for load agents): the record only; passwords stay in the broker's
  -- mode-600 files. owner_pid: the DirBench process a non-persistent broker must not outlive.
  CREATE TABLE brokers (
    id TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    info_json TEXT NOT NULL,
    owner_pid INTEGER,
    created_at TEXT NOT NULL
  );
  `,
  `
  -- Replication lag per second and consumer of runs against replicated labs: the markers written
  -- in that second, how many the consumer never showed, each marker's lag (JSON) and its figures.
  CREATE TABLE run_replication_lag (
    run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    consumer TEXT NOT NULL,
    second INTEGER NOT NULL,
    markers INTEGER NOT NULL,
    unseen INTEGER NOT NULL,
    lags_ms_json TEXT NOT NULL,
    p50_ms INTEGER NOT NULL,
    p99_ms INTEGER NOT NULL,
    max_ms INTEGER NOT NULL,
    PRIMARY KEY (run_id, consumer, second)
  ) WITHOUT ROWID;
  `,
  `
  -- How a target's connections bind: simple (null) or SASL DIGEST-MD5 / CRAM-MD5 as bind_dn.
  ALTER TABLE targets ADD COLUMN bind_mechanism TEXT;
  `,
  // History at 100,000 runs: facet counts kept by triggers (see facetCounts.ts).
  facetCountsMigration(),
];

/** Runs the steps that take a database from schema version `from` to `to`, in the caller's transaction. */
export function applyMigrations(db: Db, from: number, to: number = MIGRATIONS.length): void {
  for (const step of MIGRATIONS.slice(from, to)) {
    if (typeof step === 'function') step(db);
    else db.exec(step);
  }
}
