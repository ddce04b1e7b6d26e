// Releasing the responder's answers when its service model says they are done. The slots' virtual
// clocks (serviceSlots.ts) fix each completion time; one timer, armed for the oldest pending answer,
// releases every answer due by the time it fires, in a batch. Node's timers have 1 ms granularity
// and fire late, so an answer may leave up to about a millisecond after its completion time (never
// before it): that adds to its latency but takes nothing from the capacity, because a slot is free
// again at its virtual completion time, not when the timer gets round to the answer. No CPU is burnt
// waiting, so a responder of 8,000 ops/s idles like a real server between its batches.
import { performance } from 'node:perf_hooks';
import { SlotSchedule } from './serviceSlots.ts';
import type { ServiceModel } from './serviceSlots.ts';

/** The clock and timer the queue runs on (injected: tests move time by hand). */
export interface ServiceTimers {
  /** Monotonic time in microseconds. */
  nowUs(): number;
  /** Calls `fire` after about `delayMs` milliseconds; returns what cancels it. */
  schedule(fire: () => void, delayMs: number): () => void;
}

/** Real time: performance.now() and setTimeout. */
const NODE_TIMERS: ServiceTimers = {
  nowUs: () => performance.now() * 1000,
  schedule: (fire, delayMs) => {
    const timer = setTimeout(fire, delayMs);
    return () => clearTimeout(timer);
  },
};

/** Released entries the arrays keep before they are cut off the front (amortised O(1) dequeue). */
const COMPACT_AFTER = 1024;

/** The responder's requests in service: each released when the slot serving it has finished. */
export class ServiceQueue {
  private readonly slots: SlotSchedule;
  private readonly timers: ServiceTimers;
  /** Completion times, never decreasing, and what each releases; entries before `head` are done. */
  private dueUs: number[] = [];
  private releases: (() => void)[] = [];
  private head = 0;
  private cancelTimer: (() => void) | null = null;
  private firing = false;
  private closed = false;

  constructor(model: ServiceModel, timers: ServiceTimers = NODE_TIMERS) {
    this.slots = new SlotSchedule(model);
    this.timers = timers;
  }

  /** A request arrived now: `release` runs once a slot has served it. Its completion time (us). */
  serve(release: () => void): number {
    const doneUs = this.slots.admit(this.timers.nowUs());
    this.enqueue(doneUs, release);
    return doneUs;
  }

  /** Runs `release` after everything queued so far, taking no slot (an unbind's close). */
  afterQueued(release: () => void): void {
    const lastUs = this.dueUs[this.dueUs.length - 1] ?? -Infinity;
    this.enqueue(Math.max(lastUs, this.timers.nowUs()), release);
  }

  /** Answers still waiting for their slot or their timer. */
  get pending(): number {
    return this.dueUs.length - this.head;
  }

  /** Drops every pending answer and the timer (the responder is closing). */
  close(): void {
    this.closed = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.dueUs = [];
    this.releases = [];
    this.head = 0;
  }

  private enqueue(dueUs: number, release: () => void): void {
    if (this.closed) return;
    this.dueUs.push(dueUs);
    this.releases.push(release);
    // Completion times never decrease, so a timer already armed is armed for an earlier answer.
    if (this.cancelTimer === null && !this.firing) this.arm(this.timers.nowUs());
  }

  private arm(nowUs: number): void {
    const waitUs = (this.dueUs[this.head] ?? nowUs) - nowUs;
    // Rounded up: a timer asked for less fires before the answer is due and has to be armed again.
    this.cancelTimer = this.timers.schedule(this.fire, Math.max(1, Math.ceil(waitUs / 1000)));
  }

  private readonly fire = (): void => {
    this.cancelTimer = null;
    this.firing = true;
    try {
      const nowUs = this.timers.nowUs();
      while (this.head < this.dueUs.length && (this.dueUs[this.head] ?? Infinity) <= nowUs) {
        const release = this.releases[this.head];
        this.head++;
        release?.();
        if (this.closed) return;
      }
      this.compact();
      if (this.head < this.dueUs.length) this.arm(nowUs);
    } finally {
      this.firing = false;
    }
  };

  private compact(): void {
    if (this.head === this.dueUs.length) {
      this.dueUs = [];
      this.releases = [];
      this.head = 0;
    } else if (this.head >= COMPACT_AFTER && this.head * 2 >= this.dueUs.length) {
      this.dueUs = this.dueUs.slice(this.head);
      this.releases = this.releases.slice(this.head);
      this.head = 0;
    }
  }
}
