// Bulk loads an LDIF file into a stopped lab with slapadd, reporting how far it has read.
import { logTail } from '../logTail.ts';
import { fileReadFraction } from '../procFileOffset.ts';
import { runWatchedTool } from '../watchedTool.ts';

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
  /** More slapadd flags, e.g. -w (write the contextCSN of a replica's data). */
  extraArgs?: readonly string[];
}

/** Runs `slapadd -q -f conf -l ldif`; rejects with slapadd's own last words when it fails. */
export async function runSlapadd(opts: SlapaddOptions): Promise<void> {
  opts.signal?.throwIfAborted();
  const fractionRead = fileReadFraction(opts.ldifPath);
  const tool = await runWatchedTool({
    command: opts.slapadd,
    args: ['-q', ...(opts.extraArgs ?? []), '-f', opts.confPath, '-l', opts.ldifPath],
    logPath: opts.logPath,
    needles: ['slapadd', opts.confPath],
    killAfterMs: 5_000,
    signal: opts.signal,
  });
  const timer =
    opts.onProgress === undefined
      ? null
      : setInterval(() => {
          const fraction = fractionRead(tool.pid);
          if (fraction !== null) opts.onProgress?.(Math.min(1, fraction));
        }, 500);
  try {
    const { code, signal } = await tool.done;
    opts.signal?.throwIfAborted();
    if (code !== 0) {
      const how =
        code === null ? `was killed by ${signal ?? 'a signal'}` : `exited with code ${code}`;
      throw new Error(`slapadd ${how}: ${logTail(opts.logPath)} (full log: ${opts.logPath})`);
    }
    opts.onProgress?.(1);
  } finally {
    if (timer !== null) clearInterval(timer);
  }
}
