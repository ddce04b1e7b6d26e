// Each load agent's part of a run, counted by the coordinator from its workers' seconds: per
// second (ops, errors, and whether its figures were in time, late or missing after its loss) and
// over the measured phase, for the run's samples and summary.
import type { RunAgentSummary, SampleAgent } from '../../shared/agentTypes.ts';
import type { WorkerIntervalMessage } from '../loadgen/protocol.ts';

/** A second whose figures from an agent arrive this long after it ended was late. */
export const LATE_AFTER_MS = 3_000;

/** One agent's figures for one second. */
interface AgentSecond {
  ops: number;
  errors: number;
  /** Its workers that reported the second. */
  reports: number;
  late: boolean;
}

/** Counts each agent's part of a run as its workers' seconds arrive. */
export class AgentTally {
  readonly #placement: readonly string[];
  readonly #names: readonly string[];
  readonly #nowMs: () => number;
  readonly #seconds = new Map<string, Map<number, AgentSecond>>();
  readonly #lost = new Set<string>();
  #t0Ms: number | null = null;

  /** `placement`: the agent of each worker (by global worker index). */
  constructor(placement: readonly string[], nowMs: () => number = Date.now) {
    this.#placement = placement;
    this.#names = [...new Set(placement)];
    this.#nowMs = nowMs;
    for (const name of this.#names) this.#seconds.set(name, new Map());
  }

  /** Load starts at `t0Ms` on the coordinator's clock (lateness is measured from it). */
  start(t0Ms: number): void {
    this.#t0Ms = t0Ms;
  }

  /** Worker `workerIndex` reported `interval` (each worker's second is added once). */
  add(workerIndex: number, interval: WorkerIntervalMessage): void {
    const name = this.#placement[workerIndex];
    if (name === undefined) return;
    const seconds = this.#seconds.get(name) as Map<number, AgentSecond>;
    const entry = seconds.get(interval.second) ?? { ops: 0, errors: 0, reports: 0, late: false };
    entry.ops += interval.ops;
    entry.errors += interval.errors;
    entry.reports += 1;
    const dueMs = this.#t0Ms === null ? null : this.#t0Ms + (interval.second + 1) * 1000;
    if (dueMs !== null && this.#nowMs() > dueMs + LATE_AFTER_MS) entry.late = true;
    seconds.set(interval.second, entry);
  }

  /** Agent `name` was lost: the seconds it did not report are marked so. */
  lose(name: string): void {
    this.#lost.add(name);
  }

  /** Each agent's part of `second`. */
  sampleAgents(second: number): SampleAgent[] {
    return this.#names.map((name) => {
      const entry = this.#seconds.get(name)?.get(second);
      const complete = entry !== undefined && entry.reports >= this.#workersOf(name);
      const state: SampleAgent['state'] =
        this.#lost.has(name) && !complete ? 'lost' : entry?.late === true ? 'late' : 'reported';
      return { name, ops: entry?.ops ?? 0, errors: entry?.errors ?? 0, state };
    });
  }

  /**
   * Each agent's figures over the measured seconds `[fromS, toS)`, as ops per `measuredS`
   * (the run summary's, which a stopped run's partial last second shortens).
   */
  summaries(
    fromS: number,
    toS: number,
    measuredS: number,
    clockOffsetsMs: ReadonlyMap<string, number>,
  ): RunAgentSummary[] {
    return this.#names.map((name) => {
      let ops = 0;
      let errors = 0;
      let lateSeconds = 0;
      for (const [second, entry] of this.#seconds.get(name) ?? []) {
        if (second < fromS || second >= toS) continue;
        ops += entry.ops;
        errors += entry.errors;
        if (entry.late) lateSeconds += 1;
      }
      return {
        name,
        opsPerSec: measuredS > 0 ? Math.round((ops / measuredS) * 10) / 10 : 0,
        ops,
        errors,
        clockOffsetMs: clockOffsetsMs.get(name) ?? 0,
        lost: this.#lost.has(name),
        lateSeconds,
      };
    });
  }

  #workersOf(name: string): number {
    return this.#placement.filter((n) => n === name).length;
  }
}
