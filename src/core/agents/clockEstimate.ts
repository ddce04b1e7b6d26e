// A remote clock's offset from time probes: of several round trips, the one with the smallest
// round trip bounds the offset most tightly.

/** One probe: when the request left and the answer came back (this machine's epoch ms), and the agent's time in it. */
export interface ClockSample {
  sentMs: number;
  receivedMs: number;
  agentMs: number;
}

/** How far the agent's clock is ahead of ours (negative: behind), and how sure that is. */
export interface ClockEstimate {
  /** Agent time minus our time at the same instant. */
  offsetMs: number;
  /** The true offset lies within offsetMs +- this: half the round trip plus half the agent clock's step. */
  uncertaintyMs: number;
  /** The round trip of the probe used. */
  roundTripMs: number;
}

/**
 * The estimate from the probe with the smallest round trip: offset = agent time - midpoint of the
 * round trip, uncertainty = round trip / 2. `agentResolutionMs` is the step of the agent's clock
 * (1 for Date.now(), which truncates): its time is read as the middle of that step and the step's
 * half is added to the uncertainty. Null without samples.
 */
export function estimateClock(
  samples: readonly ClockSample[],
  agentResolutionMs = 0,
): ClockEstimate | null {
  let best: ClockSample | null = null;
  for (const s of samples) {
    if (s.receivedMs < s.sentMs) continue;
    if (best === null || s.receivedMs - s.sentMs < best.receivedMs - best.sentMs) best = s;
  }
  if (best === null) return null;
  const roundTripMs = best.receivedMs - best.sentMs;
  const midpointMs = best.sentMs + roundTripMs / 2;
  return {
    offsetMs: best.agentMs + agentResolutionMs / 2 - midpointMs,
    uncertaintyMs: roundTripMs / 2 + agentResolutionMs / 2,
    roundTripMs,
  };
}

/** An offset as people read it: `+1.2 ms ± 0.3`; `-` when there is none. */
export function formatClockOffset(offsetMs: number | null, uncertaintyMs: number | null): string {
  if (offsetMs === null || uncertaintyMs === null) return '-';
  const sign = offsetMs < 0 ? '-' : '+';
  return `${sign}${Math.abs(offsetMs).toFixed(1)} ms ± ${uncertaintyMs.toFixed(1)}`;
}
