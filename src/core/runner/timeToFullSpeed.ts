// "Time to full speed" (the M-Vault study's figure): when a run's per-second rate settled for good.
import { median } from './median.ts';

/** Band around the stable rate inside which a second counts as at full speed. */
export const FULL_SPEED_BAND = 0.05;

/**
 * The first second s (0-based, since load started) from which every later per-second rate stays
 * within 5% of the stable rate, taken as the median of the last half of the seconds (robust to a
 * slow start and to single outliers). Null when there are no seconds, no load, or the last
 * second is itself outside the band (the rate never settled).
 */
export function timeToFullSpeedS(opsPerSecBySecond: number[]): number | null {
  const n = opsPerSecBySecond.length;
  if (n === 0) return null;
  const stable = median(opsPerSecBySecond.slice(Math.floor(n / 2)));
  if (!(stable > 0)) return null;
  const within = (rate: number): boolean => Math.abs(rate - stable) <= FULL_SPEED_BAND * stable;
  let s = n;
  while (s > 0 && within(opsPerSecBySecond[s - 1] as number)) s--;
  return s === n ? null : s;
}
