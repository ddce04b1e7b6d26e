// Process checks by PID that survive PID reuse: a PID read from disk is only signalled once its
// command line proves it is the process we started.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** True when a process with this PID exists (zombies included; see `processCommandLine`). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PIDs of the processes alive now (Linux /proc; elsewhere an empty list). */
export function livePids(): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries.filter((e) => /^\d+$/.test(e)).map(Number);
}

/** State, parent PID and start time (clock ticks since boot) of a process; null when gone (Linux /proc). */
export function procStat(pid: number): { state: string; ppid: number; startTicks: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the parenthesized name (which may hold anything): state ppid ... starttime is 20 on.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', ppid: Number(fields[1]), startTicks: fields[19] ?? '' };
  } catch {
    return null;
  }
}

/**
 * Every process below `pid` (children, their children, ...) mapped to its start time, so a PID
 * reused later can be told apart (Linux /proc; elsewhere none).
 */
export function descendantPids(pid: number): Map<number, string> {
  const children = new Map<number, { pid: number; startTicks: string }[]>();
  for (const candidate of livePids()) {
    const stat = procStat(candidate);
    if (stat === null) continue;
    const siblings = children.get(stat.ppid) ?? [];
    siblings.push({ pid: candidate, startTicks: stat.startTicks });
    children.set(stat.ppid, siblings);
  }
  const found = new Map<number, string>();
  const queue = [pid];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const child of children.get(next) ?? []) {
      found.set(child.pid, child.startTicks);
      queue.push(child.pid);
    }
  }
  return found;
}

/** The command line of a live process, arguments joined by spaces; null when gone or a zombie. */
export function processCommandLine(pid: number): string | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (existsSync('/proc/self/cmdline')) {
    try {
      const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // A zombie has an empty command line; it is as good as gone.
      return raw === '' ? null : raw.replace(/\0+$/, '').split('\0').join(' ');
    } catch {
      return null;
    }
  }
  // No /proc (macOS, BSD): ask ps, which exits non-zero for an unknown PID.
  try {
    const out = execFileSync('ps', ['-o', 'stat=,command=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (out === '' || out.startsWith('Z')) return null;
    return out.replace(/^\S+\s+/, '');
  } catch {
    return null;
  }
}

/** True when `pid` is alive and its command line contains every one of `needles`. */
export function processMatches(pid: number, needles: readonly string[]): boolean {
  const cmdline = processCommandLine(pid);
  return cmdline !== null && needles.every((n) => cmdline.includes(n));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** How a stop went: signalled and exited, or nothing to do because the process was not ours. */
export type StopOutcome = 'stopped' | 'killed' | 'not-running';

/**
 * Stops a process by PID: SIGTERM, up to `graceMs` for it to exit, then SIGKILL.
 * Nothing is signalled unless the command line contains all of `needles` (PIDs get reused).
 */
export async function stopProcess(
  pid: number,
  needles: readonly string[],
  graceMs = 10_000,
): Promise<StopOutcome> {
  if (!processMatches(pid, needles)) return 'not-running';
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return 'not-running';
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!processMatches(pid, needles)) return 'stopped';
    await sleep(50);
  }
  if (!processMatches(pid, needles)) return 'stopped';
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return 'stopped';
  }
  // SIGKILL cannot be ignored; wait briefly so callers can delete files the process had open.
  for (let i = 0; i < 40 && processMatches(pid, needles); i++) await sleep(50);
  return 'killed';
}
