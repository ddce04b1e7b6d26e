// Maps the run's common wall-clock start (t0) onto this process's monotonic clock, for interval bucketing.

/** The run's time base in one worker: elapsed nanoseconds since t0 on the monotonic clock. */
export class RunClock {
  /** Common wall-clock start of load (epoch ms), the same in every worker. */
  readonly t0Ms: number;
  /** process.hrtime.bigint() value that corresponds to t0Ms in this process. */
  readonly hrT0Ns: bigint;
  /** Elapsed time at which the run ends (warm-up + measured + cool-down), in ns. */
  readonly endElapsedNs: number;
  /** Seconds the run lasts when not stopped. */
  readonly totalS: number;

  constructor(t0Ms: number, totalS: number) {
    this.t0Ms = t0Ms;
    this.totalS = totalS;
    // Read the wall clock once; from here on only the monotonic clock counts (immune to clock steps).
    this.hrT0Ns = process.hrtime.bigint() + BigInt(Math.round((t0Ms - Date.now()) * 1e6));
    this.endElapsedNs = totalS * 1e9;
  }

  /** Nanoseconds since t0 (negative before t0) for an hrtime.bigint() reading. */
  elapsedNs(nowNs: bigint): number {
    return Number(nowNs - this.hrT0Ns);
  }

  /** Nanoseconds since t0, now. */
  elapsedNowNs(): number {
    return Number(process.hrtime.bigint() - this.hrT0Ns);
  }
}
