// Rows of the runs and run_samples tables as SQLite answers them, shared by the queries that read
// and write them so a column is described once.
import type { RunSample } from '../../shared/types.ts';

/** The runs columns every read of a run selects: what it measured, against what, and when. */
export interface RunBaseRow {
  id: string;
  target_name: string;
  workload: string;
  entries: number | null;
  connections: number;
  depth: number;
  status: string;
  started_at: string;
  ended_at: string | null;
  source: string;
}

/** One stored second's figures (its histograms are read only where asked for). */
export interface SampleRow {
  second: number;
  phase: string;
  interval_ms: number;
  ops: number;
  errors: number;
  errors_json: string;
  entries: number;
  p50_us: number;
  p90_us: number;
  p99_us: number;
  p999_us: number;
  max_us: number;
  mean_us: number;
  /** Optional per-second extras (telemetry, open-model figures) as the run stored them. */
  detail_json: string | null;
}

/** run_samples' leading columns, in the order `sampleValues` gives them. */
export const SAMPLE_INSERT_COLUMNS = `run_id, second, phase, interval_ms, ops, errors, errors_json, entries,
  p50_us, p90_us, p99_us, p999_us, max_us, mean_us`;

/** A second's values for SAMPLE_INSERT_COLUMNS: recorded and imported runs store them alike. */
export function sampleValues(runId: string, sample: RunSample): (string | number)[] {
  const l = sample.latencyUs;
  return [
    runId,
    sample.second,
    sample.phase,
    sample.intervalMs,
    sample.ops,
    sample.errors,
    JSON.stringify(sample.errorsByCode),
    sample.entries,
    l.p50,
    l.p90,
    l.p99,
    l.p999,
    l.max,
    l.mean,
  ];
}
