// Runs a lab's samba in the foreground (tied to this process by the watchdog, or detached),
// identifies it by PID, and stops it with every process it forked.
import { readdirSync, readlinkSync } from 'node:fs';
import { spawnForeground } from '../foregroundServer.ts';
import type { ForegroundOptions, ForegroundServer } from '../foregroundServer.ts';
import { waitForLdap } from '../ldapReady.ts';
import { descendantPids, procStat } from '../processes.ts';
import type { StopOutcome } from '../processes.ts';
import type { SambaAdLayout } from './layout.ts';
import { SAMBA_AD_LDAP_PORT } from './smbConf.ts';

/** A started samba. */
export interface SambaProcess extends ForegroundServer {
  url: string;
}

/** LDAP URL of a lab on `address`. */
export function sambaAdUrl(address: string): string {
  return `ldap://${address}:${SAMBA_AD_LDAP_PORT}`;
}

/** Spawns `samba -i` (foreground, logging to its output) on the lab's smb.conf; does not wait. */
export async function spawnSamba(
  samba: string,
  layout: SambaAdLayout,
  address: string,
  opts: Omit<ForegroundOptions, 'program'>,
): Promise<SambaProcess> {
  const args = ['-i', '-s', layout.smbConf, '-d', '1'];
  return {
    ...(await spawnForeground(samba, args, { ...opts, program: samba })),
    url: sambaAdUrl(address),
  };
}

/** Polls until samba answers a root DSE read; fails early when it exits, or after `timeoutMs`. */
export function waitForSamba(
  proc: SambaProcess,
  logPath: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<void> {
  return waitForLdap({
    what: 'samba',
    url: proc.url,
    exited: proc.exited,
    logPath,
    timeoutMs,
    signal,
  });
}

/** The files a live process holds open; empty when it is gone, a zombie, or not ours to read. */
function openFiles(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/** True when `pid` runs the samba binary (its command line is rewritten, so /proc/PID/exe tells). */
function runsSamba(pid: number): boolean {
  try {
    return /\/samba( \(deleted\))?$/.test(readlinkSync(`/proc/${pid}/exe`));
  } catch {
    return false;
  }
}

/**
 * True when `pid` is a live samba of the lab in `layout`: samba rewrites its command line
 * ("samba: root process"), so the proof is the lab's database it holds open.
 */
export function isLabSamba(pid: number, layout: SambaAdLayout): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || !runsSamba(pid)) return false;
  const prefix = `${layout.root}/`;
  return openFiles(pid).some((file) => file.startsWith(prefix));
}

/** The processes of `family` still alive (not zombies) as the same process (same start time). */
function stillAlive(family: Map<number, string>): number[] {
  return [...family]
    .filter(([pid, start]) => {
      const stat = procStat(pid);
      return stat !== null && stat.state !== 'Z' && stat.startTicks === start;
    })
    .map(([pid]) => pid);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Sends `name` to each of `pids` that is still there. */
function sendSignal(pids: readonly number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // Gone meanwhile.
    }
  }
}

/** Waits until `alive()` is empty or `ms` pass; true when it emptied. */
async function waitGone(alive: () => number[], ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (alive().length === 0) return true;
    await sleep(50);
  }
  return alive().length === 0;
}

/**
 * Stops the lab's samba by PID, only if that PID is still samba holding this lab's files, and the
 * processes it forked (prefork workers, which end with it): SIGTERM to samba, then SIGKILL to
 * whatever of the family is left after `graceMs`.
 */
export async function stopSamba(
  pid: number,
  layout: SambaAdLayout,
  graceMs = 10_000,
): Promise<StopOutcome> {
  if (!isLabSamba(pid, layout)) return 'not-running';
  const family = descendantPids(pid);
  const start = procStat(pid)?.startTicks ?? '';
  family.set(pid, start);
  const alive = (): number[] => stillAlive(family);
  sendSignal([pid], 'SIGTERM');
  if (await waitGone(alive, graceMs)) return 'stopped';
  sendSignal(alive(), 'SIGKILL');
  await waitGone(alive, 2_000);
  return 'killed';
}
