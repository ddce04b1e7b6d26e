// Runs an ApacheDS lab's server: the JVM on the lab's instance folder, tied to this process by the
// watchdog or detached; sets the admin's password on first start; identifies and stops it by PID.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Attribute, Change, Client, InvalidCredentialsError } from 'ldapts';
import type { LabServerConfig, RunningServer, StartOptions } from '../driver.ts';
import { spawnForeground } from '../foregroundServer.ts';
import { ServerExitedError, waitForLdap } from '../ldapReady.ts';
import { readFileFrom } from '../logTail.ts';
import { processMatches, stopProcess } from '../processes.ts';
import type { StopOutcome } from '../processes.ts';
import { ConfigLdif } from '../configLdif.ts';
import { entryCacheSize, setLdapPort } from './config.ts';
import type { ApacheDsInstall } from './install.ts';
import { apacheDsLayout } from './layout.ts';

const MAIN_CLASS = 'org.apache.directory.server.UberjarMain';

/** The administrator ApacheDS creates in every instance (its password is `secret` until changed). */
export const APACHEDS_ADMIN_DN = 'uid=admin,ou=system';
const FACTORY_PASSWORD = 'secret';

// Controls and extended operations the Debian service registers (/etc/default/apacheds); without
// them the server answers paged searches and StartTLS as unsupported.
const CONTROLS = [
  'org.apache.directory.api.ldap.codec.controls.cascade.CascadeFactory',
  'org.apache.directory.api.ldap.codec.controls.manageDsaIT.ManageDsaITFactory',
  'org.apache.directory.api.ldap.codec.controls.search.entryChange.EntryChangeFactory',
  'org.apache.directory.api.ldap.codec.controls.search.pagedSearch.PagedResultsFactory',
  'org.apache.directory.api.ldap.codec.controls.search.persistentSearch.PersistentSearchFactory',
  'org.apache.directory.api.ldap.codec.controls.search.subentries.SubentriesFactory',
  'org.apache.directory.api.ldap.extras.controls.ppolicy_impl.PasswordPolicyFactory',
];
const EXTENDED_OPERATIONS = [
  'org.apache.directory.api.ldap.extras.extended.ads_impl.cancel.CancelFactory',
  'org.apache.directory.api.ldap.extras.extended.ads_impl.gracefulShutdown.GracefulShutdownFactory',
  'org.apache.directory.api.ldap.extras.extended.ads_impl.gracefulDisconnect.GracefulDisconnectFactory',
];

// Warnings and errors only, to stdout (the lab's server.log): the package's own file logs the
// StartTLS handler at debug level and rolls a second copy into log/.
const LOG4J = [
  'log4j.rootCategory=WARN, stdout',
  'log4j.appender.stdout=org.apache.log4j.ConsoleAppender',
  'log4j.appender.stdout.layout=org.apache.log4j.PatternLayout',
  'log4j.appender.stdout.layout.ConversionPattern=[%d{ISO8601}] %p [%c] - %m%n',
  'log4j.logger.org.apache.directory.api=ERROR',
  '',
].join('\n');

/**
 * Heap for a lab of `entries`: 512 MB and 12 MB per 1,000 cached entries. Measured: a 100,000-entry
 * lab with 656 MB spent its time in full GCs counting its entries (old generation 99.9% full).
 */
export function heapMb(entries: number): number {
  return 512 + Math.ceil(entryCacheSize(entries) / 1000) * 12;
}

/** The JVM command line of the lab's server. */
export function serverCommand(
  install: ApacheDsInstall,
  labDir: string,
  entries: number,
): { command: string; args: string[] } {
  const layout = apacheDsLayout(labDir);
  return {
    command: install.java,
    args: [
      `-Xmx${heapMb(entries)}m`,
      '-Djava.awt.headless=true',
      // ApacheDS M26 makes a self-signed certificate with JDK internals on every start; Java 17
      // refuses that access unless these packages are exported to it.
      '--add-exports',
      'java.base/sun.security.x509=ALL-UNNAMED',
      '--add-exports',
      'java.base/sun.security.util=ALL-UNNAMED',
      `-Dapacheds.controls=${CONTROLS.join(',')}`,
      `-Dapacheds.extendedOperations=${EXTENDED_OPERATIONS.join(',')}`,
      `-Dlog4j.configuration=file:${layout.log4jProperties}`,
      `-Dapacheds.log.dir=${layout.logDir}`,
      '-cp',
      install.classpath.join(':'),
      MAIN_CLASS,
      layout.instanceDir,
    ],
  };
}

/** Command-line pieces unique to this lab's server JVM. */
function serverNeedles(labDir: string): string[] {
  return [MAIN_CLASS, apacheDsLayout(labDir).instanceDir];
}

/** True when `pid` is the live server JVM of the lab in `labDir`. */
export function isApacheDsServer(pid: number, labDir: string): boolean {
  return processMatches(pid, serverNeedles(labDir));
}

/** Stops the lab's server by PID: SIGTERM runs ApacheDS's shutdown hook (partitions synced and closed). */
export function stopApacheDsServer(
  pid: number,
  labDir: string,
  graceMs = 30_000,
): Promise<StopOutcome> {
  return stopProcess(pid, serverNeedles(labDir), graceMs);
}

/**
 * Writes the configuration the server reads on start, with the LDAP port: ApacheDS migrates
 * conf/config.ldif into conf/ou=config and renames it, so each start begins from DirBench's copy.
 */
function writeStartConfig(labDir: string, port: number): void {
  const layout = apacheDsLayout(labDir);
  for (const migrated of ['ou=config', 'ou=config.ldif', 'config.ldif_migrated']) {
    rmSync(join(layout.confDir, migrated), { recursive: true, force: true });
  }
  const config = ConfigLdif.parse(readFileSync(layout.labConfigLdif, 'utf8'));
  setLdapPort(config, port);
  config.write(layout.configLdif);
  writeFileSync(layout.log4jProperties, LOG4J);
}

/** Makes the lab's password the admin's (a new instance has ApacheDS's factory password). */
async function setAdminPassword(url: string, password: string): Promise<void> {
  const client = new Client({ url, timeout: 30_000, connectTimeout: 10_000 });
  try {
    try {
      await client.bind(APACHEDS_ADMIN_DN, password);
      return;
    } catch (err) {
      if (!(err instanceof InvalidCredentialsError)) throw err;
    }
    await client.bind(APACHEDS_ADMIN_DN, FACTORY_PASSWORD);
    await client.modify(
      APACHEDS_ADMIN_DN,
      new Change({
        operation: 'replace',
        modification: new Attribute({ type: 'userPassword', values: [password] }),
      }),
    );
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * The error of a server that exited because its port was taken, saying so where the lab build
 * looks for it (the log tail): ApacheDS logs the BindException far above its last stack lines.
 */
async function portClash(
  err: unknown,
  port: number,
  server: RunningServer,
  logPath: string,
  logStart: number,
): Promise<unknown> {
  if (!(err instanceof ServerExitedError)) return err;
  if (!/BindException: Address already in use/.test(readFileFrom(logPath, logStart))) return err;
  const tail = `127.0.0.1:${port}: Address already in use (another program took the port)`;
  return new ServerExitedError('ApacheDS', await server.exited, tail, logPath);
}

/** Loopback LDAP URL of a lab port. */
function labUrl(port: number): string {
  return `ldap://127.0.0.1:${port}`;
}

/** Spawns the server JVM, waits until it answers LDAP with the lab's admin password; stops it if not. */
export async function startApacheDsServer(
  config: LabServerConfig,
  install: ApacheDsInstall,
  options: StartOptions,
): Promise<RunningServer> {
  options.signal.throwIfAborted();
  writeStartConfig(config.labDir, config.port);
  const logStart = existsSync(options.logPath) ? statSync(options.logPath).size : 0;
  const { command, args } = serverCommand(install, config.labDir, config.entries);
  const url = labUrl(config.port);
  const server: RunningServer = {
    ...(await spawnForeground(command, args, { ...options, program: command })),
    url,
  };
  try {
    await waitForLdap({
      what: 'ApacheDS',
      url,
      exited: server.exited,
      logPath: options.logPath,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
    });
    await setAdminPassword(url, config.rootPassword);
  } catch (err) {
    await stopApacheDsServer(server.pid, config.labDir, 10_000);
    throw await portClash(err, config.port, server, options.logPath, logStart);
  }
  return server;
}
