// Domain types shared by every layer: targets, labs, runs, samples and summaries.
import type { ThresholdResult } from './thresholdCheck.ts';
import type { RunSource } from './history.ts';
import type { WorkloadSpec } from './workload.ts';

/** A saved LDAP server to benchmark (or the target view of a running lab). */
export interface Target {
  id: string;
  name: string;
  /** `ldap://host:port` or `ldaps://host:port`. */
  url: string;
  startTls: boolean;
  bindDn: string;
  /** Never sent back to the renderer: `hasPassword` says whether one is stored. */
  hasPassword: boolean;
  baseDn: string;
  /** PEM file of the CA that signed the server's certificate; null: the system's trusted CAs. */
  caFile: string | null;
  /** Where the bind password comes from (the password itself never leaves core). */
  passwordSource: PasswordSource;
  /** The password file read at connect time (the user's own, or the mode-600 one DirBench wrote). */
  passwordFile: string | null;
  /** The environment variable read at connect time. */
  passwordEnv: string | null;
  /** False only when the user chose to trust an unverified server certificate. */
  tlsVerify: boolean;
  /** PEM client certificate and key for TLS (SASL EXTERNAL binds); null when none. */
  clientCertFile: string | null;
  clientKeyFile: string | null;
  /** Set when the target is a DirBench-managed lab server. */
  labId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the user types to create or edit a target; `password` undefined keeps the stored one. */
export interface TargetInput {
  id?: string;
  name: string;
  url: string;
  startTls: boolean;
  bindDn: string;
  password?: string;
  /** A file whose first line is the password (only its path is stored); instead of `password`. */
  passwordFile?: string;
  /** An environment variable holding the password (only its name is stored); instead of `password`. */
  passwordEnv?: string;
  baseDn: string;
  /** PEM file of the CA to trust for ldaps:// and StartTLS (blank: the system's trusted CAs). */
  caFile?: string;
  /** False trusts an unverified server certificate (an explicit choice, shown on every run); default true. */
  tlsVerify?: boolean;
  /** PEM client certificate and its key, for TLS client authentication and SASL EXTERNAL binds. */
  clientCertFile?: string;
  clientKeyFile?: string;
}

/**
 * Where a target's bind password is kept: nowhere, the user's own file, the mode-600 file DirBench
 * wrote for a typed password (`managed-file`), an environment variable, or sealed by the OS.
 */
export type PasswordSource = 'none' | 'file' | 'managed-file' | 'env' | 'sealed';

/** The parts of a server's root DSE a benchmark report needs. */
export interface RootDseInfo {
  vendorName: string | null;
  vendorVersion: string | null;
  namingContexts: string[];
  supportedLDAPVersion: string[];
  supportedControl: string[];
  supportedExtension: string[];
  supportedSASLMechanisms: string[];
}

/** Outcome of "Test connection": either the root DSE or an error in plain words. */
export type ConnectionTestResult =
  { ok: true; rootDse: RootDseInfo; bindMs: number } | { ok: false; error: LdapFailure };

/** An LDAP or network failure explained for a person. */
export interface LdapFailure {
  /** LDAP result code when the server answered, null for network-level failures. */
  resultCode: number | null;
  /** Symbolic name, e.g. `invalidCredentials` or `ECONNREFUSED`. */
  codeName: string;
  /** One sentence saying what went wrong and what to do about it. */
  message: string;
}

/** Lab server kinds DirBench can manage. */
/** Lab server kinds: OpenLDAP slapd, 389 Directory Server, OpenDJ. */
export type LabKind = 'openldap' | '389ds' | 'opendj';

/** Directory shapes a lab can be generated in: Salford's (seed 000) or M-Vault's flat one (seed 001). */
export type LabShape = 'salford' | 'flat';

/** How a lab's entries are loaded: the server's offline tool, or adds over LDAP. */
export type LabLoadMethod = 'offline' | 'protocol';

/** How a TLS lab's target connects: StartTLS on the LDAP port, or ldaps:// on its own port. */
export type LabTlsMode = 'starttls' | 'ldaps';

/** Life-cycle state of a managed lab server. */
export type LabState = 'loading' | 'starting' | 'running' | 'stopped' | 'failed';

/** A managed local server on a loopback port with a generated directory. */
export interface LabInfo {
  id: string;
  kind: LabKind;
  state: LabState;
  entries: number;
  seed: number;
  port: number | null;
  pid: number | null;
  url: string;
  baseDn: string;
  bindDn: string;
  /** Naming context the server holds (the LDIF's first entry), e.g. `c=gb`. */
  suffix: string;
  /** File holding the root DN's password (mode 600), for scripts and peer tools. */
  passwordFile: string;
  /** Directory shape of the generated data, e.g. `salford`. */
  shape: string;
  /** Index profile the server was configured with (data/index-profiles.json, or `custom`). */
  indexProfile: string;
  /** The indexes themselves, as `attribute types` lines (e.g. `cn eq,sub,pres`). */
  indexes: string[];
  /** The server's version as it reports it, e.g. "OpenLDAP 2.5.13"; null until started. */
  serverVersion: string | null;
  /** Id of the target that points at this lab. */
  targetId: string | null;
  dataDir: string;
  /** Seconds the server's offline tool took to bulk load the LDIF (Salford's Tables 3-4), null until known. */
  loadS: number | null;
  /** Seconds spent generating the LDIF (0 when a cached data set was reused), null until known. */
  generateS: number | null;
  /** Seconds from starting the server to its first LDAP answer, null until known. */
  startS: number | null;
  /** Entries the running server holds under the suffix (headers included), counted after the load. */
  verifiedEntries: number | null;
  /** How the entries went in: the server's offline bulk loader, or LDAP adds on the running server. */
  loadMethod: LabLoadMethod;
  /** Connections a protocol load added on; null for offline loads. */
  loadConnections: number | null;
  /** TLS: how the lab's target connects (StartTLS or ldaps://), the lab CA to trust, the ldaps:// URL. */
  tls: { mode: LabTlsMode; caFile: string; ldapsUrl: string } | null;
  /** True when the lab was started from the CLI and outlives the command until `lab stop`. */
  persistent: boolean;
  error: string | null;
  createdAt: string;
}

/** Whether this machine can run a lab kind, with install instructions when it cannot. */
export interface LabAvailability {
  kind: LabKind;
  available: boolean;
  /** Paths of the binaries found, or the install hint when missing. */
  detail: string;
}

/** Progress of a long lab operation, streamed as an event. */
export interface LabProgress {
  labId: string;
  step: 'generate' | 'load' | 'start' | 'verify' | 'ready' | 'failed';
  done: number;
  total: number;
  message: string;
  /** Advice that holds for the whole step (e.g. kernel settings slowing a big load), repeated on each event. */
  notice?: string;
}

/** A workload's id: a catalog entry (`salford/S.3`), the built-in `read-random`, or `adhoc`. */
export type WorkloadId = string;

/** How a run reached the directory: one of the connection policies. */
export interface ConnectionSettings {
  connections: number;
  /** Outstanding requests per connection (pipelining depth). */
  depth: number;
  tcpNoDelay: boolean;
}

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
}

/** Run life-cycle states; `interrupted` means the host died while it ran. */
export type RunStatus =
  'preparing' | 'running' | 'completed' | 'stopped' | 'failed' | 'interrupted';

/** Which part of a run a second belongs to. */
export type RunPhase = 'warmup' | 'measured' | 'cooldown';

/** Latency figures in integer microseconds, from merged HDR histograms. */
export interface LatencySummary {
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  mean: number;
}

/** One second of a run, merged across workers. */
export interface RunSample {
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
  /** The lab server process, when the target is a local lab. */
  server?: ServerTelemetry;
  /** Imported runs: the peer tool's own figures (there is no histogram behind `latencyUs`). */
  imported?: ImportedFigures;
}

/** One operation label's share of a second. */
export interface OperationSample {
  ops: number;
  errors: number;
  errorsByCode: Record<string, number>;
  entries: number;
  latencyUs: LatencySummary;
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

/** How busy one load worker process was during one second. */
export interface WorkerTelemetry {
  worker: number;
  /** User + system CPU time over wall time (100 = one core fully used). */
  cpuPercent: number;
  /** Event-loop utilisation, 0..1. */
  eventLoopUtilization: number;
  eventLoopDelayP99Us: number;
  /** Requests sent and not yet answered at the end of the second. */
  outstanding: number;
  /** Garbage-collection pause, ms per 1000 ms of wall time (absent from runs recorded before it was measured). */
  gcPauseMs?: number;
  /** Garbage collections (minor and major) per second. */
  gcCount?: number;
  /** Major (mark-compact) collections per second. */
  majorGcCount?: number;
}

/** The lab server process's resource use during one second. */
export interface ServerTelemetry {
  cpuPercent: number;
  rssMb: number;
}

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
}

/** Whole-run figures over the measured phase. */
export interface RunSummary {
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
  /** Imported runs: the peer tool's own figures (there is no histogram behind `latencyUs`). */
  imported?: ImportedFigures;
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
