// Domain types shared by every layer: runs, samples, summaries and history rows (targets and labs
// have their own modules).
import type {
  AgentLossPolicy,
  RunAgentPlacement,
  RunAgentsRequest,
  RunAgentSummary,
  SampleAgent,
} from './agentTypes.ts';
import type { LabKind, LabLoadMethod } from './labTypes.ts';
import type { ServerMonitorSample, ServerMonitorSummary } from './monitorTypes.ts';
import type { RunServerSet, ServerSecond, ServerSetMode, ServerShare } from './serverSetTypes.ts';
import type {
  ReplicationLagFigures,
  ReplicationLagSecond,
  ReplicationTopology,
  SampleReplicationLag,
} from './replicationTypes.ts';
import type { RootDseInfo } from './targetTypes.ts';
import type { ThresholdResult } from './thresholds.ts';
import type { RunSource } from './history.ts';
import type { WorkloadSpec } from './workload.ts';
import type { ServerTelemetry, WorkerTelemetry } from './telemetryTypes.ts';
import type { SampleLimit } from './serverLimits.ts';
import type { LatencySummary, OperationSample, RunStatus } from './sampleTypes.ts';

export type { ServerTelemetry, WorkerTelemetry } from './telemetryTypes.ts';
export type { LatencySummary, OperationSample, RunStatus } from './sampleTypes.ts';

/** A workload's id: a catalog entry (`salford/S.3`), the built-in `read-random`, or `adhoc`. */
export type WorkloadId = string;

/** How connections are used (seed 004: connection management dominates latency). */
export type ConnectionPolicy =
  | { kind: 'persistent' }
  /** Close and reopen (connect, StartTLS, bind) after every N operations on a connection. */
  | { kind: 'reconnect'; everyOps: number }
  /** Connect, optional StartTLS, bind, one operation, unbind - each phase timed separately. */
  | { kind: 'per-op' }
  /** Bind again on the open connection before every operation. */
  | { kind: 'rebind' };

/** One segment of an open-model rate profile: hold or ramp linearly over `durationS`. */
export interface RateStep {
  durationS: number;
  /** Rate at the start of the step. */
  fromOpsPerSec: number;
  /** Rate at the end of the step (equal to `fromOpsPerSec` for a constant step). */
  toOpsPerSec: number;
}

/** Everything needed to start a run; stored verbatim with the run. */
export interface RunRequest {
  targetId: string;
  /** Catalog id or `read-random`; ignored for resolution when `workloadSpec` is given. */
  workload: WorkloadId;
  /** An explicit definition (ad-hoc from the CLI, or a copied and edited catalog entry). */
  workloadSpec?: WorkloadSpec;
  /** Overrides the size of the workload's pool (entries added before load for deletes and renames to take). */
  poolEntries?: number;
  connections: number;
  depth: number;
  warmupS: number;
  durationS: number;
  /** Worker processes; defaults to CPU cores - 1 (at least 1). */
  workers?: number;
  tcpNoDelay?: boolean;
  seed?: number;
  /** Defaults to persistent connections. */
  policy?: ConnectionPolicy;
  /** Open model: a constant target rate over warm-up, measured and cool-down phases. */
  targetOpsPerSec?: number;
  /** Open model with a profile instead of a constant rate (covers the whole run). */
  rateProfile?: RateStep[];
  /** Seconds of load after the measured phase, excluded like warm-up. */
  cooldownS?: number;
  /** The user confirmed heavy load on a target off loopback (see src/core/runs/loadGuard.ts); never stored. */
  confirmed?: boolean;
  /** Seconds an operation may stay unanswered before it counts as a `timeout` error (default 60). */
  opTimeoutS?: number;
  /** Pass/fail thresholds over the summary (`p99<5ms`; grammar in src/shared/thresholds.ts), beside the workload's own. */
  thresholds?: string[];
  /** Run the workers on load agents of a broker instead of this machine. */
  agents?: RunAgentsRequest;
  /** More servers beside `targetId` (saved target ids), in order: connections are spread over all. */
  moreTargetIds?: string[];
  /** How connections are spread over the servers (default round-robin). */
  serverSetMode?: ServerSetMode;
  /** Consumers of the target (its supplier) whose replication lag the run measures. */
  replication?: ReplicationTopology;
}

/** Which part of a run a second belongs to. */
export type RunPhase = 'warmup' | 'measured' | 'cooldown';

/** One second of a run, merged across workers. */
export interface RunSample extends SampleReplicationLag {
  /** Seconds since load started (0-based); warm-up seconds come first. */
  second: number;
  phase: RunPhase;
  /** Length of this interval: 1000, or less for the last second of a stopped run. */
  intervalMs: number;
  ops: number;
  errors: number;
  /** Error counts keyed by LDAP result code name or network cause. */
  errorsByCode: Record<string, number>;
  entries: number;
  /** Latency of successful ops; in the open model measured from the actual send. */
  latencyUs: LatencySummary;
  /** Open model only: latency measured from each op's intended start (corrects coordinated omission). */
  intendedLatencyUs?: LatencySummary;
  /** Open model only: ops the schedule called for in this second. */
  scheduledOps?: number;
  /** Open model only: ops that could not be started on time in this second. */
  behindSchedule?: number;
  bytesSent?: number;
  bytesReceived?: number;
  connectionsOpened?: number;
  connectionsClosed?: number;
  /** Connections that dropped and were reopened outside the policy (never hidden inside op latency). */
  reconnects?: number;
  /** Mixes: the figures of each operation label in this second. */
  operations?: Record<string, OperationSample>;
  /** Per-op policy: each connection phase timed separately. */
  phaseLatencyUs?: Partial<Record<ConnectionPhase, LatencySummary>>;
  /** One entry per load worker. */
  workers?: WorkerTelemetry[];
  /** Runs on agents: each agent's part (its state says whether its figures are in the second). */
  agents?: SampleAgent[];
  /** The lab server process, when the target is a local lab. */
  server?: ServerTelemetry;
  /** Runs on several servers: each server's share of the second, by URL. */
  servers?: Record<string, ServerSecond>;
  /** A target's own monitor in this second (when the run's bind may read it). */
  serverMonitor?: ServerMonitorSample;
  /** Imported runs: the peer tool's own figures (there is no histogram behind `latencyUs`). */
  imported?: ImportedFigures;
}

/** One operation label's figures over the measured phase. */
export interface OperationSummary {
  opsPerSec: number;
  ops: number;
  errors: number;
  errorsByCode: Record<string, number>;
  entriesPerOp: number;
  latencyUs: LatencySummary;
}

/** Phases of an operation under the per-op connection policy. */
export type ConnectionPhase = 'connect' | 'startTls' | 'bind' | 'op' | 'unbind';

/** Client and server environment recorded with each run. */
export interface RunEnvironment {
  dirbenchVersion: string;
  dirbenchCommit: string | null;
  hostname: string;
  cpuModel: string;
  cpuCores: number;
  totalMemoryMb: number;
  os: string;
  node: string;
  rootDse: RootDseInfo | null;
  lab: {
    kind: LabKind;
    entries: number;
    seed: number;
    /** The profile's name and its indexes, for people: `salford-indexed (cn eq,sub,pres)`. */
    indexProfile: string;
    /** The profile's name alone (absent in runs stored before campaigns existed). */
    indexProfileName?: string;
    shape?: string;
    loadMethod?: LabLoadMethod;
    /** The server's version as the lab read it, e.g. "OpenLDAP 2.5.13". */
    serverVersion?: string | null;
  } | null;
}

/** The stored configuration of a run: the request resolved against its target. */
export interface RunConfig extends Required<
  Omit<
    RunRequest,
    | 'policy'
    | 'targetOpsPerSec'
    | 'rateProfile'
    | 'cooldownS'
    | 'workloadSpec'
    | 'poolEntries'
    | 'confirmed'
    | 'opTimeoutS'
    | 'thresholds'
    | 'agents'
    | 'moreTargetIds'
    | 'serverSetMode'
    | 'replication'
  >
> {
  /** The workload as run (resolved from the catalog when the request named one). */
  workloadSpec: WorkloadSpec;
  targetName: string;
  url: string;
  startTls: boolean;
  bindDn: string;
  baseDn: string;
  /** False when the run trusted an unverified server certificate (absent in older runs: verified). */
  tlsVerify?: boolean;
  /** The client certificate the run presented over TLS, if any. */
  clientCertFile?: string | null;
  /** Number of entries the directory holds, when known. */
  entries: number | null;
  loadModel: 'closed' | 'open';
  connectionPolicy: ConnectionPolicy;
  targetOpsPerSec: number | null;
  rateProfile: RateStep[] | null;
  cooldownS: number;
  /** Seconds after which an unanswered operation counted as a timeout (absent in older runs: 60). */
  opTimeoutS?: number;
  /** Thresholds the run was checked against: the workload's, then the request's (absent: none). */
  thresholds?: string[];
  /** Consumers whose replication lag the run measured besides a replicated lab's own. */
  replication?: ReplicationTopology;
  /** Load agents the workers ran on (absent: this machine), with each one's clock offset. */
  agents?: RunAgentPlacement[];
  /** Runs on agents: the broker's URL (never its credentials) and the loss policy. */
  broker?: string;
  onAgentLoss?: AgentLossPolicy;
  /** Runs on several servers: the set and how connections were spread over it. */
  serverSet?: RunServerSet;
  /** External targets: the entry sample a server limit cut short (absent: a full sample, or none). */
  sampleLimit?: SampleLimit;
}

/** Whole-run figures over the measured phase. */
export interface RunSummary extends ReplicationLagFigures {
  opsPerSec: number;
  ops: number;
  errors: number;
  errorsByCode: Record<string, number>;
  entriesPerOp: number;
  measuredS: number;
  latencyUs: LatencySummary;
  model?: 'closed' | 'open';
  /** Open model: the mean target rate over the measured phase. */
  targetOpsPerSec?: number;
  behindSchedule?: number;
  intendedLatencyUs?: LatencySummary;
  /** True when the load workers, not the server, limited the run. */
  clientBound?: boolean;
  /** Why the run was or was not flagged client-bound, in words with the figures. */
  clientBoundEvidence?: string;
  /** First second after which the rate stays within 5% of its stable value (M-Vault's "time to full speed"). */
  timeToFullSpeedS?: number | null;
  connectionsOpened?: number;
  reconnects?: number;
  /** Mixes: each operation label's figures (their ops add up to `ops`). */
  operations?: Record<string, OperationSummary>;
  /** Entries the run added before load (its pool), and the removal of what it added at the end. */
  ownEntries?: { poolAdded: number; removed: number; left: number };
  /** This machine's calibrated load-generation ceiling for the run's settings, when one was measured. */
  clientCeilingOpsPerSec?: number;
  /**
   * Labs with a monitor: operations the server completed from load start to the run's end, by kind
   * (all phases; connections bind before load starts, so their binds are not in it), to
   * cross-check against the client's counts.
   */
  serverOperations?: Record<string, number>;
  /** Operations the client completed over the same window (warm-up, measured and cool-down). */
  clientOperationsAllPhases?: number;
  /** Targets (not labs): the server's monitor readings at load start and end, or why it was not read. */
  serverMonitor?: ServerMonitorSummary;
  /** Imported runs: the peer tool's own figures (there is no histogram behind `latencyUs`). */
  imported?: ImportedFigures;
  /** Runs on agents: each agent's share. */
  agents?: RunAgentSummary[];
  /** True when an agent was lost and the run went on without it (`onAgentLoss: continue`). */
  partial?: boolean;
  /** Runs on several servers: each server's share, in the set's order. */
  servers?: ServerShare[];
}

/** One row of the history list. */
export interface RunListItem {
  id: string;
  targetName: string;
  workload: WorkloadId;
  entries: number | null;
  connections: number;
  depth: number;
  status: RunStatus;
  opsPerSec: number | null;
  p99Us: number | null;
  startedAt: string;
  endedAt: string | null;
  /** Root DSE vendor and version (a lab's kind and version when the root DSE does not say). */
  serverVendor: string | null;
  serverVersion: string | null;
  tags: string[];
  notes: string | null;
  campaignId: string | null;
  source: RunSource;
  /** Thresholds the run breached; null when it had none or they were not checked (it did not complete). */
  thresholdsBreached: number | null;
}

/** A stored run with everything needed to chart it again. */
export interface RunDetail {
  id: string;
  status: RunStatus;
  /** Why the run ended, in words (e.g. "stopped by user", "worker 2 exited"). */
  endReason: string | null;
  config: RunConfig;
  environment: RunEnvironment;
  summary: RunSummary | null;
  samples: RunSample[];
  startedAt: string;
  endedAt: string | null;
  /** Where the run came from; absent in runs built outside the store (tests), meaning DirBench. */
  source?: RunSource;
  notes?: string | null;
  tags?: string[];
  /** Each threshold's verdict; null when the run had none or did not complete (so none were checked). */
  thresholdResults?: ThresholdResult[] | null;
  /** Replicated labs: each consumer's lag per second; absent when the run watched no replication. */
  replicationLag?: ReplicationLagSecond[];
}

/** State of the run in progress, for a UI that connects mid-run. */
export interface ActiveRun {
  runId: string;
  config: RunConfig;
  status: RunStatus;
  startedAt: string;
  samples: RunSample[];
  /** Load is over and workers are removing the entries the run added. */
  cleaning?: boolean;
}

/**
 * What a peer tool printed for an imported run or second. Imports have no histograms: `latencyUs`
 * then holds the tool's mean (and max when printed) with 0 for every percentile; the percentiles
 * the tool did print are here, under the scope the tool computed them over.
 */
export interface ImportedFigures {
  /** The tool, e.g. "UnboundID searchrate" or "OpenDJ searchrate". */
  tool: string;
  /** Percentiles as printed, keyed by percentile ("99.9"), in microseconds; empty when none. */
  percentilesUs: Record<string, number>;
  /** `cumulative`: over every operation since measurement began (OpenDJ), not this second alone. */
  percentileScope: 'cumulative' | 'interval' | null;
  /** Entries returned per search, as printed. */
  entriesPerSearch?: number;
}
