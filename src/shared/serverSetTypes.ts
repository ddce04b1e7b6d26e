// Several servers in one run (a target group): how connections are spread over them, and each
// server's share of the seconds and of the summary.
import type { LatencySummary, OperationSample } from './sampleTypes.ts';

/**
 * `round-robin`: connection i goes to server i mod N (UnboundID's RoundRobinServerSet);
 * `failover`: every connection goes to the first server that answers, the next one when it fails.
 */
export type ServerSetMode = 'round-robin' | 'failover';

/** The server set modes, for validation and option help. */
export const SERVER_SET_MODES: readonly ServerSetMode[] = ['round-robin', 'failover'];

/** The servers of a run with more than one, as recorded with its config (the first is its target). */
export interface RunServerSet {
  mode: ServerSetMode;
  servers: { targetId: string; name: string; url: string }[];
}

/** One server's share of a second: its figures and the connections open to it. */
export interface ServerSecond extends OperationSample {
  connections: number;
}

/** One server's share of the measured phase. */
export interface ServerShare {
  url: string;
  /** Connections open to it at the end of the measured phase. */
  connections: number;
  ops: number;
  opsPerSec: number;
  errors: number;
  errorsByCode: Record<string, number>;
  p99Us: number;
  latencyUs: LatencySummary;
}
