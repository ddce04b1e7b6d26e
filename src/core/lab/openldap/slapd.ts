// Starts a lab's slapd on a loopback port, either tied to this process by a watchdog or detached,
// and waits until it answers LDAP.
import { spawnForeground } from '../foregroundServer.ts';
import type { ForegroundOptions, ForegroundServer } from '../foregroundServer.ts';
import { waitForLdap } from '../ldapReady.ts';
import { processMatches, stopProcess } from '../processes.ts';
import type { StopOutcome } from '../processes.ts';

// slapd's own debug level "none" (32768): errors and start/stop notices only, never per-operation
// lines. Level 0 would hide even configuration errors.
const SLAPD_DEBUG_LEVEL = '32768';

/** A slapd this process started. */
export interface SlapdProcess extends ForegroundServer {
  url: string;
}

/** What to start. */
export interface SlapdStartOptions extends Omit<ForegroundOptions, 'program'> {
  slapd: string;
  confPath: string;
  port: number;
  /** Also listen for ldaps:// on this port (the config must carry the TLS certificate). */
  ldapsPort?: number;
}

/** Loopback LDAP URL of a lab port. */
export function labUrl(port: number): string {
  return `ldap://127.0.0.1:${port}`;
}

/** Spawns slapd in the foreground (-d) on 127.0.0.1:port. Does not wait for it to answer. */
export async function spawnSlapd(opts: SlapdStartOptions): Promise<SlapdProcess> {
  const url = labUrl(opts.port);
  const listeners = [`${url}/`];
  if (opts.ldapsPort !== undefined) listeners.push(`ldaps://127.0.0.1:${opts.ldapsPort}/`);
  const args = ['-f', opts.confPath, '-h', listeners.join(' '), '-d', SLAPD_DEBUG_LEVEL];
  return { ...(await spawnForeground(opts.slapd, args, opts)), url };
}

/** Thrown when slapd exits before it answers. */

/** Polls until slapd answers a root DSE read; fails early when it exits, or after `timeoutMs`. */
export function waitForSlapd(
  proc: SlapdProcess,
  logPath: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<void> {
  return waitForLdap({
    what: 'slapd',
    url: proc.url,
    exited: proc.exited,
    logPath,
    timeoutMs,
    ...(signal === undefined ? {} : { signal }),
  });
}

/** Stops the slapd of a lab by PID, only if that PID is still slapd running this lab's config. */
export function stopSlapd(pid: number, confPath: string, graceMs = 10_000): Promise<StopOutcome> {
  return stopProcess(pid, ['slapd', confPath], graceMs);
}

/** True when `pid` is a live slapd serving the lab configured by `confPath`. */
export function isLabSlapd(pid: number, confPath: string): boolean {
  return processMatches(pid, ['slapd', confPath]);
}
