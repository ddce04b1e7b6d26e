// The contract every lab server kind implements (OpenLDAP, 389 DS, OpenDJ, Samba AD, ApacheDS):
// what it needs to run, how it is configured and bulk-loaded, started on a loopback address,
// identified, stopped and replicated, and how its server's monitor is read.
import type { ChildProcess } from 'node:child_process';
import type { Client } from 'ldapts';
import type { LabAvailability, LabKind } from '../../shared/labTypes.ts';
import type { IndexProfile } from '../../shared/workload.ts';
import type { LdifEntry } from '../ldif/entries.ts';
import type { MonitorReader } from '../monitor/serverMonitor.ts';
import type { StopOutcome } from './processes.ts';
import type { ProcessExit } from './watchdog.ts';

/** Everything a driver needs to know about one lab; the driver owns everything under `labDir`. */
export interface LabServerConfig {
  /** Absolute, existing directory of this lab (config, database, logs, pid files). */
  labDir: string;
  /** Loopback port the server listens on (127.0.0.1). */
  port: number;
  /** Naming context the server holds, e.g. `c=gb`; the LDIF's first entry is this suffix. */
  suffix: string;
  /** The lab administrator's DN (the driver's `rootDn(suffix)`) and plain-text password. */
  rootDn: string;
  rootPassword: string;
  /** Indexes to build, beyond what the server always keeps (objectClass equality). */
  indexProfile: IndexProfile;
  /** Entries the lab will hold, for sizing maps and caches. */
  entries: number;
  /** StartTLS on the LDAP port and ldaps:// on `ldapsPort`, with these PEM files (kinds whose row's capabilities say `tls`). */
  tls?: { caFile: string; certFile: string; keyFile: string; ldapsPort: number };
}

/** How to bulk load. */
export interface BulkLoadOptions {
  /** LDIF whose first entry is the suffix, parents before children. */
  ldifPath: string;
  /** The loader's output goes here (appended). */
  logPath: string;
  signal: AbortSignal;
  /** Fraction loaded so far, 0..1, now and then (as often as the tool lets us know). */
  onProgress(fraction: number): void;
}

/** How to start. */
export interface StartOptions {
  /** Detached so it outlives this process (until `lab stop`); otherwise it dies with us (watchdog). */
  persistent: boolean;
  /** The server's own stdout/stderr go here (appended). */
  logPath: string;
  signal: AbortSignal;
  /** Longest wait for the server to answer LDAP. */
  timeoutMs: number;
}

/** A started server that answers LDAP. */
export interface RunningServer {
  /** PID of the server process itself (what CPU/RSS are sampled from and what `stop` signals). */
  pid: number;
  url: string;
  /** Settles when the server exits (known only while this process lives). */
  exited: Promise<ProcessExit>;
  /** The process we spawned (the server itself when persistent, else its watchdog shell). */
  child: ChildProcess;
}

/** One kind of lab server. */
export interface LabDriver {
  readonly kind: LabKind;
  /** Product name for messages, e.g. "389 Directory Server". */
  readonly title: string;
  /** True when the kind picks its own address at start (Samba AD: a loopback address of its own, port 389), not 127.0.0.1:`port`. */
  readonly ownAddress?: boolean;
  /** Whether this machine can run it; when not, `detail` is the install command. */
  availability(): LabAvailability;
  /** The administrator DN of a lab holding `suffix` (e.g. `cn=admin,c=gb` or `cn=Directory Manager`). */
  rootDn(suffix: string): string;
  /**
   * Where this kind keeps a shape's `suffix` when not at it (Samba AD: under its domain, the only
   * place AD authenticates accounts); absent: at it. The LDIF's DNs are moved there as it loads.
   */
  placeSuffix?(suffix: string): string;
  /** An LDIF entry as this kind needs it added over LDAP (Samba AD: persons as enabled accounts). */
  protocolEntry?(entry: LdifEntry): LdifEntry;
  /** Creates the server's configuration (instance) under `labDir`, with the profile's indexes. */
  configure(config: LabServerConfig, signal: AbortSignal): Promise<void>;
  /** Loads the LDIF with the server's own offline tool while it is stopped. */
  bulkLoad(config: LabServerConfig, options: BulkLoadOptions): Promise<void>;
  /** Starts the server on 127.0.0.1:`config.port` and resolves once it answers LDAP. */
  start(config: LabServerConfig, options: StartOptions): Promise<RunningServer>;
  /** Stops `pid` if (and only if) it is this lab's server; SIGTERM then SIGKILL. */
  stop(pid: number, labDir: string, graceMs?: number): Promise<StopOutcome>;
  /** True when `pid` is the live server of the lab in `labDir` (PIDs get reused). */
  isLabProcess(pid: number, labDir: string): boolean;
  /** The server's version as it reports it, e.g. "OpenLDAP 2.5.13"; null when it cannot tell. */
  version(): Promise<string | null>;
  /** Deletes the database (it can be gigabytes) and keeps configuration and logs for diagnosis. */
  removeData(labDir: string): void;
  /**
   * Operations the server has completed since it started, by kind (`search`, `add`, `delete`,
   * `modify`, `modrdn`, `compare`, `bind`, ...), read from its monitor with `client` (bound as the
   * lab's root); absent where the server keeps no such counts.
   */
  operationCounts?(client: Client): Promise<Record<string, number>>;
  /** The most entries its labs can hold and why (a start asking more is refused before anything is written). */
  readonly entryLimit?: { max: number; why: string };
  /** Runs once the entries are in and the server answers at `url` (e.g. access rules kept in the data). */
  afterLoad?(config: LabServerConfig, url: string): Promise<void>;
  /** How its labs replicate; absent when they cannot have replicas (as its row's capabilities say). */
  readonly replicas?: ReplicaSupport;
  /** Fetches the server software DirBench installs itself (kinds whose row's install is a download). */
  fetchSoftware?(signal: AbortSignal): Promise<void>;
}

/** What core has for one lab kind, listed under its key in src/core/lab/drivers.ts. */
export interface LabKindCode {
  /** Makes its driver; software DirBench downloads (OpenDJ's zip) is kept under `softwareDir`. */
  createDriver(softwareDir: string): LabDriver;
  /**
   * Reads its server's monitor with one search, for its labs' runs and for any target of its
   * kind; absent when its row says its server has no monitor to read.
   */
  readMonitor?: MonitorReader;
}

/** The supplier's data, exported once for every consumer; `dispose` deletes what it wrote. */
export interface SupplierExport {
  /** An LDIF of the supplier's entries with their replication metadata; null when the kind initializes consumers itself. */
  ldifPath: string | null;
  dispose(): void;
}

/** One consumer being built. */
export interface ConsumerBuild {
  driver: LabDriver;
  supplier: LabServerConfig;
  supplierUrl: string;
  consumer: LabServerConfig;
  /** 1-based number of the consumer. */
  number: number;
  seed: SupplierExport;
}

/** How one kind replicates: the supplier's settings, a consumer's settings and data, and the replication state. */
export interface ReplicaSupport {
  /** Adds the supplier's replication settings to the configuration its driver wrote, before load. */
  prepareSupplier(config: LabServerConfig): Promise<void>;
  /** Exports the running, loaded supplier's data for the consumers. */
  exportSupplier(config: LabServerConfig, signal: AbortSignal): Promise<SupplierExport>;
  /** Writes a stopped consumer's configuration (its driver's plus replication) and gives it the data. */
  prepareConsumer(build: ConsumerBuild, signal: AbortSignal): Promise<void>;
  /** Runs once the consumer answers at `consumerUrl` (e.g. a replication agreement on the supplier). */
  connectConsumer?(build: ConsumerBuild, consumerUrl: string, signal: AbortSignal): Promise<void>;
  /** What a server shows of the changes it holds (contextCSN, RUV); equal on supplier and caught-up consumer. */
  syncState(url: string, bindDn: string, password: string, suffix: string): Promise<string | null>;
}
