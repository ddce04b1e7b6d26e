// Runs and their per-second samples: written as the run goes, read back for history and charts.
import type { HistoryFacets, HistoryFilter, RunAnnotation } from '../../shared/history.ts';
import type {
  RunConfig,
  RunDetail,
  RunEnvironment,
  RunListItem,
  RunSample,
  RunStatus,
  RunSummary,
} from '../../shared/types.ts';
import type { RunSource } from '../../shared/history.ts';
import type { ReplicationLagSecond } from '../../shared/replicationTypes.ts';
import { ApiError } from '../../shared/errors.ts';
import { breaches } from '../../shared/thresholdCheck.ts';
import type { ThresholdResult } from '../../shared/thresholds.ts';
import type { Db } from './database.ts';
import { facets } from './facetCounts.ts';
import { eachRun, listItem, listRuns } from './historyQueries.ts';
import { annotateRun, deleteRuns, insertImportedRun, serverOf } from './historyWrites.ts';
import type { ImportedRun } from './historyWrites.ts';
import { nowIso } from './ids.ts';
import { dropEndNote, readEndNote, reserveEndNote, writeEndNote } from './runEndNotes.ts';
import type { RunEnding } from './runEndNotes.ts';
import { operationHistogramsJson } from './operationHistograms.ts';
import { insertReplicationLag, readReplicationLag } from './replicationLag.ts';
import { SAMPLE_INSERT_COLUMNS, sampleValues } from './runRows.ts';
import type { RunBaseRow, SampleRow } from './runRows.ts';

interface RunRow extends RunBaseRow {
  end_reason: string | null;
  config_json: string;
  environment_json: string;
  summary_json: string | null;
  ops_per_sec: number | null;
  p99_us: number | null;
  notes: string | null;
  threshold_results_json: string | null;
}

/** The optional per-second fields, stored together as JSON. */
type SampleExtras = Omit<
  RunSample,
  'second' | 'phase' | 'intervalMs' | 'ops' | 'errors' | 'errorsByCode' | 'entries' | 'latencyUs'
>;

function extrasOf(sample: RunSample): SampleExtras | null {
  const {
    second: _second,
    phase: _phase,
    intervalMs: _intervalMs,
    ops: _ops,
    errors: _errors,
    errorsByCode: _errorsByCode,
    entries: _entries,
    latencyUs: _latencyUs,
    ...extras
  } = sample;
  return Object.keys(extras).length === 0 ? null : extras;
}

/** `replicationLag` for a run that has some; nothing for the others. */
function withReplicationLag(seconds: ReplicationLagSecond[]): Pick<RunDetail, 'replicationLag'> {
  return seconds.length === 0 ? {} : { replicationLag: seconds };
}

const ACTIVE_STATUSES = "('preparing', 'running')";

/** Reads and writes runs and run_samples. */
export class RunsRepo {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Records a new run in `preparing` state, owned by this process, with its server's vendor and version. */
  create(id: string, config: RunConfig, environment: RunEnvironment): void {
    const server = serverOf(environment);
    this.db
      .prepare(
        `INSERT INTO runs (id, target_id, target_name, workload, entries, connections, depth, status, config_json,
           environment_json, owner_pid, started_at, server_vendor, server_version)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'preparing', ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        config.targetId,
        config.targetName,
        config.workload,
        config.entries,
        config.connections,
        config.depth,
        JSON.stringify(config),
        JSON.stringify(environment),
        process.pid,
        nowIso(),
        server.vendor,
        server.version,
      );
    // Room for the ending while the disk has some: see runEndNotes.ts.
    if (!this.db.memory) reserveEndNote(this.db.name, id);
  }

  /** Stores a finished run imported from another tool's output, with all its seconds. */
  createImported(run: ImportedRun): void {
    insertImportedRun(this.db, run);
  }

  /** Moves a run to another status (e.g. preparing -> running). */
  setStatus(id: string, status: RunStatus): void {
    this.db.prepare('UPDATE runs SET status = ? WHERE id = ?').run(status, id);
  }

  /**
   * Stores one merged second; called once per second, each call its own transaction.
   * `operationHistogramsBase64`: mixes, each label's histogram keyed by its label.
   */
  appendSample(
    runId: string,
    sample: RunSample,
    histogramBase64: string,
    intendedHistogramBase64: string | null = null,
    operationHistogramsBase64: ReadonlyMap<string, string> | null = null,
  ): void {
    const extras = extrasOf(sample);
    this.db
      .prepare(
        `INSERT INTO run_samples (${SAMPLE_INSERT_COLUMNS}, histogram, detail_json, intended_histogram,
           operation_histograms_json)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        ...sampleValues(runId, sample),
        Buffer.from(histogramBase64, 'base64'),
        extras ? JSON.stringify(extras) : null,
        intendedHistogramBase64 ? Buffer.from(intendedHistogramBase64, 'base64') : null,
        operationHistogramsBase64 ? operationHistogramsJson(operationHistogramsBase64) : null,
      );
  }

  /** Stores a run's replication lag, per second and consumer (see replicationLag.ts). */
  appendReplicationLag(runId: string, seconds: readonly ReplicationLagSecond[]): void {
    insertReplicationLag(this.db, runId, seconds);
  }

  /** Closes a run with its final status, reason and summary. */
  finish(
    id: string,
    status: RunStatus,
    endReason: string | null,
    summary: RunSummary | null,
    histogramBase64: string | null,
    thresholdResults: ThresholdResult[] | null = null,
  ): void {
    this.db
      .prepare(
        `UPDATE runs SET status = ?, end_reason = ?, summary_json = ?, ops_per_sec = ?, p99_us = ?, histogram = ?,
           ended_at = ?, threshold_results_json = ?, thresholds_breached = ? WHERE id = ?`,
      )
      .run(
        status,
        endReason,
        summary ? JSON.stringify(summary) : null,
        summary ? summary.opsPerSec : null,
        summary ? summary.latencyUs.p99 : null,
        histogramBase64 ? Buffer.from(histogramBase64, 'base64') : null,
        nowIso(),
        thresholdResults ? JSON.stringify(thresholdResults) : null,
        thresholdResults ? breaches(thresholdResults).length : null,
        id,
      );
    if (!this.db.memory) dropEndNote(this.db.name, id);
  }

  /**
   * Keeps `ending` beside the database when the database refused it, for the next open to store
   * (markInterrupted); false when even that failed.
   */
  noteEnd(id: string, ending: RunEnding): boolean {
    return !this.db.memory && writeEndNote(this.db.name, id, ending);
  }

  /** Marks runs left active by a process that no longer exists as interrupted; returns how many. */
  markInterrupted(isAlive: (pid: number) => boolean): number {
    const rows = this.db
      .prepare(`SELECT id, owner_pid FROM runs WHERE status IN ${ACTIVE_STATUSES}`)
      .all() as { id: string; owner_pid: number | null }[];
    let count = 0;
    for (const row of rows) {
      if (row.owner_pid !== null && row.owner_pid !== process.pid && isAlive(row.owner_pid))
        continue;
      // The database refused the ending its process wanted to store: that first cause is stored now.
      const noted = this.db.memory ? null : readEndNote(this.db.name, row.id);
      this.finish(
        row.id,
        noted?.status ?? 'interrupted',
        noted?.endReason ??
          'DirBench exited while the run was in progress; the seconds before that are kept',
        null,
        null,
      );
      count++;
    }
    return count;
  }

  /** History rows matching a checked filter (see historyChecks.ts), newest first. */
  list(filter: HistoryFilter = {}): RunListItem[] {
    return listRuns(this.db, filter);
  }

  /** The rows of `list`, read one at a time while the caller consumes them. */
  each(filter: HistoryFilter = {}): Generator<RunListItem> {
    return eachRun(this.db, filter);
  }

  /** One history row, or a not-found error naming the id. */
  listItem(id: string): RunListItem {
    const item = listItem(this.db, id);
    if (!item) throw new ApiError('not-found', `no run with id ${id}`, 'runId', { subject: 'run' });
    return item;
  }

  /** The values each history filter can take, with counts. */
  facets(): HistoryFacets {
    return facets(this.db);
  }

  /** Sets a checked annotation's notes and/or tags; answers the updated row. */
  annotate(annotation: RunAnnotation): RunListItem {
    annotateRun(this.db, annotation);
    return this.listItem(annotation.runId);
  }

  /** Deletes finished runs with their samples and tags; refuses runs in progress. */
  delete(runIds: readonly string[]): number {
    return deleteRuns(this.db, runIds);
  }

  /** A whole run with its samples, or a not-found error naming the id. */
  get(id: string): RunDetail {
    const row = this.db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as RunRow | undefined;
    if (!row) throw new ApiError('not-found', `no run with id ${id}`, 'runId', { subject: 'run' });
    return {
      id: row.id,
      status: row.status as RunStatus,
      endReason: row.end_reason,
      config: JSON.parse(row.config_json) as RunConfig,
      environment: JSON.parse(row.environment_json) as RunEnvironment,
      summary: row.summary_json ? (JSON.parse(row.summary_json) as RunSummary) : null,
      samples: this.samples(id),
      startedAt: row.started_at,
      endedAt: row.ended_at,
      source: row.source as RunSource,
      notes: row.notes,
      tags: this.listItem(id).tags,
      thresholdResults: row.threshold_results_json
        ? (JSON.parse(row.threshold_results_json) as ThresholdResult[])
        : null,
      ...withReplicationLag(readReplicationLag(this.db, id)),
    };
  }

  /** The stored seconds of a run, in order. */
  samples(runId: string): RunSample[] {
    const rows = this.db
      .prepare(
        `SELECT second, phase, interval_ms, ops, errors, errors_json, entries, p50_us, p90_us, p99_us, p999_us, max_us,
           mean_us, detail_json FROM run_samples WHERE run_id = ? ORDER BY second`,
      )
      .all(runId) as SampleRow[];
    return rows.map((r) => ({
      second: r.second,
      phase: r.phase as RunSample['phase'],
      intervalMs: r.interval_ms,
      ops: r.ops,
      errors: r.errors,
      errorsByCode: JSON.parse(r.errors_json) as Record<string, number>,
      entries: r.entries,
      latencyUs: {
        p50: r.p50_us,
        p90: r.p90_us,
        p99: r.p99_us,
        p999: r.p999_us,
        max: r.max_us,
        mean: r.mean_us,
      },
      ...(r.detail_json ? (JSON.parse(r.detail_json) as SampleExtras) : {}),
    }));
  }
}
