// Runs a lab's ns-slapd in the foreground on its loopback port (tied to this process by the
// watchdog, or detached), identifies it by PID and command line, and stops it.
import { rmSync } from 'node:fs';
import { spawnForeground } from '../foregroundServer.ts';
import type { ForegroundOptions, ForegroundServer } from '../foregroundServer.ts';
import { waitForLdap } from '../ldapReady.ts';
import { livePids, processCommandLine, processMatches, stopProcess } from '../processes.ts';
import type { StopOutcome } from '../processes.ts';
import type { Ds389Layout } from './layout.ts';

/**
 * `-d` level: the server's default error-log level (SLAPD_DEFAULT_ERRORLOG_LEVEL, what the 389 DS
 * container image passes). Any -d keeps ns-slapd in the foreground; this one also copies the error
 * log to stderr. `-d 0` would silence start-up errors in both places.
 */
const FOREGROUND_LOG_LEVEL = '266354688';

/** A started ns-slapd. */
export interface NsSlapdProcess extends ForegroundServer {
  url: string;
}

/** What to start. */
export interface NsSlapdStartOptions extends Omit<ForegroundOptions, 'program'> {
  nsSlapd: string;
  layout: Ds389Layout;
  port: number;
}

/** Loopback LDAP URL of a lab port. */
export function ds389Url(port: number): string {
  return `ldap://127.0.0.1:${port}`;
}

/** Command-line pieces that identify ns-slapd (server or offline tool) of the lab in `layout`. */
function needles(layout: Ds389Layout): string[] {
  return ['ns-slapd', `-D ${layout.configDir} `];
}

/** Offline modes of ns-slapd (its first argument), which are not the server. */
const TOOL_MODES = new Set([
  'ldif2db',
  'db2ldif',
  'db2index',
  'archive2db',
  'db2archive',
  'upgradedb',
]);

/**
 * The space-separated words of `pid`'s command line when it runs ns-slapd itself (not, say, the
 * watchdog shell whose arguments name it) for this lab; null otherwise.
 */
function labNsSlapdWords(pid: number, layout: Ds389Layout): string[] | null {
  if (!processMatches(pid, needles(layout))) return null;
  const words = (processCommandLine(pid) ?? '').split(' ');
  const program = words[0] ?? '';
  return program === 'ns-slapd' || program.endsWith('/ns-slapd') ? words : null;
}

/** Spawns ns-slapd in the foreground. Does not wait for it to answer. */
export async function spawnNsSlapd(opts: NsSlapdStartOptions): Promise<NsSlapdProcess> {
  const url = ds389Url(opts.port);
  const { layout } = opts;
  const args = ['-D', layout.configDir, '-i', layout.pidFile, '-d', FOREGROUND_LOG_LEVEL];
  return { ...(await spawnForeground(opts.nsSlapd, args, opts)), url };
}

/** Polls until ns-slapd answers a root DSE read; fails early when it exits, or after `timeoutMs`. */
export function waitForNsSlapd(
  proc: NsSlapdProcess,
  logPath: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<void> {
  return waitForLdap({
    what: 'ns-slapd',
    url: proc.url,
    exited: proc.exited,
    logPath,
    timeoutMs,
    ...(signal === undefined ? {} : { signal }),
  });
}

/** True when `pid` is the lab's live server (not one of its offline tools such as ldif2db). */
export function isLabNsSlapd(pid: number, layout: Ds389Layout): boolean {
  const words = labNsSlapdWords(pid, layout);
  return words !== null && !TOOL_MODES.has(words[1] ?? '');
}

/** PIDs of live ns-slapd processes of this lab, server or tools (Linux /proc; elsewhere none). */
export function labNsSlapdPids(layout: Ds389Layout): number[] {
  return livePids().filter((pid) => labNsSlapdWords(pid, layout) !== null);
}

/**
 * Deletes the statistics semaphore ns-slapd leaves in /dev/shm when it is killed (a clean stop
 * removes it), unless some ns-slapd of this lab still runs. Its name is unique to the lab.
 */
export function removeStaleSemaphore(layout: Ds389Layout): void {
  if (labNsSlapdPids(layout).length > 0) return;
  rmSync(layout.statsSemaphore, { force: true });
}

/**
 * Stops the lab's ns-slapd (server, or an offline tool such as ldif2db) by PID, only if that PID is
 * still ns-slapd of this lab. The grace is long: a clean stop takes seconds (database threads wind
 * down) and a kill means a database recovery at the next start.
 */
export async function stopNsSlapd(
  pid: number,
  layout: Ds389Layout,
  graceMs = 30_000,
): Promise<StopOutcome> {
  // The needles alone would also match the watchdog shell, whose arguments name ns-slapd.
  const outcome =
    labNsSlapdWords(pid, layout) === null
      ? 'not-running'
      : await stopProcess(pid, needles(layout), graceMs);
  removeStaleSemaphore(layout);
  return outcome;
}
