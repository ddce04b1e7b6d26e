// Starts an OpenDJ lab's server in the foreground (--nodetach) as the JVM itself, tied to this
// process by the watchdog or detached; identifies and stops it by PID and its lab's install path.
import type { RunningServer, StartOptions, LabServerConfig } from '../driver.ts';
import { spawnForeground } from '../foregroundServer.ts';
import { waitForLdap } from '../ldapReady.ts';
import { processMatches, stopProcess } from '../processes.ts';
import type { StopOutcome } from '../processes.ts';
import { ConfigLdif } from '../configLdif.ts';
import type { JavaRuntime } from '../java.ts';
import { jvmCommand, programNeedles } from './jvm.ts';
import type { OpenDjProgram } from './jvm.ts';
import { freePort } from '../freePort.ts';
import { ADMIN_CONNECTOR, LDAP_HANDLER } from './labSettings.ts';
import { openDjLayout } from './layout.ts';
import type { OpenDjLayout } from './layout.ts';

const SERVER_CLASS = 'org.opends.server.core.DirectoryServer';

/** The server program, as bin/start-ds --nodetach runs it after its checks (the JVM is the PID). */
export function serverProgram(layout: OpenDjLayout): OpenDjProgram {
  return {
    script: 'start-ds',
    mainClass: SERVER_CLASS,
    classpath: 'server',
    args: ['--configFile', layout.configLdif, '--nodetach'],
  };
}

/** A free loopback port other than `taken` (for the administration connector). */
export async function otherFreePort(taken: number): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port !== taken) return port;
  }
}

/**
 * Sets the ports of the lab's LDAP connection handler and administration connector in config.ldif
 * (server stopped). Every start takes a fresh administration port, so a port another program took
 * since setup cannot stop the lab from starting; the LDAP port is the one the caller chose.
 */
export async function setListenPorts(labDir: string, ldapPort: number): Promise<void> {
  const layout = openDjLayout(labDir);
  const config = ConfigLdif.read(layout.configLdif);
  config.set(LDAP_HANDLER, 'ds-cfg-listen-port', [String(ldapPort)]);
  config.set(ADMIN_CONNECTOR, 'ds-cfg-listen-port', [String(await otherFreePort(ldapPort))]);
  config.write(layout.configLdif);
}

/** Loopback LDAP URL of a lab port. */
export function labUrl(port: number): string {
  return `ldap://127.0.0.1:${port}`;
}

/** Command-line pieces unique to this lab's server JVM. */
function serverNeedles(labDir: string): string[] {
  return programNeedles(openDjLayout(labDir), SERVER_CLASS);
}

/** True when `pid` is the live server JVM of the lab in `labDir`. */
export function isOpenDjServer(pid: number, labDir: string): boolean {
  return processMatches(pid, serverNeedles(labDir));
}

/**
 * Stops the lab's server by PID: SIGTERM runs OpenDJ's shutdown hook (a clean database close),
 * SIGKILL after `graceMs`. A 10M-entry JE database can take seconds to close, hence 30 s.
 */
export function stopOpenDjServer(
  pid: number,
  labDir: string,
  graceMs = 30_000,
): Promise<StopOutcome> {
  return stopProcess(pid, serverNeedles(labDir), graceMs);
}

/** Spawns the server JVM and waits until it answers LDAP; stops it again if it never does. */
export async function startOpenDjServer(
  config: LabServerConfig,
  java: JavaRuntime,
  options: StartOptions,
): Promise<RunningServer> {
  options.signal.throwIfAborted();
  // A retry on another port (the chosen one was taken meanwhile) changes only the port.
  await setListenPorts(config.labDir, config.port);
  const layout = openDjLayout(config.labDir);
  const { command, args } = jvmCommand(layout, java.path, serverProgram(layout));
  const url = labUrl(config.port);
  const server: RunningServer = {
    ...(await spawnForeground(command, args, { ...options, program: java.path })),
    url,
  };
  try {
    await waitForLdap({
      what: 'OpenDJ',
      url,
      exited: server.exited,
      logPath: options.logPath,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
    });
  } catch (err) {
    await stopOpenDjServer(server.pid, config.labDir, 10_000);
    throw err;
  }
  return server;
}
