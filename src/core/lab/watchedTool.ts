// Runs an offline tool (a bulk loader, a setup program) under the watchdog, its output appended to
// a log, and stops it when the caller aborts.
import { appendFileSync, closeSync, openSync } from 'node:fs';
import { processMatches } from './processes.ts';
import { spawnWatched } from './watchdog.ts';
import type { ProcessExit } from './watchdog.ts';

/** What to run and how to stop it. */
export interface WatchedToolOptions {
  command: string;
  args: readonly string[];
  /** The tool's stdout and stderr are appended here. */
  logPath: string;
  /** Written to the log before the tool's own output, when given. */
  logHeader?: string;
  /** Command-line pieces that prove a PID is still this tool (PIDs get reused). */
  needles: readonly string[];
  /** On abort the tool gets SIGTERM, then SIGKILL after this long. */
  killAfterMs: number;
  signal?: AbortSignal | undefined;
  /** Working directory of the tool (ours by default). */
  cwd?: string;
}

/** A running tool. */
export interface WatchedTool {
  /** PID of the tool itself. */
  pid: number;
  /** Settles when the tool exits. */
  exited: Promise<ProcessExit>;
  /** Settles when the tool exits, once its abort handling is removed. */
  done: Promise<ProcessExit>;
}

/**
 * Starts the tool under the watchdog: a long load must not go on if we crash. On abort it is
 * signalled only while its command line still shows `needles`.
 */
export async function runWatchedTool(opts: WatchedToolOptions): Promise<WatchedTool> {
  const { signal, needles } = opts;
  signal?.throwIfAborted();
  const logFd = openSync(opts.logPath, 'a');
  let watched;
  try {
    if (opts.logHeader !== undefined) appendFileSync(logFd, opts.logHeader);
    watched = await spawnWatched(
      opts.command,
      opts.args,
      logFd,
      opts.cwd === undefined ? {} : { cwd: opts.cwd },
    );
  } finally {
    closeSync(logFd);
  }
  const { pid, exited } = watched;
  let killTimer: NodeJS.Timeout | null = null;
  const onAbort = (): void => {
    if (processMatches(pid, needles)) process.kill(pid, 'SIGTERM');
    killTimer = setTimeout(() => {
      if (processMatches(pid, needles)) process.kill(pid, 'SIGKILL');
    }, opts.killAfterMs);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted === true) onAbort();
  const done = exited.finally(() => {
    signal?.removeEventListener('abort', onAbort);
    if (killTimer !== null) clearTimeout(killTimer);
  });
  return { pid, exited, done };
}
