// Starts a lab server in the foreground, either tied to this process by the watchdog or detached
// in its own session so that it outlives us.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { exitOf, spawnWatched } from './watchdog.ts';
import type { ProcessExit } from './watchdog.ts';

/** A server process this one started. */
export interface ForegroundServer {
  /** PID of the server itself. */
  pid: number;
  /** Settles when the server exits (known only while this process lives). */
  exited: Promise<ProcessExit>;
  /** Process we spawned: the server itself (persistent) or its watchdog shell. */
  child: ChildProcess;
}

/** How to start it. */
export interface ForegroundOptions {
  /** The server's stdout and stderr are appended here. */
  logPath: string;
  /** Detached in its own session so it outlives us; otherwise dies with us through the watchdog. */
  persistent: boolean;
  /** What the error names when the server cannot be run; the command by default. */
  program?: string;
}

/** Spawns `command args` in the foreground. Does not wait for it to answer. */
export async function spawnForeground(
  command: string,
  args: readonly string[],
  options: ForegroundOptions,
): Promise<ForegroundServer> {
  const logFd = openSync(options.logPath, 'a');
  try {
    if (!options.persistent) return await spawnWatched(command, args, logFd);
    const child = spawn(command, args, { detached: true, stdio: ['ignore', logFd, logFd] });
    const exited = exitOf(child);
    if (child.pid === undefined) {
      await exited;
      throw new Error(`could not run ${options.program ?? command}`);
    }
    return { pid: child.pid, exited, child };
  } finally {
    closeSync(logFd);
  }
}
