// Load-generation ceilings from `dirbench calibrate`, looked up by the settings a run used.
import type { Db } from './database.ts';
import { nowIso } from './ids.ts';

/** The settings a ceiling was measured with; a run is compared only with the same settings. */
export interface CalibrationKey {
  hostname: string;
  workload: string;
  connections: number;
  depth: number;
  workers: number;
  /** policyToken() of the connection policy. */
  policy: string;
}

/** One stored ceiling. */
export interface Calibration extends CalibrationKey {
  ceilingOpsPerSec: number;
  measuredAt: string;
}

interface CalibrationRow extends CalibrationKey {
  ceiling_ops_per_sec: number;
  measured_at: string;
}

/** Reads and writes the calibrations table. */
export class CalibrationsRepo {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Records a measured ceiling. */
  record(key: CalibrationKey, ceilingOpsPerSec: number): void {
    this.db
      .prepare(
        `INSERT INTO calibrations (hostname, workload, connections, depth, workers, policy, ceiling_ops_per_sec, measured_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        key.hostname,
        key.workload,
        key.connections,
        key.depth,
        key.workers,
        key.policy,
        ceilingOpsPerSec,
        nowIso(),
      );
  }

  /** The newest ceiling measured with exactly these settings, or null. */
  latest(key: CalibrationKey): Calibration | null {
    const row = this.db
      .prepare(
        `SELECT * FROM calibrations WHERE hostname = ? AND workload = ? AND connections = ? AND depth = ? AND workers = ?
           AND policy = ? ORDER BY measured_at DESC, id DESC LIMIT 1`,
      )
      .get(key.hostname, key.workload, key.connections, key.depth, key.workers, key.policy) as
      CalibrationRow | undefined;
    if (!row) return null;
    return {
      hostname: row.hostname,
      workload: row.workload,
      connections: row.connections,
      depth: row.depth,
      workers: row.workers,
      policy: row.policy,
      ceilingOpsPerSec: row.ceiling_ops_per_sec,
      measuredAt: row.measured_at,
    };
  }
}
