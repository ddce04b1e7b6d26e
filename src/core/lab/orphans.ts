// Servers (labs, brokers) a DirBench process started for its own use and left behind when it died:
// which records are such orphans, and how their records end once the server is stopped.
import { processAlive, procStat } from './processes.ts';

/** True when `ownerPid` names a process that died (null: a persistent server, meant to outlive us). */
export function ownerGone(ownerPid: number | null): boolean {
  if (ownerPid === null || ownerPid === process.pid) return false;
  // A killed owner its parent has not reaped yet is a zombie: it still answers signal 0, but it
  // is as dead as one that is gone.
  return !processAlive(ownerPid) || procStat(ownerPid)?.state === 'Z';
}

/** The record's end after its orphaned server was stopped: stopped if it was up, failed if it was starting. */
export function orphanEnd(wasRunning: boolean): {
  state: 'stopped' | 'failed';
  pid: null;
  ownerPid: null;
  error: string;
} {
  return {
    state: wasRunning ? 'stopped' : 'failed',
    pid: null,
    ownerPid: null,
    error: wasRunning
      ? 'Stopped because the DirBench process that started it had exited.'
      : 'Interrupted: the DirBench process that was starting it exited.',
  };
}
