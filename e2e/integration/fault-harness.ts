// Fault tests' CLI harness: a `dirbench run` child the test can interrupt, and reads of what its database kept.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { processCommandLine } from '../../src/core/lab/processes.ts';
import { CLI } from './cliHarness.ts';
import type { CliEntry, CliResult } from './cliHarness.ts';

/** A CLI child still running, and its result once it exits (killed by PID after `timeoutMs`). */
export interface CliChild {
  child: ChildProcess;
  pid: number;
  result: Promise<CliResult>;
  /** Stderr so far (progress lines, one per second). */
  stderr(): string;
}

/** Starts `dirbench ARGS --data-dir DIR` (on this test's Node and main.ts unless `entry`) without waiting for it. */
export function startCli(
  args: string[],
  dataDir: string,
  timeoutMs: number,
  entry: CliEntry = { node: process.execPath, script: CLI },
): CliChild {
  const child = spawn(entry.node, [entry.script, ...args, '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('the CLI did not start');
  const pid = child.pid;
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const result = new Promise<CliResult>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
  return { child, pid, result, stderr: () => stderr };
}

/** The load options of a short, light run (2 connections, 1 worker, no warm-up) storing into `dbFile`. */
export function lightLoadArgs(dbFile: string, durationS: number): string[] {
  return [
    '--connections',
    '2',
    '--workers',
    '1',
    '--warmup',
    '0',
    '--duration',
    String(durationS),
    '--db',
    dbFile,
  ];
}

/** The options of a short anonymous read run against `url` (Salford tree), storing into `dbFile`. */
export function runArgs(url: string, dbFile: string, durationS: number): string[] {
  return [
    'run',
    '--target',
    url,
    '--base',
    'o=Salford,c=gb',
    ...lightLoadArgs(dbFile, durationS),
    '--json',
  ];
}

/** One stored run as the database holds it, with its number of sample rows. */
export interface StoredRun {
  id: string;
  status: string;
  endReason: string | null;
  sampleRows: number;
  seconds: number[];
}

/** Every run in `dbFile` (opened read-only, alongside a writer), oldest first. */
export function storedRuns(dbFile: string): StoredRun[] {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const runs = db
      .prepare('SELECT id, status, end_reason FROM runs ORDER BY started_at')
      .all() as { id: string; status: string; end_reason: string | null }[];
    return runs.map((r) => {
      const seconds = (
        db.prepare('SELECT second FROM run_samples WHERE run_id = ? ORDER BY second').all(r.id) as {
          second: number;
        }[]
      ).map((s) => s.second);
      return {
        id: r.id,
        status: r.status,
        endReason: r.end_reason,
        sampleRows: seconds.length,
        seconds,
      };
    });
  } finally {
    db.close();
  }
}

/** Waits until the database holds at least `rows` sample rows; returns when that was seen. */
export async function waitForSampleRows(
  dbFile: string,
  rows: number,
  timeoutMs: number,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const db = new Database(dbFile, { readonly: true, fileMustExist: true });
      try {
        const { n } = db.prepare('SELECT count(*) AS n FROM run_samples').get() as { n: number };
        if (n >= rows) return Date.now();
      } finally {
        db.close();
      }
    } catch {
      // Not created yet, or its schema is still being written.
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${dbFile} did not get ${rows} sample rows within ${timeoutMs} ms`);
}

/** State and parent of process `pid` from /proc (Linux); null when it is gone. */
function procStat(pid: number): { state: string; ppid: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name is in parentheses and may hold spaces: the fields after it are state, ppid.
  const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: state ?? '', ppid: Number(ppid) };
}

/** True while `pid` runs; a zombie (exited, not yet reaped by a blocked parent) has exited. */
function running(pid: number): boolean {
  const stat = procStat(pid);
  return stat !== null && stat.state !== 'Z' && stat.state !== 'X';
}

/** The running child processes of `parentPid` (a CLI's load workers), from /proc (Linux). */
export function childPids(parentPid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => procStat(pid)?.ppid === parentPid && running(pid));
}

/** Every running process below `rootPid` (children, their children, ...), from /proc (Linux). */
export function descendantPids(rootPid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procStat(Number(name));
    if (stat !== null && running(Number(name))) parentOf.set(Number(name), stat.ppid);
  }
  const found: number[] = [];
  let frontier = [rootPid];
  // A process tree is finite and acyclic; the bound only guards against a PID reused mid-walk.
  for (let depth = 0; depth < 32 && frontier.length > 0; depth++) {
    frontier = [...parentOf].filter(([, ppid]) => frontier.includes(ppid)).map(([pid]) => pid);
    found.push(...frontier);
  }
  return found;
}

/** The running processes whose command line contains `text` (a test's own data folder), from /proc. */
export function pidsNaming(text: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => running(pid) && processCommandLine(pid)?.includes(text) === true);
}

/** Waits until none of `pids` runs any more (exited, reaped or not); throws after `timeoutMs`. */
export async function waitUntilExited(pids: readonly number[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (pids.some(running)) {
    if (Date.now() > deadline) {
      throw new Error(
        `processes ${pids.filter(running).join(', ')} still run after ${timeoutMs} ms`,
      );
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}
