// Replication lag as a run measures it: marker writes on a supplier, seen on each consumer.
import { invalid } from './errors.ts';

/** Lag figures of one consumer, in milliseconds. */
export interface LagFiguresMs {
  p50: number;
  p99: number;
  max: number;
}

/** A run summary's replication figures (replicated labs, or targets grouped with consumers). */
export interface ReplicationLagFigures {
  /** Each consumer's replication lag over the run (markers written during load), by URL. */
  replicationLagMs?: Record<string, LagFiguresMs>;
  /** How finely consumers were watched (their polling interval), so no lag is finer than this. */
  replicationLagResolutionMs?: number;
  /** Consumers that stopped receiving (a marker unseen for longer than the limit), by URL, in words. */
  replicationLagErrors?: Record<string, string>;
  /** How each consumer was watched, by URL: persistent search (each change as it lands) or polling. */
  replicationLagMethods?: Record<string, LagMethod>;
}

/** How the probe saw a consumer's changes. */
export type LagMethod = 'persistent search' | 'polling';

/** A run second's replication figures, taken live as the second ends. */
export interface SampleReplicationLag {
  /**
   * Each consumer's lag now, by URL: the newest marker it shows took this long, or, while markers
   * wait unseen, the oldest of them is this old (so a consumer that stopped receiving grows).
   */
  replicationLagMs?: Record<string, number>;
}

/** One consumer's lag in one second of a run (markers written in that second). */
export interface ReplicationLagSecond {
  /** Seconds since load started (0-based), as the run's samples count them. */
  second: number;
  /** The consumer's LDAP URL. */
  consumer: string;
  /** Markers written on the supplier in this second. */
  markers: number;
  /** Of them, markers the consumer had not shown by the end (their lag is their age then). */
  unseen: number;
  /** Each marker's lag, in the order written: the histogram of the second at a few markers a second. */
  lagsMs: number[];
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** A target grouped with its consumers: the target is the supplier, each consumer read with its bind. */
export interface ReplicationTopology {
  /** LDAP URLs of the consumers (1 to 8). */
  consumers: string[];
}

/** Checks a run request's topology; throws naming `replication.consumers`. */
export function validateReplicationTopology(topology: ReplicationTopology): void {
  const consumers: unknown = (Object(topology) as { consumers?: unknown }).consumers;
  const field = 'replication.consumers';
  if (!Array.isArray(consumers) || consumers.length < 1 || consumers.length > 8) {
    const rule = 'must list 1 to 8 consumer URLs, e.g. ["ldap://replica1:389"]';
    throw invalid(field, `${field} ${rule}`, { detail: rule });
  }
  consumers.forEach((url: unknown, i) => {
    if (typeof url !== 'string' || !/^ldaps?:\/\/[^/\s]+\/?$/i.test(url)) {
      const rule = `must be an LDAP URL like ldap://replica1:389, got ${JSON.stringify(url)}`;
      throw invalid(`${field}[${i}]`, `${field}[${i}] ${rule}`, { detail: rule });
    }
  });
  if (new Set(consumers.map((u: string) => u.toLowerCase())).size !== consumers.length) {
    const rule = 'names a consumer twice; list each once';
    throw invalid(field, `${field} ${rule}`, { detail: rule });
  }
}
