// The run_replication_lag table: each consumer's lag per second of a run, beside its samples.
import type { ReplicationLagSecond } from '../../shared/replicationTypes.ts';
import type { Db } from './database.ts';

interface LagRow {
  consumer: string;
  second: number;
  markers: number;
  unseen: number;
  lags_ms_json: string;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

/** Stores a run's lag seconds in one transaction. */
export function insertReplicationLag(
  db: Db,
  runId: string,
  seconds: readonly ReplicationLagSecond[],
): void {
  const insert = db.prepare(
    `INSERT OR REPLACE INTO run_replication_lag
       (run_id, consumer, second, markers, unseen, lags_ms_json, p50_ms, p99_ms, max_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const s of seconds) {
      insert.run(
        runId,
        s.consumer,
        s.second,
        s.markers,
        s.unseen,
        JSON.stringify(s.lagsMs),
        s.p50Ms,
        s.p99Ms,
        s.maxMs,
      );
    }
  })();
}

/** A run's lag seconds, by consumer then second; empty when it watched no replication. */
export function readReplicationLag(db: Db, runId: string): ReplicationLagSecond[] {
  const rows = db
    .prepare(
      `SELECT consumer, second, markers, unseen, lags_ms_json, p50_ms, p99_ms, max_ms
         FROM run_replication_lag WHERE run_id = ? ORDER BY consumer, second`,
    )
    .all(runId) as LagRow[];
  return rows.map((r) => ({
    second: r.second,
    consumer: r.consumer,
    markers: r.markers,
    unseen: r.unseen,
    lagsMs: JSON.parse(r.lags_ms_json) as number[],
    p50Ms: r.p50_ms,
    p99Ms: r.p99_ms,
    maxMs: r.max_ms,
  }));
}
