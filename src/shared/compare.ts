// What the explorer compares: each selected run reduced to the figures the compare charts need.
import type { RunSource } from './history.ts';
import type { LabKind } from './labTypes.ts';
import type { LatencySummary, RunStatus, WorkloadId } from './types.ts';

/** One second of a run for overlaid time series. */
export interface CompareSecond {
  second: number;
  phase: 'warmup' | 'measured' | 'cooldown';
  opsPerSec: number;
  /** Null for imported runs: the peer tools print no per-second percentiles DirBench can trust. */
  p50Us: number | null;
  p99Us: number | null;
}

/** A point of a latency percentile curve from the run's merged histogram. */
export interface PercentilePoint {
  /** 0-100, e.g. 99.9. */
  percentile: number;
  latencyUs: number;
}

/** A run as the compare charts see it: its axes (server, size, workload, concurrency) and figures. */
export interface CompareRun {
  id: string;
  source: RunSource;
  status: RunStatus;
  startedAt: string;
  targetName: string;
  /** Root DSE vendor and version; null when the server did not say (or an import did not know). */
  serverVendor: string | null;
  serverVersion: string | null;
  labKind: LabKind | null;
  indexProfile: string | null;
  workload: WorkloadId;
  entries: number | null;
  connections: number;
  depth: number;
  /** Connection policy in words (`persistent`, `reconnect/100`, ...). */
  policy: string;
  /** Load model in words: `closed`, `open 2,000 ops/s` or `open, rate profile of N steps`. */
  loadModel: string;
  campaignId: string | null;
  /** 1-based repeat of a campaign cell; null outside campaigns. */
  repeat: number | null;
  opsPerSec: number | null;
  /** Null when the run has no DirBench histograms (imported runs: their tool's own figures stay in the run detail). */
  latencyUs: LatencySummary | null;
  /** Operations that succeeded in the measured phase; null when the run has no summary. */
  ops: number | null;
  /** Operations that failed in the measured phase (all phases when the run has no summary). */
  errors: number;
  /** Seconds from load start until throughput first reached 90% of the measured mean. */
  timeToFullSpeedS: number | null;
  seconds: CompareSecond[];
  /** Percentile curve of the measured phase (empty for imports without histograms). */
  percentiles: PercentilePoint[];
}
