// Domain types shared by every layer: targets, labs, runs, samples and summaries.

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
  baseDn: string;
}

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
export type LabKind = 'openldap';

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
  /** Id of the target that points at this lab. */
  targetId: string | null;
  dataDir: string;
  /** Seconds spent generating LDIF and bulk loading, null until known. */
  loadS: number | null;
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
  step: 'generate' | 'load' | 'start' | 'ready' | 'failed';
  done: number;
  total: number;
  message: string;
}

/** Workloads available in this version. */
export type WorkloadId = 'read-random';

/** How a run reached the directory: one of the connection policies. */
export interface ConnectionSettings {
  connections: number;
  /** Outstanding requests per connection (pipelining depth). */
  depth: number;
  tcpNoDelay: boolean;
}

/** Everything needed to start a run; stored verbatim with the run. */
export interface RunRequest {
  targetId: string;
  workload: WorkloadId;
  connections: number;
  depth: number;
  warmupS: number;
  durationS: number;
  /** Worker processes; defaults to CPU cores - 1 (at least 1). */
  workers?: number;
  tcpNoDelay?: boolean;
  seed?: number;
}

/** Run life-cycle states; `interrupted` means the host died while it ran. */
export type RunStatus =
  'preparing' | 'running' | 'completed' | 'stopped' | 'failed' | 'interrupted';

/** Which part of a run a second belongs to. */
export type RunPhase = 'warmup' | 'measured';

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
  latencyUs: LatencySummary;
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
  lab: { kind: LabKind; entries: number; seed: number; indexProfile: string } | null;
}

/** The stored configuration of a run: the request resolved against its target. */
export interface RunConfig extends Required<RunRequest> {
  targetName: string;
  url: string;
  startTls: boolean;
  bindDn: string;
  baseDn: string;
  /** Number of entries the directory holds, when known. */
  entries: number | null;
  loadModel: 'closed';
  connectionPolicy: 'persistent';
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
}

/** State of the run in progress, for a UI that connects mid-run. */
export interface ActiveRun {
  runId: string;
  config: RunConfig;
  status: RunStatus;
  startedAt: string;
  samples: RunSample[];
}
