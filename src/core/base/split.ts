// Splits a run's connections across worker processes.

/** Connections per worker: as even as possible, never more workers than connections, none empty. */
export function splitConnections(connections: number, workers: number): number[] {
  const count = Math.max(1, Math.min(Math.floor(workers), Math.floor(connections)));
  const base = Math.floor(connections / count);
  const extra = connections % count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

/** Worker `index`'s part of `total` items split over `workers` (the first ones take the remainder). */
export function shareOf(total: number, workers: number, index: number): number {
  const base = Math.floor(total / workers);
  return base + (index < total % workers ? 1 : 0);
}
