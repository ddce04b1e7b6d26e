// Starts `dirbench serve` with chosen options on a fresh data folder, and raw HTTP requests with any headers.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/uiServe.ts';
import { CLI } from './cliHarness.ts';
import type { CliEntry } from './cliHarness.ts';

const NODE = join(REPO_ROOT, 'node_modules', '.bin', 'node');
const START_TIMEOUT_MS = 30_000;
const KILL_AFTER_MS = 10_000;

/** A `dirbench serve` child: its output so far, how it ended, and a stop by PID. */
export interface ServeProcess {
  child: ChildProcess;
  /** Its fresh data folder (removed by `stop`). */
  dataDir: string;
  output: () => string;
  /** Resolves with the printed URL, or rejects with the exit code when serve ended first. */
  url: Promise<string>;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/** Spawns `dirbench serve ARGS --port 0` on a fresh data folder (the project's Node and the launcher unless `entry`). */
export function spawnServe(
  args: string[],
  entry: CliEntry = { node: NODE, script: CLI },
): ServeProcess {
  const dataDir = mkdtempSync(join(tmpdir(), 'dirbench-host-'));
  const child = spawn(
    entry.node,
    [entry.script, 'serve', '--port', '0', '--data-dir', dataDir, ...args],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let text = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL in time:\n${text}`)), START_TIMEOUT_MS);
    child.stdout?.on('data', () => {
      const match = /DirBench is serving at (http:\/\/\S+)/.exec(text);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before printing a URL:\n${text}`));
    });
  });
  url.catch(() => undefined);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      process.kill(child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { child, dataDir, output: () => text, url, exited, stop };
}

/** What a raw request got back. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request with exactly these headers (Host included), so forged ones can be sent. */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers, timeout: 10_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Calls a browser-mode API channel with the token cookie; throws the error an answer carries. */
export async function callApi<T>(
  port: number,
  token: string,
  channel: string,
  req?: unknown,
): Promise<T> {
  const res = await rawRequest(
    port,
    'POST',
    `/api/${channel}`,
    {
      Host: `127.0.0.1:${port}`,
      Cookie: `dirbench_token=${token}`,
      'Content-Type': 'application/json',
    },
    JSON.stringify({ req }),
  );
  const body = JSON.parse(res.body) as { ok: boolean; res?: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${channel}: ${body.error?.message ?? res.body}`);
  return body.res as T;
}
