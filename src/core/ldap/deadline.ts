// Bounds a connection step in time without ldapts' per-op timeout (which kills every op on the socket).

/** Error raised when a server accepted the connection but did not answer a step in time. */
export class NoAnswerError extends Error {
  readonly code = 'ETIMEDOUT';
  readonly waitedMs: number;

  constructor(step: string, waitedMs: number) {
    super(`no answer to ${step} within ${waitedMs} ms`);
    this.name = 'NoAnswerError';
    this.waitedMs = waitedMs;
  }
}

/** Resolves like `work`, or rejects with NoAnswerError after `ms` (the work itself is not cancelled). */
export async function withDeadline<T>(work: Promise<T>, ms: number, step: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswerError(step, ms)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
