// Workloads users saved: stored as validated JSON definitions under `user/NAME` ids.
import { ApiError } from '../../shared/errors.ts';
import type { WorkloadSpec } from '../../shared/workload.ts';
import type { Db } from './database.ts';
import { nowIso } from './ids.ts';

interface WorkloadRow {
  id: string;
  spec_json: string;
  created_at: string;
  updated_at: string;
}

/** A saved workload with when it was written. */
export interface StoredWorkload {
  spec: WorkloadSpec;
  createdAt: string;
  updatedAt: string;
}

function toStored(row: WorkloadRow): StoredWorkload {
  return {
    spec: JSON.parse(row.spec_json) as WorkloadSpec,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Reads and writes the user_workloads table; callers validate definitions first. */
export class WorkloadsRepo {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Every saved workload, by id. */
  list(): StoredWorkload[] {
    const rows = this.db
      .prepare('SELECT * FROM user_workloads ORDER BY id COLLATE NOCASE')
      .all() as WorkloadRow[];
    return rows.map(toStored);
  }

  /** The saved workload `id`, or null. */
  find(id: string): StoredWorkload | null {
    const row = this.db.prepare('SELECT * FROM user_workloads WHERE id = ?').get(id) as
      WorkloadRow | undefined;
    return row === undefined ? null : toStored(row);
  }

  /** Inserts or replaces the definition under its id. */
  save(spec: WorkloadSpec): StoredWorkload {
    const now = nowIso();
    this.db
      .prepare(
        `INSERT INTO user_workloads (id, spec_json, created_at, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET spec_json = excluded.spec_json, updated_at = excluded.updated_at`,
      )
      .run(spec.id, JSON.stringify(spec), now, now);
    return this.find(spec.id) as StoredWorkload;
  }

  /** Deletes a saved workload; not-found when there is none (runs that used it keep their copy). */
  delete(id: string): void {
    const { changes } = this.db.prepare('DELETE FROM user_workloads WHERE id = ?').run(id);
    if (changes === 0) throw new ApiError('not-found', `no saved workload ${id}`, 'id');
  }
}
