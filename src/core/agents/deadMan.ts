// The agent's dead-man switch: once the broker is unreachable, a countdown that stops the agent
// unless the broker comes back first.
import type { OrchestratorClock } from '../runner/orchestratorClock.ts';
import { systemClock } from '../runner/orchestratorClock.ts';

/** How long an agent keeps going without its broker before it stops itself. */
export const DEAD_MAN_LIMIT_MS = 5_000;

/** Counts down while the broker is unreachable; fires `onExpire` once when the limit passes. */
export class DeadManSwitch {
  readonly #limitMs: number;
  readonly #onExpire: (silentMs: number) => void;
  readonly #clock: OrchestratorClock;
  #cancel: (() => void) | null = null;
  #downSinceMs: number | null = null;
  #expired = false;

  constructor(
    limitMs: number,
    onExpire: (silentMs: number) => void,
    clock: OrchestratorClock = systemClock,
  ) {
    this.#limitMs = limitMs;
    this.#onExpire = onExpire;
    this.#clock = clock;
  }

  /** The broker is unreachable: starts the countdown unless it already runs (it is not restarted). */
  unreachable(): void {
    if (this.#expired || this.#cancel !== null) return;
    this.#downSinceMs = this.#clock.nowMs();
    this.#cancel = this.#clock.after(this.#limitMs, () => {
      this.#cancel = null;
      this.#expired = true;
      this.#onExpire(this.#clock.nowMs() - (this.#downSinceMs ?? this.#clock.nowMs()));
    });
  }

  /** The broker answers again: the countdown stops. */
  reachable(): void {
    this.#cancel?.();
    this.#cancel = null;
    this.#downSinceMs = null;
  }

  /** True while the countdown runs. */
  get counting(): boolean {
    return this.#cancel !== null;
  }

  /** True once the switch has fired. */
  get expired(): boolean {
    return this.#expired;
  }

  /** Stops the countdown for good (the agent is stopping for another reason). */
  dispose(): void {
    this.reachable();
    this.#expired = true;
  }
}
