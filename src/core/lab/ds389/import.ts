// Bulk loads an LDIF into a stopped 389 DS lab with `ns-slapd ldif2db`, reporting how far it has
// read, and failing (with the server's own words) when it rejects entries.
import { appendFileSync, closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { processMatches } from '../processes.ts';
import { procFileOffset } from '../procFileOffset.ts';
import { spawnWatched } from '../watchdog.ts';
import type { WatchedProcess } from '../watchdog.ts';
import { DS389_BACKEND } from './layout.ts';
import type { Ds389Layout } from './layout.ts';

/** Options of a bulk load. */
export interface Ldif2dbOptions {
  nsSlapd: string;
  layout: Ds389Layout;
  ldifPath: string;
  /** The tool's output and the part of the lab's error log it wrote go here (appended). */
  logPath: string;
  signal?: AbortSignal;
  /** Fraction of the LDIF read so far, 0..1, about twice a second (Linux only; elsewhere only at the end). */
  onProgress?: (fraction: number) => void;
}

/** Size of a file, 0 when it does not exist yet. */
function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** The bytes a file gained after `from`, as text. */
function readFrom(path: string, from: number): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return '';
  }
  try {
    const length = Math.max(0, statSync(path).size - from);
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, from);
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** An error-log line without its timestamp: "[24/Nov/2026:00:38:41.288 +0000] - WARN - fn - text". */
function stripStamp(line: string): string {
  return line.replace(/^\[[^\]]*\]\s*-\s*/, '').trim();
}

/** What went wrong, from the import's part of the error log: skipped entries first, then errors. */
export function ldif2dbFailure(log: string, maxLines = 4): string {
  const lines = log
    .split('\n')
    .map(stripStamp)
    .filter((l) => l !== '');
  const skipped = lines.filter((l) => /Skipping entry/i.test(l));
  const errors = lines.filter((l) => /^(ERR|CRIT|EMERG|ALERT)\b/.test(l));
  const summary = lines.filter((l) => /Import complete|Import failed|were skipped/i.test(l));
  const picked = [...new Set([...skipped.slice(0, 3), ...errors.slice(-maxLines), ...summary])];
  return (picked.length > 0 ? picked : lines.slice(-maxLines)).join(' | ');
}

/** How many entries the import skipped, from its "Processed N entries (M were skipped)" line. */
export function skippedEntries(log: string): number {
  const match = /\((\d+) were skipped\)/.exec(log);
  return match ? Number(match[1]) : 0;
}

/**
 * Runs `ns-slapd ldif2db -D <config> -n userRoot -i <ldif>` under the watchdog. Rejects when it
 * fails or skips any entry (exit code 8 is its "task warning": entries were skipped).
 */
export async function runLdif2db(opts: Ldif2dbOptions): Promise<void> {
  opts.signal?.throwIfAborted();
  const { layout } = opts;
  const totalBytes = statSync(opts.ldifPath).size;
  // /proc shows the canonical path of open files, so compare against that.
  const ldifRealPath = realpathSync(opts.ldifPath);
  const logStart = sizeOf(layout.errorLog);
  const args = ['ldif2db', '-D', layout.configDir, '-n', DS389_BACKEND, '-i', opts.ldifPath];
  const logFd = openSync(opts.logPath, 'a');
  let watched: WatchedProcess;
  try {
    appendFileSync(logFd, `$ ${opts.nsSlapd} ${args.join(' ')}\n`);
    // Under the watchdog: a 10M-entry load takes many minutes and must not go on if we crash.
    watched = await spawnWatched(opts.nsSlapd, args, logFd);
  } finally {
    closeSync(logFd);
  }
  const { pid } = watched;
  const isOurs = (): boolean => processMatches(pid, ['ldif2db', layout.configDir]);
  const fdHint = { fd: null as string | null };
  let reported = 0;
  const timer =
    opts.onProgress === undefined
      ? null
      : setInterval(() => {
          const offset = procFileOffset(pid, ldifRealPath, fdHint);
          if (offset === null || totalBytes === 0) return;
          // Reading is most of the work; indexing the last entries and closing files follow.
          const fraction = Math.min(0.99, offset / totalBytes);
          if (fraction <= reported) return;
          reported = fraction;
          opts.onProgress?.(fraction);
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
    // ldif2db writes its story to the lab's error log; keep the load's part with the load log.
    const log = readFrom(layout.errorLog, logStart);
    appendFileSync(opts.logPath, log);
    opts.signal?.throwIfAborted();
    const skipped = skippedEntries(log);
    if (code !== 0 || skipped > 0) {
      const how =
        code === null
          ? `was killed by ${signal ?? 'a signal'}`
          : skipped > 0
            ? `skipped ${skipped} entr${skipped === 1 ? 'y' : 'ies'} (exit code ${code})`
            : `exited with code ${code}`;
      throw new Error(
        `ns-slapd ldif2db ${how}: ${ldif2dbFailure(log) || 'no output'} (full log: ${opts.logPath})`,
      );
    }
    opts.onProgress?.(1);
  } finally {
    if (timer !== null) clearInterval(timer);
    if (killTimer !== null) clearTimeout(killTimer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
