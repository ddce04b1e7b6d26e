// Wall-clock time and timers as a run's orchestrator uses them, so tests can drive time by hand.

/** The orchestrator's time: epoch milliseconds and one-shot timers that can be cancelled. */
export interface OrchestratorClock {
  nowMs(): number;
  /** Calls `fn` once after `ms`; the returned function cancels it. */
  after(ms: number, fn: () => void): () => void;
}

/** The machine's clock and Node's timers. */
export const systemClock: OrchestratorClock = {
  nowMs: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};
