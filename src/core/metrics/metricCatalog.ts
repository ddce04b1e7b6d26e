// Every metric family DirBench exposes: name, type, unit and help, in the order a scrape lists them.
import type { MetricType } from './openMetrics.ts';

/** What a family is, before any sample. */
export interface FamilyMeta {
  name: string;
  type: MetricType;
  help: string;
  unit?: string;
}

/** The families, by the key the run state files samples under. */
export const METRIC_CATALOG = {
  run: {
    name: 'dirbench_run',
    type: 'info',
    help: 'A run DirBench knows of (active, or ended in the last minutes) and its settings.',
  },
  active: {
    name: 'dirbench_run_active',
    type: 'gauge',
    help: '1 while the run prepares, loads or cleans up; 0 once it ended.',
  },
  elapsed: {
    name: 'dirbench_run_elapsed_seconds',
    type: 'gauge',
    unit: 'seconds',
    help: 'Seconds of load so far (warm-up, measured and cool-down).',
  },
  operations: {
    name: 'dirbench_operations',
    type: 'counter',
    help: 'Operations that succeeded, by operation label and phase (warmup, measured, cooldown).',
  },
  errors: {
    name: 'dirbench_errors',
    type: 'counter',
    help: 'Operations that failed, by operation label, phase and LDAP result code name or network cause.',
  },
  entries: {
    name: 'dirbench_entries',
    type: 'counter',
    help: 'Entries the successful operations returned or touched.',
  },
  latency: {
    name: 'dirbench_operation_latency_seconds',
    type: 'histogram',
    unit: 'seconds',
    help: "Latency of successful operations; buckets estimated from each second's percentiles (p50, p90, p99, p99.9, max).",
  },
  behindSchedule: {
    name: 'dirbench_behind_schedule',
    type: 'counter',
    help: 'Open model: operations that could not be started at their scheduled time.',
  },
  scheduled: {
    name: 'dirbench_scheduled_operations',
    type: 'counter',
    help: 'Open model: operations the rate schedule called for.',
  },
  connectionsOpened: {
    name: 'dirbench_connections_opened',
    type: 'counter',
    help: 'Connections the load workers opened during load.',
  },
  connectionsClosed: {
    name: 'dirbench_connections_closed',
    type: 'counter',
    help: 'Connections the load workers closed during load.',
  },
  reconnects: {
    name: 'dirbench_reconnects',
    type: 'counter',
    help: 'Connections that dropped and were reopened outside the connection policy.',
  },
  sentBytes: {
    name: 'dirbench_client_sent_bytes',
    type: 'counter',
    unit: 'bytes',
    help: 'Bytes the load workers sent.',
  },
  receivedBytes: {
    name: 'dirbench_client_received_bytes',
    type: 'counter',
    unit: 'bytes',
    help: 'Bytes the load workers received.',
  },
  clientCpu: {
    name: 'dirbench_client_cpu_ratio',
    type: 'gauge',
    unit: 'ratio',
    help: "A load worker's CPU time over wall time in the last second (1 = one core busy).",
  },
  eventLoopUtilization: {
    name: 'dirbench_client_event_loop_utilization_ratio',
    type: 'gauge',
    unit: 'ratio',
    help: "A load worker's event-loop utilisation in the last second (0..1).",
  },
  eventLoopDelay: {
    name: 'dirbench_client_event_loop_delay_p99_seconds',
    type: 'gauge',
    unit: 'seconds',
    help: "A load worker's 99th percentile event-loop delay in the last second.",
  },
  outstanding: {
    name: 'dirbench_client_outstanding_requests',
    type: 'gauge',
    help: 'Requests a load worker had sent and not yet seen answered at the end of the last second.',
  },
  gcPause: {
    name: 'dirbench_client_gc_pause_ratio',
    type: 'gauge',
    unit: 'ratio',
    help: "A load worker's garbage-collection pause time over wall time in the last second.",
  },
  serverCpu: {
    name: 'dirbench_server_cpu_ratio',
    type: 'gauge',
    unit: 'ratio',
    help: "Labs: the directory server process's CPU time over wall time in the last second.",
  },
  serverRss: {
    name: 'dirbench_server_rss_bytes',
    type: 'gauge',
    unit: 'bytes',
    help: "Labs: the directory server process's resident memory.",
  },
} as const satisfies Record<string, FamilyMeta>;

/** A family's key in METRIC_CATALOG. */
export type FamilyKey = keyof typeof METRIC_CATALOG;

/** The suffixes a family's samples carry, by type (what Prometheus queries name). */
const SUFFIXES: Record<MetricType, readonly string[]> = {
  counter: ['_total'],
  gauge: [''],
  histogram: ['_bucket', '_count', '_sum'],
  info: ['_info'],
};

/** The suffix of a type's single-valued samples (`_total` for counters). */
export function valueSuffix(type: MetricType): string {
  return SUFFIXES[type][0] ?? '';
}

/** Every sample name a scrape can hold, e.g. `dirbench_operations_total`, `..._seconds_bucket`. */
export function exposedMetricNames(): string[] {
  return Object.values(METRIC_CATALOG).flatMap((family: FamilyMeta) =>
    SUFFIXES[family.type].map((suffix) => `${family.name}${suffix}`),
  );
}
