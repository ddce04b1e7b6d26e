// Bounds the wait for one operation's answer, so a stalled server shows up as `timeout` errors instead of silence.

/** The error an operation fails with when no answer came within the run's op timeout. */
export class OpTimeoutError extends Error {
  /** Counted per second under this cause (see failureCodeName: an error's `code` is its cause). */
  readonly code = 'timeout';

  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = 'OpTimeoutError';
  }
}

/**
 * `op`, or an OpTimeoutError after `timeoutMs` (null: no bound). The op itself is not cancelled
 * (ldapts has no abandon, and its own per-op timeout would fail every other op on the socket);
 * its late answer is ignored.
 */
export function withOpDeadline<T>(op: Promise<T>, timeoutMs?: number | null): Promise<T> {
  if (timeoutMs === null || timeoutMs === undefined) return op;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OpTimeoutError(timeoutMs)), timeoutMs);
  });
  // A late failure of the abandoned op must not surface as an unhandled rejection.
  op.catch(() => undefined);
  return Promise.race([op, deadline]).finally(() => clearTimeout(timer));
}
