// Waits until a freshly started server is ready (for LDAP: it answers a root DSE read), failing early
// (with its log) when it exits.
import { Client } from 'ldapts';
import { logTail } from './logTail.ts';
import type { ProcessExit } from './watchdog.ts';

/** Thrown when the server exits before it answers; carries the log tail for the person reading it. */
export class ServerExitedError extends Error {
  readonly logTail: string;
  constructor(what: string, exit: ProcessExit, tail: string, logPath: string) {
    const how =
      exit.code === null
        ? `was killed (${exit.signal ?? 'no exit code'})`
        : `exited with code ${exit.code}`;
    super(`${what} ${how} while starting: ${tail || 'no output'} (full log: ${logPath})`);
    this.name = 'ServerExitedError';
    this.logTail = tail;
  }
}

/** One anonymous root DSE read; resolves when the server serves LDAP. */
async function probe(url: string): Promise<void> {
  const client = new Client({ url, connectTimeout: 1_000, timeout: 2_000 });
  try {
    // A single awaited operation: concurrent first operations on an ldapts client can hang.
    await client.search('', {
      scope: 'base',
      filter: '(objectClass=*)',
      attributes: ['namingContexts'],
    });
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What to wait for: `what` names the server in messages ("slapd", "ns-slapd", "OpenDJ"). */
export interface ReadyWait {
  what: string;
  url: string;
  exited: Promise<ProcessExit>;
  logPath: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** How to tell a server is ready: one attempt, and which of its failures waiting will not cure. */
export interface ReadyProbe {
  probe(): Promise<void>;
  /** True for an error to throw at once (refused credentials); by default every failure is retried. */
  fatal?(err: unknown): boolean;
}

/**
 * Polls `probe` every 100 ms until it succeeds; fails early when the server exits (with its log
 * tail) or the probe fails fatally, or after the timeout.
 */
export async function waitForServer(w: ReadyWait, ready: ReadyProbe): Promise<void> {
  const seen: { exit: ProcessExit | null } = { exit: null };
  void w.exited.then((e) => {
    seen.exit = e;
  });
  const deadline = Date.now() + w.timeoutMs;
  let lastError: string;
  for (;;) {
    w.signal?.throwIfAborted();
    if (seen.exit !== null) {
      throw new ServerExitedError(w.what, seen.exit, logTail(w.logPath), w.logPath);
    }
    try {
      await ready.probe();
      return;
    } catch (err) {
      if (ready.fatal?.(err) === true) throw err;
      lastError = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${w.what} did not answer on ${w.url} within ${Math.round(w.timeoutMs / 1000)} s (last error: ${lastError}). ` +
          `Log: ${logTail(w.logPath) || 'empty'} (full log: ${w.logPath})`,
      );
    }
    await sleep(100);
  }
}

/** Polls until the server answers a root DSE read; fails early when it exits, or after the timeout. */
export function waitForLdap(w: ReadyWait): Promise<void> {
  return waitForServer(w, { probe: () => probe(w.url) });
}
