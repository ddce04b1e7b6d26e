// CPU time of a process and all its descendants, split into user and system time, read from /proc (Linux),
// for client CPU per operation.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second that /proc/<pid>/stat counts in. */
const TICKS_PER_S = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time used so far, split by where it was spent. */
export interface CpuUs {
  /** Time spent running the process's own code (utime), microseconds. */
  userUs: number;
  /** Time the kernel spent on its behalf: system calls, socket work (stime), microseconds. */
  systemUs: number;
}

interface ProcStat {
  ppid: number;
  /** utime and stime of the process itself (all its threads, live and exited), in ticks. */
  userTicks: number;
  systemTicks: number;
  /** cutime and cstime: its children that exited and were waited for (so a tree total never drops). */
  reapedUserTicks: number;
  reapedSystemTicks: number;
}

/** Parses /proc/<pid>/stat; null when the process is gone. */
function readStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces and parentheses: fields are counted after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // After the name: state(3) ppid(4) ... utime(14) stime(15) cutime(16) cstime(17), so index = field - 3.
  return {
    ppid: Number(fields[1]),
    userTicks: Number(fields[11]),
    systemTicks: Number(fields[12]),
    reapedUserTicks: Number(fields[13]),
    reapedSystemTicks: Number(fields[14]),
  };
}

function toUs(userTicks: number, systemTicks: number): CpuUs {
  return {
    userUs: Math.round((userTicks * 1e6) / TICKS_PER_S),
    systemUs: Math.round((systemTicks * 1e6) / TICKS_PER_S),
  };
}

/** CPU used so far by one process (all its threads, none of its children); zero when gone. */
export function processCpu(pid: number): CpuUs {
  const stat = readStat(pid);
  return stat === null ? toUs(0, 0) : toUs(stat.userTicks, stat.systemTicks);
}

/**
 * CPU used so far by `rootPid` and its descendants: the live ones, and the exited ones their parents
 * reaped (a child that exits between two reads moves from its own count to its parent's).
 */
export function treeCpu(rootPid: number): CpuUs {
  const stats = new Map<number, ProcStat>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat !== null) stats.set(Number(name), stat);
  }
  const inTree = new Set<number>([rootPid]);
  // Parents are not always listed before children: repeat until no process joins.
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, stat] of stats) {
      if (!inTree.has(pid) && inTree.has(stat.ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let userTicks = 0;
  let systemTicks = 0;
  for (const pid of inTree) {
    const stat = stats.get(pid);
    if (stat === undefined) continue;
    userTicks += stat.userTicks + stat.reapedUserTicks;
    systemTicks += stat.systemTicks + stat.reapedSystemTicks;
  }
  return toUs(userTicks, systemTicks);
}
