// The server's own operation counts over a run: two monitor reads apart, the first read's own traffic taken out.

/** What the server completed between two monitor reads, less the first read's own bind, search and unbind. */
export function serverDelta(
  before: Record<string, number> | null,
  after: Record<string, number> | null,
): Record<string, number> | null {
  if (before === null || after === null) return null;
  const own: Record<string, number> = { bind: 1, search: 1, unbind: 1 };
  const delta: Record<string, number> = {};
  for (const [kind, count] of Object.entries(after)) {
    const done = count - (before[kind] ?? 0) - (own[kind] ?? 0);
    if (done > 0) delta[kind] = done;
  }
  return delta;
}
