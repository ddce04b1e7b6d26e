// CPU and memory of a lab server (its process and any it forked, as Samba does), read from Linux
// /proc once per run second.
import { readFileSync } from 'node:fs';
import type { ServerTelemetry } from '../../shared/types.ts';
import { descendantPids } from './processes.ts';

/** Clock ticks per second of /proc CPU times: USER_HZ is 100 in the Linux ABI on every architecture Node runs on. */
const USER_HZ = 100;
/** Reads closer together than this (seconds emitted in one burst) share the previous reading. */
const MIN_SPAN_MS = 100;

/** User + system CPU time from the text of /proc/<pid>/stat, in clock ticks; null when unreadable. */
export function parseProcStatCpuTicks(text: string): number | null {
  // The command name (field 2) is in parentheses and may itself hold spaces or ')'.
  const close = text.lastIndexOf(')');
  if (close < 0) return null;
  const fields = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  // After the name: field 3 (state) is index 0, so utime (14) is 11 and stime (15) is 12.
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
  return utime + stime;
}

/** Resident set size from the text of /proc/<pid>/status, in kB; null when absent. */
export function parseProcStatusRssKb(text: string): number | null {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(text);
  return match ? Number(match[1]) : null;
}

/** Reads a /proc file; null when the process is gone or unreadable. */
export type ProcReader = (path: string) => string | null;

function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The processes a server forked (a prefork Samba's workers); slapd and the JVMs have none. */
export type ProcFamily = (pid: number) => readonly number[];

/**
 * Samples one server: each call gives its CPU % since the previous call and its RSS now, both
 * summed over the server process and the processes it forked (their shared pages count in each).
 */
export class ServerStatsSampler {
  private readonly pid: number;
  private readonly read: ProcReader;
  private readonly nowMs: () => number;
  private readonly family: ProcFamily;
  private lastTicks: number | null;
  private lastMs: number;
  private last: ServerTelemetry | null = null;

  constructor(
    pid: number,
    read: ProcReader = readProc,
    nowMs: () => number = () => performance.now(),
    family: ProcFamily = () => [],
  ) {
    this.pid = pid;
    this.read = read;
    this.nowMs = nowMs;
    this.family = family;
    this.lastTicks = this.cpuTicks();
    this.lastMs = nowMs();
  }

  /** Starts the CPU span afresh (e.g. when load begins). */
  restart(): void {
    this.lastTicks = this.cpuTicks();
    this.lastMs = this.nowMs();
    this.last = null;
  }

  /** CPU % (100 = one core) since the previous reading and RSS in MB; null once the process is gone. */
  sample(): ServerTelemetry | null {
    const nowMs = this.nowMs();
    const spanMs = nowMs - this.lastMs;
    if (this.last !== null && spanMs < MIN_SPAN_MS) return this.last;
    const ticks = this.cpuTicks();
    const rssKb = this.sum('status', parseProcStatusRssKb);
    if (ticks === null || rssKb === null) return null;
    const previous = this.lastTicks;
    this.lastTicks = ticks;
    this.lastMs = nowMs;
    if (previous === null || spanMs <= 0) return null;
    // A forked process that exited takes its ticks with it: never a negative share.
    const cpuS = Math.max(0, ticks - previous) / USER_HZ;
    this.last = {
      cpuPercent: Math.round(((cpuS * 1000) / spanMs) * 1000) / 10,
      rssMb: Math.round((rssKb / 1024) * 10) / 10,
    };
    return this.last;
  }

  private cpuTicks(): number | null {
    return this.sum('stat', parseProcStatCpuTicks);
  }

  /** `parse` of /proc/<pid>/`file` summed over the server and its family; null when the server is gone. */
  private sum(file: 'stat' | 'status', parse: (text: string) => number | null): number | null {
    const read = (pid: number): number | null => {
      const text = this.read(`/proc/${pid}/${file}`);
      return text === null ? null : parse(text);
    };
    const own = read(this.pid);
    if (own === null) return null;
    // A forked process may exit between the listing and the read: it then adds nothing.
    return this.family(this.pid).reduce((total, pid) => total + (read(pid) ?? 0), own);
  }
}

/** A sampler for `pid`, or null where /proc is not available (macOS, Windows): `server` stays undefined there. */
export function serverStatsSampler(pid: number): ServerStatsSampler | null {
  if (process.platform !== 'linux' || !Number.isInteger(pid) || pid <= 0) return null;
  return new ServerStatsSampler(
    pid,
    readProc,
    () => performance.now(),
    (server) => [...descendantPids(server).keys()],
  );
}
