// Bounds the wait for each operation's answer, so a stalled server shows up as `timeout` errors instead of silence.

/** The error an operation fails with when no answer came within the run's op timeout. */
export class OpTimeoutError extends Error {
  /** Counted per second under this cause (see failureCodeName: an error's `code` is its cause). */
  readonly code = 'timeout';

  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = 'OpTimeoutError';
  }
}

/** Sweeps per timeout: an op fails between 1 and 1.25 times the timeout after it was sent. */
const SWEEPS_PER_TIMEOUT = 4;

/**
 * Times out a worker's operations without a timer per op (that cost ~2 us per op, a measurable
 * share of the client's CPU): each op is stamped with a coarse tick that one interval advances,
 * and the interval fails those older than the timeout. The op itself is not cancelled (ldapts has
 * no abandon, and its own per-op timeout would fail every other op on the socket); a late answer
 * is ignored.
 */
export class OpWatch {
  private tick = 0;
  private readonly timeoutMs: number;
  private readonly slots = new Set<OpSlot>();
  private readonly timer: NodeJS.Timeout;

  constructor(timeoutMs: number) {
    this.timeoutMs = timeoutMs;
    const sweepMs = Math.max(1, Math.floor(timeoutMs / SWEEPS_PER_TIMEOUT));
    this.timer = setInterval(() => this.sweep(), sweepMs);
    this.timer.unref();
  }

  /** A watch for one loop's operation in flight (a loop has at most one at a time). */
  slot(): OpSlot {
    const slot = new OpSlot(() => this.tick);
    this.slots.add(slot);
    return slot;
  }

  /** Stops sweeping (the worker's load is over). */
  stop(): void {
    clearInterval(this.timer);
  }

  private sweep(): void {
    this.tick++;
    // Sent at least SWEEPS_PER_TIMEOUT whole sweep periods ago: waiting for longer than the timeout.
    for (const slot of this.slots) slot.expire(this.tick - SWEEPS_PER_TIMEOUT - 1, this.timeoutMs);
  }
}

/** Told when an armed op (see OpSlot.arm) outlived the timeout; `ticket` is the one it was armed with. */
export interface OpExpiryListener {
  opExpired(ticket: number, err: OpTimeoutError): void;
}

/**
 * One loop's watched operation, the owning OpWatch fails it when it is too old: `run` wraps a
 * promise, `arm` watches an op whose end comes by callback (the listener ignores stale tickets).
 */
export class OpSlot {
  private readonly now: () => number;
  private startTick = -1;
  private reject: ((err: unknown) => void) | null = null;
  private listener: OpExpiryListener | null = null;
  private ticket = 0;

  constructor(now: () => number) {
    this.now = now;
  }

  /** `op`, or an OpTimeoutError once it has waited past the watch's timeout. */
  run<T>(op: Promise<T>): Promise<T> {
    this.startTick = this.now();
    this.listener = null;
    return new Promise<T>((resolve, reject) => {
      this.reject = reject;
      op.then(resolve, reject);
    });
  }

  /** Watches the op just sent: `listener` hears of it with `ticket` if it is still unanswered at the timeout. */
  arm(listener: OpExpiryListener, ticket: number): void {
    this.startTick = this.now();
    this.reject = null;
    this.listener = listener;
    this.ticket = ticket;
  }

  /** Fails the op in flight if it was sent at or before `oldestTick` (settled ops ignore it). */
  expire(oldestTick: number, timeoutMs: number): void {
    if (this.startTick > oldestTick) return;
    if (this.reject !== null) {
      this.reject(new OpTimeoutError(timeoutMs));
      this.reject = null;
    } else if (this.listener !== null) {
      const listener = this.listener;
      this.listener = null;
      listener.opExpired(this.ticket, new OpTimeoutError(timeoutMs));
    }
  }
}

/** Runs `op` under `slot` when the run has an op timeout, else as is. */
export function watched<T>(slot: OpSlot | null, op: Promise<T>): Promise<T> {
  return slot === null ? op : slot.run(op);
}
