// Bulk loads an LDIF into a stopped 389 DS lab with `ns-slapd ldif2db`, reporting how far it has
// read, and failing (with the server's own words) when it rejects entries.
import { appendFileSync, statSync } from 'node:fs';
import { readFileFrom } from '../logTail.ts';
import { fileReadFraction } from '../procFileOffset.ts';
import { runWatchedTool } from '../watchedTool.ts';
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
  const fractionRead = fileReadFraction(opts.ldifPath);
  const logStart = sizeOf(layout.errorLog);
  const args = ['ldif2db', '-D', layout.configDir, '-n', DS389_BACKEND, '-i', opts.ldifPath];
  const tool = await runWatchedTool({
    command: opts.nsSlapd,
    args,
    logPath: opts.logPath,
    logHeader: `$ ${opts.nsSlapd} ${args.join(' ')}\n`,
    needles: ['ldif2db', layout.configDir],
    killAfterMs: 5_000,
    signal: opts.signal,
  });
  let reported = 0;
  const timer =
    opts.onProgress === undefined
      ? null
      : setInterval(() => {
          const read = fractionRead(tool.pid);
          if (read === null) return;
          // Reading is most of the work; indexing the last entries and closing files follow.
          const fraction = Math.min(0.99, read);
          if (fraction <= reported) return;
          reported = fraction;
          opts.onProgress?.(fraction);
        }, 500);
  try {
    const { code, signal } = await tool.done;
    // ldif2db writes its story to the lab's error log; keep the load's part with the load log.
    const log = readFileFrom(layout.errorLog, logStart);
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
  }
}
