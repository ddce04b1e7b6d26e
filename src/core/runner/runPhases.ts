// Which phase of a run (warm-up, measured, cool-down) a second since t0 belongs to.
import type { RunPhase } from '../../shared/types.ts';

/** Phase of `second` (0-based since t0) in a run of warmupS + durationS + cool-down seconds. */
export function phaseOfSecond(second: number, warmupS: number, durationS: number): RunPhase {
  if (second < warmupS) return 'warmup';
  return second < warmupS + durationS ? 'measured' : 'cooldown';
}
