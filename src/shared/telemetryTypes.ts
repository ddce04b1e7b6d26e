// What a run records of the machines' own load each second: the load workers' and a lab server's.

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
