// Replication lag figures from marker observations: per second and consumer, and over a whole run.
import type { LagFiguresMs, ReplicationLagSecond } from '../../shared/replicationTypes.ts';

/** One marker as one consumer saw it. */
export interface MarkerLag {
  /** Seconds since load started when the marker was written (0-based). */
  second: number;
  /** From the write to the consumer showing it; for a marker never shown, its age at the end. */
  lagMs: number;
  /** True when the consumer had not shown it by the end. */
  unseen: boolean;
}

/** The nearest-rank percentile `p` (0..100) of ascending `sorted`; 0 for none. */
export function percentileOf(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/** p50, p99 and max of `lagsMs`, whole milliseconds. */
export function lagFigures(lagsMs: readonly number[]): LagFiguresMs {
  const sorted = [...lagsMs].sort((a, b) => a - b);
  return {
    p50: Math.round(percentileOf(sorted, 50)),
    p99: Math.round(percentileOf(sorted, 99)),
    max: Math.round(sorted.at(-1) ?? 0),
  };
}

/** Each second's markers of one consumer as a stored row, seconds in order. */
export function lagSeconds(
  consumer: string,
  markers: readonly MarkerLag[],
): ReplicationLagSecond[] {
  const bySecond = new Map<number, MarkerLag[]>();
  for (const marker of markers) {
    const list = bySecond.get(marker.second) ?? [];
    list.push(marker);
    bySecond.set(marker.second, list);
  }
  return [...bySecond.entries()]
    .sort(([a], [b]) => a - b)
    .map(([second, list]) => {
      const lagsMs = list.map((m) => Math.round(m.lagMs));
      const figures = lagFigures(lagsMs);
      return {
        second,
        consumer,
        markers: list.length,
        unseen: list.filter((m) => m.unseen).length,
        lagsMs,
        p50Ms: figures.p50,
        p99Ms: figures.p99,
        maxMs: figures.max,
      };
    });
}
