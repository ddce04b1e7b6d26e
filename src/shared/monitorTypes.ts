// What a run records from the server's own monitor (cn=monitor and kin), for labs and for any target.
import type { LabKind } from './labKinds.ts';
import type { ServerLimit } from './serverLimits.ts';

/** The servers DirBench tells from their root DSE: a lab kind, Active Directory, or none it knows. */
export type MonitoredServerKind = LabKind | 'active-directory' | 'unknown';

/** One reading of the server's monitor. */
export interface ServerMonitorReading {
  /** Operations completed since the server started, by kind (bind, search, modify, ...). */
  operations: Record<string, number>;
  /** Client connections open at the time of the reading, where the server says. */
  connections?: number;
  /** Server threads (OpenLDAP: open worker threads; 389 DS: threads), where the server says. */
  threads?: number;
  /** Memory in use (OpenDJ: the JVM's used memory), where the server says. */
  memoryMb?: number;
  /** The server limit that cut the reading's search short (some figures may be missing); absent: none. */
  cutShortBy?: ServerLimit;
}

/**
 * A target's monitor with one run second (when the run's bind may read it). The monitor is read as
 * each second ends, and the reading comes back while the next one runs: the figures stored with
 * second N are those of second N - 1.
 */
export interface ServerMonitorSample {
  /** Operations per second the server completed between its last two readings, its own reads left out. */
  opsPerSec: number;
  connections?: number;
  threads?: number;
  memoryMb?: number;
}

/** What the run learnt from the server's monitor, stored with its summary. */
export interface ServerMonitorSummary {
  /** The server as told from its root DSE (and, for OpenLDAP, its monitor). */
  server: MonitoredServerKind;
  /** Readings at load start and at the run's end; absent when the monitor could not be read. */
  before?: ServerMonitorReading;
  after?: ServerMonitorReading;
  /** Why the monitor was not read (ACL, not exposed, which server), or what cut its readings short. */
  note?: string;
}
