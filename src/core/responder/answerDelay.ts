// Holding answers back for a fixed time, on average exactly: Node's timers fire a little late
// (about a millisecond under load), which at a 20 ms delay would slow a latency-bound client by
// 5%, so each timer is asked for the delay minus the lateness timers have been showing.
import { performance } from 'node:perf_hooks';

/** Weight of the newest lateness in the running estimate (small: delays change slowly and stay in order). */
const LATENESS_WEIGHT = 0.02;

/** Runs callbacks `delayMs` after they are handed over, correcting for timer lateness. */
export function answerDelay(delayMs: number): (callback: () => void) => void {
  let latenessMs = 0;
  return (callback) => {
    const askedMs = Math.max(0, delayMs - latenessMs);
    const firesAtMs = performance.now() + askedMs;
    setTimeout(() => {
      const lateMs = performance.now() - firesAtMs;
      latenessMs += (Math.min(lateMs, delayMs) - latenessMs) * LATENESS_WEIGHT;
      callback();
    }, askedMs);
  };
}
