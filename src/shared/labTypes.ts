// Managed lab servers: shapes, load methods, states, and what the UI and CLI see of a lab.
import type { ApiErrorBody } from './errors.ts';
import type { LabKind } from './labKinds.ts';

/** A lab server kind: one row of LAB_KINDS (src/shared/labKinds.ts) each. */
export type { LabKind } from './labKinds.ts';

/** Directory shapes a lab can be generated in: Salford's (seed 000) or M-Vault's flat one (seed 001). */
export const LAB_SHAPES = ['salford', 'flat'] as const;

/** A generated directory shape (core's DIRECTORY_SHAPES has one entry for each). */
export type LabShape = (typeof LAB_SHAPES)[number];

/** True when `name` is a built-in shape's name (for untrusted input). */
export function isShapeName(name: unknown): name is LabShape {
  return typeof name === 'string' && (LAB_SHAPES as readonly string[]).includes(name);
}

/** How a lab's entries are loaded: the server's offline tool, or adds over LDAP. */
export type LabLoadMethod = 'offline' | 'protocol';

/** How a TLS lab's target connects: StartTLS on the LDAP port, or ldaps:// on its own port. */
export type LabTlsMode = 'starttls' | 'ldaps';

/** Life-cycle state of a managed lab server. */
export type LabState = 'loading' | 'starting' | 'running' | 'stopped' | 'failed';

/** Most consumers a lab may have: each is a whole server on this machine. */
export const MAX_LAB_REPLICAS = 4;

/** A consumer of a replicated lab: a server of the lab's kind in a folder and on a port of its own. */
export interface LabReplica {
  url: string;
  port: number;
  /** PID of its server; null once stopped. */
  pid: number | null;
  /** Its own folder (configuration, database, server.log), under the lab's. */
  dataDir: string;
}

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
  /** Consumers the lab's server (their supplier) replicates to, verified equal before load; absent or empty: one server. */
  replicas?: LabReplica[];
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

/**
 * How a lab's start ended, announced once per start: ready (the lab with its target) or failed
 * (the ApiError it ended with; code `cancelled` when it was stopped before it was ready).
 */
export type LabEnded =
  | { labId: string; status: 'ready'; lab: LabInfo }
  | { labId: string; status: 'failed'; error: ApiErrorBody };
