// Replication lag as a run measures it: marker writes on a supplier, seen on each consumer.

/** Lag figures of one consumer, in milliseconds. */
export interface LagFiguresMs {
  p50: number;
  p99: number;
  max: number;
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
