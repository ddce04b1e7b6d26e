// The server's own operation counts over a run: two monitor reads apart, the monitor's own traffic taken out.

/** A lab's monitor read: a fresh connection's bind, search and unbind, each completed once. */
const LAB_READ_TRAFFIC: Readonly<Record<string, number>> = { bind: 1, search: 1, unbind: 1 };

/**
 * What the server completed between two monitor reads, less `own`: the operations the reads
 * themselves completed in between (by default a lab's first read's search and unbind and the
 * second read's bind).
 */
export function serverDelta(
  before: Record<string, number> | null,
  after: Record<string, number> | null,
  own: Readonly<Record<string, number>> = LAB_READ_TRAFFIC,
): Record<string, number> | null {
  if (before === null || after === null) return null;
  const delta: Record<string, number> = {};
  for (const [kind, count] of Object.entries(after)) {
    const done = count - (before[kind] ?? 0) - (own[kind] ?? 0);
    if (done > 0) delta[kind] = done;
  }
  return delta;
}
