// Writes behind the history explorer: a run's server columns, notes and tags, deletes, and
// imported runs stored whole in one transaction.
import { ApiError, invalid } from '../../shared/errors.ts';
import type { RunAnnotation, RunSource } from '../../shared/history.ts';
import { LAB_KINDS } from '../../shared/labKinds.ts';
import type {
  RunConfig,
  RunEnvironment,
  RunSample,
  RunStatus,
  RunSummary,
} from '../../shared/types.ts';
import type { Db } from './database.ts';
import { SAMPLE_INSERT_COLUMNS, sampleValues } from './runRows.ts';

/** The server vendor and version a run's environment names (root DSE first, then the lab's). */
export function serverOf(environment: RunEnvironment): {
  vendor: string | null;
  version: string | null;
} {
  const lab = environment.lab;
  return {
    vendor: environment.rootDse?.vendorName ?? (lab ? LAB_KINDS[lab.kind].vendor : null),
    version: environment.rootDse?.vendorVersion ?? lab?.serverVersion ?? null,
  };
}

/** Sets a (checked) annotation's notes and/or tags; a not-found error when the run is missing. */
export function annotateRun(db: Db, annotation: RunAnnotation): void {
  db.transaction(() => {
    const exists = db.prepare('SELECT 1 FROM runs WHERE id = ?').get(annotation.runId);
    if (!exists)
      throw new ApiError('not-found', `no run with id ${annotation.runId}`, 'runId', {
        subject: 'run',
      });
    if (annotation.notes !== undefined) {
      db.prepare('UPDATE runs SET notes = ? WHERE id = ?').run(
        annotation.notes === '' ? null : annotation.notes,
        annotation.runId,
      );
    }
    if (annotation.tags !== undefined) {
      db.prepare('DELETE FROM run_tags WHERE run_id = ?').run(annotation.runId);
      const insert = db.prepare('INSERT INTO run_tags (run_id, tag) VALUES (?, ?)');
      for (const tag of annotation.tags) insert.run(annotation.runId, tag);
    }
  })();
}

/** Deletes runs (samples and tags go by cascade); refuses all of them if one is missing or in progress. */
export function deleteRuns(db: Db, runIds: readonly string[]): number {
  if (!Array.isArray(runIds) || runIds.some((id) => typeof id !== 'string'))
    throw invalid('runIds', 'runIds must be a list of run ids');
  const ids = [...new Set(runIds)];
  if (ids.length === 0) throw invalid('runIds', 'select at least one run to delete');
  return db.transaction(() => {
    const status = db.prepare('SELECT status FROM runs WHERE id = ?');
    for (const id of ids) {
      const row = status.get(id) as { status: RunStatus } | undefined;
      if (!row)
        throw new ApiError('not-found', `no run with id ${id}`, 'runIds', { subject: 'run' });
      if (row.status === 'preparing' || row.status === 'running')
        throw new ApiError(
          'conflict',
          `run ${id} is in progress: stop it first (nothing was deleted)`,
          'runIds',
        );
    }
    const remove = db.prepare('DELETE FROM runs WHERE id = ?');
    // A campaign cell whose run goes keeps its place in the campaign, marked, not a dangling link.
    const orphan = db.prepare(
      "UPDATE campaign_cells SET run_id = NULL, status = 'failed', error = 'its run was deleted' WHERE run_id = ?",
    );
    let deleted = 0;
    for (const id of ids) {
      deleted += remove.run(id).changes;
      orphan.run(id);
    }
    return deleted;
  })();
}

/** A finished run from another tool, with its seconds. */
export interface ImportedRun {
  id: string;
  source: RunSource;
  config: RunConfig;
  environment: RunEnvironment;
  status: RunStatus;
  endReason: string | null;
  summary: RunSummary | null;
  /** p99 of the whole measured phase when the tool printed one; null otherwise. */
  p99Us: number | null;
  samples: RunSample[];
  /** Encoded empty HdrHistogram stored with every second: imports carry no latency distribution. */
  emptyHistogram: Buffer;
  notes: string | null;
  startedAt: string;
  endedAt: string;
}

/** Stores an imported run and all its seconds in one transaction. */
export function insertImportedRun(db: Db, run: ImportedRun): void {
  const server = serverOf(run.environment);
  db.transaction(() => {
    db.prepare(
      `INSERT INTO runs (id, target_id, target_name, workload, entries, connections, depth, status, end_reason,
         config_json, environment_json, summary_json, ops_per_sec, p99_us, started_at, ended_at, source, notes,
         server_vendor, server_version)
       VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      run.id,
      run.config.targetName,
      run.config.workload,
      run.config.entries,
      run.config.connections,
      run.config.depth,
      run.status,
      run.endReason,
      JSON.stringify(run.config),
      JSON.stringify(run.environment),
      run.summary ? JSON.stringify(run.summary) : null,
      run.summary ? run.summary.opsPerSec : null,
      run.p99Us,
      run.startedAt,
      run.endedAt,
      run.source,
      run.notes,
      server.vendor,
      server.version,
    );
    const insert = db.prepare(
      `INSERT INTO run_samples (${SAMPLE_INSERT_COLUMNS}, histogram, detail_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const s of run.samples) {
      insert.run(
        ...sampleValues(run.id, s),
        run.emptyHistogram,
        s.imported ? JSON.stringify({ imported: s.imported }) : null,
      );
    }
  })();
}
