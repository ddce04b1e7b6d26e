// Open-model dispatcher of one worker: hands each scheduled op, when due, to a load loop that is free.
import type { RateSchedule } from './rateSchedule.ts';
import { shareOfOps, shareOpsInWindow } from './rateSchedule.ts';

/**
 * Lateness above which an op counts as behind schedule. Node timers have 1 ms granularity, so a
 * wake-up lands up to about 1 ms after the due time even on an idle event loop; lateness below
 * this is the scheduler's own jitter (it still shows in the intended-start latency).
 */
export const BEHIND_TOLERANCE_NS = 2_000_000;

/** What the dispatcher needs from its worker: the clock, the end, and where late ops are counted. */
export interface OpenSchedulerHost {
  /** Nanoseconds since t0, now. */
  nowNs(): number;
  /** Elapsed time at which the run ends; no op due at or after it is handed out. */
  endNs: number;
  /** Counts `count` ops that started late (or never started) at `elapsedNs`. */
  late(elapsedNs: number, count: number): void;
}

/**
 * This worker's share of the merged schedule: its k-th op is global op k * shares + share, so the
 * workers together issue exactly the target. Each free loop (a connection with room for one more
 * outstanding request) asks `next()`; it resolves with the op's intended start once due. An op
 * nobody is free for waits and is sent as soon as a loop frees up - late, counted, never batched
 * away - and its intended start stays the scheduled one.
 */
export class OpenScheduler {
  private readonly schedule: RateSchedule;
  private readonly share: number;
  private readonly shares: number;
  private readonly host: OpenSchedulerHost;
  /** Ops of this worker handed out so far. */
  private handedOut = 0;
  private dueNs: number;
  /** Loops waiting for their next op, oldest first (so connections take turns). */
  private waiters: ((intendedNs: number | null) => void)[] = [];
  private waitersHead = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(schedule: RateSchedule, share: number, shares: number, host: OpenSchedulerHost) {
    this.schedule = schedule;
    this.share = share;
    this.shares = shares;
    this.host = host;
    this.dueNs = this.dueOf(0);
  }

  /** Resolves with the next op's intended start (ns since t0) when it is due; null once the run ends. */
  next(): Promise<number | null> {
    if (this.closed) return Promise.resolve(null);
    const nowNs = this.host.nowNs();
    if (this.waiters.length === this.waitersHead && this.isDue(nowNs)) {
      return Promise.resolve(this.take(nowNs));
    }
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.arm(nowNs);
    });
  }

  /** Ops this worker's schedule calls for in [fromS, toS) since t0. */
  scheduledIn(fromS: number, toS: number): number {
    return shareOpsInWindow(this.schedule, fromS, toS, this.share, this.shares);
  }

  /**
   * Stops handing out ops: those due before `untilNs` that never started count as late (at
   * `untilNs`, clamped into the run), and every waiting loop gets null.
   */
  close(untilNs: number): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const dueBefore = shareOfOps(
      this.schedule.opsDueBefore(Math.min(untilNs, this.host.endNs) / 1e9),
      this.share,
      this.shares,
    );
    const neverStarted = dueBefore - this.handedOut;
    if (neverStarted > 0) {
      this.host.late(Math.max(0, Math.min(untilNs, this.host.endNs - 1)), neverStarted);
    }
    const waiting = this.waiters.slice(this.waitersHead);
    this.waiters = [];
    this.waitersHead = 0;
    for (const resolve of waiting) resolve(null);
  }

  private dueOf(k: number): number {
    return this.schedule.timeOfOpS(k * this.shares + this.share) * 1e9;
  }

  /** True when the next op is due by `nowNs` and the run has not reached its end by its due time. */
  private isDue(nowNs: number): boolean {
    return this.dueNs <= nowNs && this.dueNs < this.host.endNs;
  }

  /** Hands out the due op (counting it if late) and moves on to the next one. */
  private take(nowNs: number): number {
    const intendedNs = this.dueNs;
    if (nowNs - intendedNs > BEHIND_TOLERANCE_NS) this.host.late(nowNs, 1);
    this.handedOut++;
    this.dueNs = this.dueOf(this.handedOut);
    return intendedNs;
  }

  /** Sleeps until the next due op, aimed from t0 each time (never an accumulated period). */
  private arm(nowNs: number): void {
    if (this.timer !== null || this.waiters.length === this.waitersHead) return;
    if (this.dueNs >= this.host.endNs) return;
    // Rounded up: waking early would only cost a second timer, and no op may go out before its time.
    const delayMs = Math.max(0, Math.ceil((this.dueNs - nowNs) / 1e6));
    this.timer = setTimeout(() => this.release(), delayMs);
  }

  private release(): void {
    this.timer = null;
    if (this.closed) return;
    const nowNs = this.host.nowNs();
    while (this.waiters.length > this.waitersHead && this.isDue(nowNs)) {
      const resolve = this.waiters[this.waitersHead] as (intendedNs: number | null) => void;
      this.waitersHead++;
      resolve(this.take(nowNs));
    }
    // Drop the consumed head once it is large, so the queue does not grow for the whole run.
    if (this.waitersHead > 1024 && this.waitersHead * 2 > this.waiters.length) {
      this.waiters = this.waiters.slice(this.waitersHead);
      this.waitersHead = 0;
    }
    this.arm(nowNs);
  }
}
