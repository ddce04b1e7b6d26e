// A clock for orchestrator tests: time moves only when the test says, and timers fire in order.
import type { OrchestratorClock } from '../runner/orchestratorClock.ts';

interface Pending {
  atMs: number;
  /** Order of creation, so timers due at the same moment fire as they were set. */
  seq: number;
  fn: () => void;
}

/** An OrchestratorClock that stands still until `advance`. */
export class ManualClock implements OrchestratorClock {
  private now: number;
  private seq = 0;
  private readonly pending = new Set<Pending>();

  constructor(startMs = 1_700_000_000_000) {
    this.now = startMs;
  }

  nowMs(): number {
    return this.now;
  }

  after(ms: number, fn: () => void): () => void {
    const timer: Pending = { atMs: this.now + Math.max(0, ms), seq: this.seq++, fn };
    this.pending.add(timer);
    return () => this.pending.delete(timer);
  }

  /** Moves time on by `ms`, firing each timer that falls due on the way, earliest first. */
  advance(ms: number): void {
    const endMs = this.now + ms;
    for (;;) {
      let next: Pending | null = null;
      for (const t of this.pending) {
        if (
          t.atMs <= endMs &&
          (next === null || t.atMs < next.atMs || (t.atMs === next.atMs && t.seq < next.seq))
        )
          next = t;
      }
      if (next === null) break;
      this.pending.delete(next);
      this.now = next.atMs;
      next.fn();
    }
    this.now = endMs;
  }
}
