// Runs a command that must not outlive this process, even when this process is SIGKILLed.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

/**
 * Runs "$@" (after $1, the grace in tenths of a second) in the background, prints its PID, then
 * blocks reading fd 3 (a pipe from us). When we die, for any reason including SIGKILL, the pipe
 * closes, `read` returns and the command gets SIGTERM, then SIGKILL if it still runs after the
 * grace (a server stuck in its shutdown must not outlive us either). When the command exits first,
 * the reader is killed so it never signals a reused PID, and the shell exits with the command's
 * status. Non-interactive sh gives background jobs /dev/null as stdin, hence the explicit fd 3 copy.
 */
const WATCHDOG_SCRIPT = [
  'grace=$1',
  'shift',
  '"$@" >&2 &',
  'pid=$!',
  'echo "$pid"',
  'exec 3<&0',
  '{ read line <&3; kill "$pid" 2>/dev/null; i=0;',
  '  while [ "$i" -lt "$grace" ] && kill -0 "$pid" 2>/dev/null; do sleep 0.1; i=$((i+1)); done;',
  '  kill -9 "$pid" 2>/dev/null; } &',
  'reader=$!',
  'exec 3<&-',
  'wait "$pid"',
  'rc=$?',
  'kill "$reader" 2>/dev/null',
  'exit "$rc"',
].join('\n');

/** How long a command has after SIGTERM from the watchdog before SIGKILL: a large JE database closes in seconds. */
export const WATCHDOG_GRACE_MS = 30_000;

/** How a process ended; a command killed by signal N shows through the watchdog as code 128+N. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A command running under the watchdog. */
export interface WatchedProcess {
  /** PID of the command itself (not of the shell). */
  pid: number;
  /** The watchdog shell; its stdin is the pipe that keeps the command alive. */
  child: ChildProcess;
  /** Settles when the command exits (known only while this process lives). */
  exited: Promise<ProcessExit>;
}

/** Settles when `child` exits or fails to spawn. */
export function exitOf(child: ChildProcess): Promise<ProcessExit> {
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    // A spawn failure emits 'error' and maybe no 'exit'; report it as an exit without a code.
    child.once('error', () => resolve({ code: null, signal: null }));
  });
}

/** Reads the PID line the watchdog prints; rejects if the watchdog ends first. */
function readPidLine(child: ChildProcess, exited: Promise<ProcessExit>): Promise<number> {
  return new Promise((resolve, reject) => {
    const stdout = child.stdout;
    if (stdout === null) {
      reject(new Error('the watchdog has no stdout'));
      return;
    }
    let text = '';
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      const newline = text.indexOf('\n');
      if (newline < 0) return;
      stdout.off('data', onData);
      const pid = Number(text.slice(0, newline).trim());
      if (Number.isInteger(pid) && pid > 0) resolve(pid);
      else reject(new Error(`the watchdog printed "${text.slice(0, newline)}" instead of a PID`));
    };
    stdout.on('data', onData);
    void exited.then(() => reject(new Error('the watchdog exited before starting its command')));
  });
}

/** Where and how patiently a watched command runs. */
export interface WatchOptions {
  /** Working directory of the command (ours by default). */
  cwd?: string;
  /** From our death to SIGKILL, after the SIGTERM (WATCHDOG_GRACE_MS by default). */
  graceMs?: number;
}

/** Starts `command args` under the watchdog; its stdout and stderr go to `logFd`. */
export async function spawnWatched(
  command: string,
  args: readonly string[],
  logFd: number,
  options: WatchOptions = {},
): Promise<WatchedProcess> {
  const graceTenths = String(Math.max(0, Math.ceil((options.graceMs ?? WATCHDOG_GRACE_MS) / 100)));
  const script = ['-c', WATCHDOG_SCRIPT, 'dirbench-watchdog', graceTenths, command, ...args];
  const child = spawn('/bin/sh', script, {
    stdio: ['pipe', 'pipe', logFd],
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  const exited = exitOf(child);
  const pid = await readPidLine(child, exited);
  return { pid, child, exited };
}

/** Lets this process exit while the command runs (it then stops with us); the pipe stays open. */
export function releaseWatched(child: ChildProcess): void {
  child.unref();
  child.stdout?.destroy();
  // Closing stdin would stop the command: only keep it from holding the event loop.
  const stdin = child.stdin as (NodeJS.WritableStream & { unref?: () => void }) | null;
  stdin?.unref?.();
}
