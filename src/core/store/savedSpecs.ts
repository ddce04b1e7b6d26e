// A table of specs users saved as JSON under their ids (matrices, workloads): list, find, save and
// delete, whatever the spec.
import type { Db } from './database.ts';
import { nowIso } from './ids.ts';

/** The tables that hold saved specs; each has id, spec_json, created_at and updated_at. */
export type SavedSpecsTableName = 'matrices' | 'user_workloads';

interface SavedSpecRow {
  id: string;
  spec_json: string;
  created_at: string;
  updated_at: string;
}

/** A saved spec with its id and when it was written. */
export interface SavedSpec<T> {
  id: string;
  spec: T;
  createdAt: string;
  updatedAt: string;
}

function toSaved<T>(row: SavedSpecRow): SavedSpec<T> {
  return {
    id: row.id,
    spec: JSON.parse(row.spec_json) as T,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Reads and writes one saved-specs table; callers validate specs first. */
export class SavedSpecsTable<T> {
  private readonly db: Db;
  private readonly table: SavedSpecsTableName;

  constructor(db: Db, table: SavedSpecsTableName) {
    this.db = db;
    this.table = table;
  }

  /** Every saved spec, by id. */
  list(): SavedSpec<T>[] {
    const rows = this.db
      .prepare(`SELECT * FROM ${this.table} ORDER BY id COLLATE NOCASE`)
      .all() as SavedSpecRow[];
    return rows.map((row) => toSaved<T>(row));
  }

  /** The spec saved under `id`, or null. */
  find(id: string): SavedSpec<T> | null {
    const row = this.db.prepare(`SELECT * FROM ${this.table} WHERE id = ?`).get(id) as
      SavedSpecRow | undefined;
    return row === undefined ? null : toSaved<T>(row);
  }

  /** Saves `spec` under `id`, replacing what was saved there (its creation time stays). */
  save(id: string, spec: T): void {
    const now = nowIso();
    this.db
      .prepare(
        `INSERT INTO ${this.table} (id, spec_json, created_at, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET spec_json = excluded.spec_json, updated_at = excluded.updated_at`,
      )
      .run(id, JSON.stringify(spec), now, now);
  }

  /** Deletes the spec saved under `id`; false when there was none. */
  delete(id: string): boolean {
    return this.db.prepare(`DELETE FROM ${this.table} WHERE id = ?`).run(id).changes > 0;
  }
}
