// CPU time of a process and all its descendants, read from /proc (Linux), for client CPU per operation.
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

interface ProcStat {
  ppid: number;
  /** utime + stime of the process itself (all its threads), in ticks. */
  cpuTicks: number;
  /** cutime + cstime: its children that exited and were waited for (so a tree total never drops). */
  reapedTicks: number;
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
  // After the name: state(3) ppid(4) ... utime(14) stime(15), so index = field number - 3.
  return {
    ppid: Number(fields[1]),
    cpuTicks: Number(fields[11]) + Number(fields[12]),
    reapedTicks: Number(fields[13]) + Number(fields[14]),
  };
}

/** CPU microseconds used so far by one process (all its threads, none of its children); 0 when gone. */
export function processCpuUs(pid: number): number {
  const stat = readStat(pid);
  return stat === null ? 0 : Math.round((stat.cpuTicks * 1e6) / TICKS_PER_S);
}

/**
 * CPU microseconds used so far by `rootPid` and its descendants: the live ones, and the exited ones their
 * parents reaped (a child that exits between two reads moves from its own count to its parent's).
 */
export function treeCpuUs(rootPid: number): number {
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
  let ticks = 0;
  for (const pid of inTree) {
    const stat = stats.get(pid);
    if (stat !== undefined) ticks += stat.cpuTicks + stat.reapedTicks;
  }
  return Math.round((ticks * 1e6) / TICKS_PER_S);
}
