// Runs on several servers: each server's share of every second, summed over the workers like the
// per-label figures of a mix, and of the measured phase.
import type { ServerSecond, ServerShare } from '../../shared/serverSetTypes.ts';
import type { RunConfig } from '../../shared/types.ts';
import type { WorkerIntervalMessage } from '../loadgen/protocol.ts';
import { OperationTotals, SecondOperations } from './operationMerge.ts';

interface ServerBucket {
  operations: SecondOperations;
  /** Connections open to each server, summed over the workers that reported the second. */
  connections: number[];
}

/** Each server's figures per second and over the measured phase; inert for a run on one server. */
export class ServerFigures {
  private readonly urls: string[];
  private readonly buckets = new Map<number, ServerBucket>();
  private readonly totals: OperationTotals;
  /** Connections per server in the last measured second. */
  private lastConnections: number[] = [];

  constructor(config: RunConfig) {
    this.urls = config.serverSet?.servers.map((s) => s.url) ?? [];
    this.totals = new OperationTotals(this.urls);
  }

  private get active(): boolean {
    return this.urls.length > 1;
  }

  /** Adds one worker's per-server report of a second; throws on a server the run does not have. */
  add(report: WorkerIntervalMessage): void {
    if (!this.active || report.servers === undefined) return;
    let bucket = this.buckets.get(report.second);
    if (bucket === undefined) {
      bucket = { operations: new SecondOperations(this.urls), connections: this.urls.map(() => 0) };
      this.buckets.set(report.second, bucket);
    }
    bucket.operations.add(report.servers);
    report.serverConnections?.forEach((count, i) => {
      if (i < this.urls.length) bucket.connections[i] = (bucket.connections[i] ?? 0) + count;
    });
  }

  /** Each server's share of `second`, by URL (counted into the totals when `measured`); undefined on one server. */
  take(second: number, measured: boolean): Record<string, ServerSecond> | undefined {
    if (!this.active) return undefined;
    const bucket = this.buckets.get(second);
    this.buckets.delete(second);
    const operations = (bucket?.operations ?? new SecondOperations(this.urls)).take() ?? [];
    const connections = bucket?.connections ?? this.urls.map(() => 0);
    if (measured) {
      this.totals.add(operations);
      this.lastConnections = connections;
    }
    // Object.fromEntries: every URL is an own key.
    return Object.fromEntries(
      operations.map((o, i) => [o.label, { ...o.figures, connections: connections[i] ?? 0 }]),
    );
  }

  /** Each server's share of the measured phase, in the set's order; undefined on one server. */
  summary(measuredS: number): ServerShare[] | undefined {
    const byUrl = this.active ? this.totals.summary(measuredS) : undefined;
    if (byUrl === undefined) return undefined;
    return this.urls.flatMap((url, i) => {
      const s = byUrl[url];
      if (s === undefined) return [];
      const { ops, opsPerSec, errors, errorsByCode, latencyUs } = s;
      const connections = this.lastConnections[i] ?? 0;
      return [
        { url, connections, ops, opsPerSec, errors, errorsByCode, p99Us: latencyUs.p99, latencyUs },
      ];
    });
  }
}
