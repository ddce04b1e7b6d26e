// Workloads users saved: stored as validated JSON definitions under `user/NAME` ids.
import { ApiError } from '../../shared/errors.ts';
import type { WorkloadSpec } from '../../shared/workload.ts';
import type { Db } from './database.ts';
import { SavedSpecsTable } from './savedSpecs.ts';
import type { SavedSpec } from './savedSpecs.ts';

/** A saved workload with when it was written. */
export type StoredWorkload = SavedSpec<WorkloadSpec>;

/** Reads and writes the user_workloads table; callers validate definitions first. */
export class WorkloadsRepo {
  private readonly table: SavedSpecsTable<WorkloadSpec>;

  constructor(db: Db) {
    this.table = new SavedSpecsTable(db, 'user_workloads');
  }

  /** Every saved workload, by id. */
  list(): StoredWorkload[] {
    return this.table.list();
  }

  /** The saved workload `id`, or null. */
  find(id: string): StoredWorkload | null {
    return this.table.find(id);
  }

  /** Inserts or replaces the definition under its id. */
  save(spec: WorkloadSpec): StoredWorkload {
    this.table.save(spec.id, spec);
    return this.find(spec.id) as StoredWorkload;
  }

  /** Deletes a saved workload; not-found when there is none (runs that used it keep their copy). */
  delete(id: string): void {
    if (!this.table.delete(id)) throw new ApiError('not-found', `no saved workload ${id}`, 'id');
  }
}
