// The outcome rule: a run that kept going after its server stopped answering did not complete.

/**
 * Seconds at the end of a run with failures and no success that mean the server is gone. Dropped
 * connections are re-opened every 250 ms and a restarted slapd answers again within about a
 * second, so three whole seconds of nothing but failures at the end of the load is a server that
 * did not come back before the run ended, not one that blinked.
 */
export const LOST_TAIL_S = 3;

/** What a second needs for the rule: its phase, successes and failures. */
export interface LossSecond {
  phase: 'warmup' | 'measured' | 'cooldown';
  ops: number;
  errors: number;
}

/**
 * Follows a run's seconds in order and says whether the run lost its server. Two rules, each
 * needing failed operations (a slow server that answers nothing within a second, such as an
 * un-indexed scan of a million entries, is measured, not failed):
 * - the tail: no operation succeeded in the last LOST_TAIL_S or more seconds of load, and
 *   operations failed in them - the figures end with a server that was gone;
 * - the half: more than half of the measured seconds had failures and no success - whatever the
 *   end looked like, most of the measurement is of a server that was not there.
 */
export class ServerLossWatch {
  /** Consecutive seconds, up to the last one seen, without a success. */
  private silentTailS = 0;
  /** Failed operations in those seconds. */
  private tailErrors = 0;
  private measuredS = 0;
  /** Measured seconds with failures and no success. */
  private measuredLostS = 0;

  /** Adds the next second of the run. */
  add(second: LossSecond): void {
    if (second.ops > 0) {
      this.silentTailS = 0;
      this.tailErrors = 0;
    } else {
      this.silentTailS++;
      this.tailErrors += second.errors;
    }
    if (second.phase === 'measured') {
      this.measuredS++;
      if (second.ops === 0 && second.errors > 0) this.measuredLostS++;
    }
  }

  /** Why the run lost its server, in words naming the rule; null when it did not. */
  verdict(): string | null {
    if (this.silentTailS >= LOST_TAIL_S && this.tailErrors > 0) {
      return (
        `the server was lost: no operation succeeded in the last ${this.silentTailS} s of load ` +
        `while ${this.tailErrors} failed (a run fails when its last ${LOST_TAIL_S} s or more have only failures)`
      );
    }
    if (this.measuredLostS * 2 > this.measuredS) {
      return (
        `the server was lost: ${this.measuredLostS} of ${this.measuredS} measured seconds had ` +
        `failures and no success (a run fails when more than half do)`
      );
    }
    return null;
  }
}
