// Runs `dirbench serve` on a fresh temp data folder and hands back the URL it prints.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (cwd of the serve process). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const NODE = join(REPO_ROOT, 'node_modules', '.bin', 'node');
const SERVE_TIMEOUT_MS = 30_000;
const KILL_AFTER_MS = 15_000;

/** A running `dirbench serve` with its private data folder. */
export interface ServeHandle {
  /** The URL it printed, with the access token. */
  url: string;
  dataDir: string;
  pid: number | undefined;
  /** Everything it wrote so far, for failure messages. */
  output: () => string;
  /** SIGTERM by PID (it stops its labs), SIGKILL if it hangs, then removes the data folder. */
  stop: () => Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveExit) => child.once('exit', () => resolveExit()));
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
  await exited(child);
  clearTimeout(timer);
}

function waitForUrl(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve printed no URL in ${SERVE_TIMEOUT_MS} ms:\n${output()}`)),
      SERVE_TIMEOUT_MS,
    );
    child.stdout?.on('data', () => {
      const match = /DirBench is serving at (http:\/\/\S+)/.exec(output());
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code ?? signal}) before printing its URL:\n${output()}`));
    });
  });
}

/** Starts browser mode on a fresh folder; resolves on the line carrying its URL (no sleeps). */
export async function startServe(): Promise<ServeHandle> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dirbench-ui-'));
  const dbFile = join(dataDir, 'dirbench.sqlite');
  const args = ['src/cli/bin.mjs', 'serve', '--port', '0', '--db', dbFile, '--data-dir', dataDir];
  const child = spawn(NODE, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, DIRBENCH_DB: dbFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const output = () => text;
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await waitForUrl(child, output);
    return { url, dataDir, pid: child.pid, output, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
