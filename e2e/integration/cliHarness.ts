// Runs the dirbench CLI as a child process with a hard time bound, in a data folder of the test's.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * What the tests run as `dirbench`: the package's launcher, as a user's command does. It runs the
 * bundle (`npm run build:cli`, built by `prepare`) while that is newer than its sources, else the
 * sources: a fresh clone tests the bundle, an edited checkout its edits.
 */
export const CLI = fileURLToPath(new URL('../../src/cli/bin.mjs', import.meta.url));

/** Which Node runs which entry of the CLI (an older Node with BIN plays a user's Node 20). */
export interface CliEntry {
  node: string;
  script: string;
}

/** What a CLI invocation printed and how it exited. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** How a CLI child is started beyond its arguments. */
export interface CliLaunch {
  /** Node options before the entry (e.g. `--import FILE`). */
  nodeArgs?: string[];
  /** The entry script (default: CLI, the launcher `dirbench` runs). */
  entry?: string;
  /** Extra environment variables. */
  env?: Record<string, string>;
}

/**
 * Runs `dirbench ARGS --data-dir DIR`; the child is killed by PID if it overruns `timeoutMs`.
 * `onStderr` sees everything printed on stderr so far, as it comes (progress to act on mid-run),
 * with the child's PID (to signal it).
 */
export function runCli(
  args: string[],
  dataDir: string,
  timeoutMs: number,
  onStderr?: (stderrSoFar: string, pid: number) => void,
  launch: CliLaunch = {},
): Promise<CliResult> {
  return new Promise((resolve) => {
    const entry = launch.entry ?? CLI;
    const child = spawn(
      process.execPath,
      [...(launch.nodeArgs ?? []), entry, ...args, '--data-dir', dataDir],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...launch.env } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (child.pid !== undefined) onStderr?.(stderr, child.pid);
    });
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    }, timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
