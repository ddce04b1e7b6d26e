// The small types the run types are built from (types.ts re-exports them): a run's status, latency
// figures and one operation's share of a second. They import nothing, so any shared module can.

/** Run life-cycle states; `interrupted` means the host died while it ran. */
export type RunStatus =
  'preparing' | 'running' | 'completed' | 'stopped' | 'failed' | 'interrupted';

/** Latency figures in integer microseconds, from merged HDR histograms. */
export interface LatencySummary {
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  mean: number;
}

/** One operation label's share of a second. */
export interface OperationSample {
  ops: number;
  errors: number;
  errorsByCode: Record<string, number>;
  entries: number;
  latencyUs: LatencySummary;
}
