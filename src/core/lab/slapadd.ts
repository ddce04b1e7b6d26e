// Bulk loads an LDIF file into a stopped lab with slapadd, reporting how far it has read.
import { closeSync, openSync, realpathSync, statSync } from 'node:fs';
import { logTail } from './logTail.ts';
import { procFileOffset } from './procFileOffset.ts';
import { processMatches } from './processes.ts';
import { spawnWatched } from './watchdog.ts';
import type { WatchedProcess } from './watchdog.ts';

/** Options of a bulk load. */
export interface SlapaddOptions {
  slapadd: string;
  confPath: string;
  ldifPath: string;
  /** slapadd's output goes here (appended). */
  logPath: string;
  signal?: AbortSignal;
  /** Fraction of the LDIF read so far, 0..1, about twice a second (Linux only; elsewhere only at the end). */
  onProgress?: (fraction: number) => void;
}

/** Runs `slapadd -q -f conf -l ldif`; rejects with slapadd's own last words when it fails. */
export async function runSlapadd(opts: SlapaddOptions): Promise<void> {
  opts.signal?.throwIfAborted();
  const totalBytes = statSync(opts.ldifPath).size;
  // /proc shows the canonical path of open files, so compare against that.
  const ldifRealPath = realpathSync(opts.ldifPath);
  const logFd = openSync(opts.logPath, 'a');
  let watched: WatchedProcess;
  try {
    // Under the watchdog: a 10M-entry load takes minutes and must not go on if we crash.
    watched = await spawnWatched(
      opts.slapadd,
      ['-q', '-f', opts.confPath, '-l', opts.ldifPath],
      logFd,
    );
  } finally {
    closeSync(logFd);
  }
  const { pid } = watched;
  const isOurs = (): boolean => processMatches(pid, ['slapadd', opts.confPath]);
  const fdHint = { fd: null as string | null };
  const timer =
    opts.onProgress === undefined
      ? null
      : setInterval(() => {
          const offset = procFileOffset(pid, ldifRealPath, fdHint);
          if (offset !== null && totalBytes > 0)
            opts.onProgress?.(Math.min(1, offset / totalBytes));
        }, 500);
  let killTimer: NodeJS.Timeout | null = null;
  const onAbort = (): void => {
    if (isOurs()) process.kill(pid, 'SIGTERM');
    killTimer = setTimeout(() => {
      if (isOurs()) process.kill(pid, 'SIGKILL');
    }, 5_000);
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  if (opts.signal?.aborted === true) onAbort();
  try {
    const { code, signal } = await watched.exited;
    opts.signal?.throwIfAborted();
    if (code !== 0) {
      const how =
        code === null ? `was killed by ${signal ?? 'a signal'}` : `exited with code ${code}`;
      throw new Error(`slapadd ${how}: ${logTail(opts.logPath)} (full log: ${opts.logPath})`);
    }
    opts.onProgress?.(1);
  } finally {
    if (timer !== null) clearInterval(timer);
    if (killTimer !== null) clearTimeout(killTimer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
