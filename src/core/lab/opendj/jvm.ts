// Runs OpenDJ's Java programs directly, as its shell scripts would, so the PID we hold is the JVM's:
// bin/import-ldif and setup fork java without exec, and killing the script would leave the JVM
// running; the scripts also start two or three extra JVMs (version checks) before the real one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runWatchedTool } from '../watchedTool.ts';
import type { WatchedTool } from '../watchedTool.ts';
import type { OpenDjLayout } from './layout.ts';

/** What `_script-util.sh` adds for Java 9 and later (OpenDJ touches JDK internals for certificates). */
const MODULE_ARGS = [
  '--add-exports',
  'java.base/sun.security.x509=ALL-UNNAMED',
  '--add-exports',
  'java.base/sun.security.tools.keytool=ALL-UNNAMED',
  '--add-opens',
  'java.base/jdk.internal.loader=ALL-UNNAMED',
];

/** JVM option naming the lab's install on every JVM of the lab, so PIDs can be checked against it. */
export function labMarker(layout: OpenDjLayout): string {
  return `-Ddirbench.opendj=${layout.installDir}`;
}

/** Command-line pieces that identify `mainClass` running for this lab (and nothing else). */
export function programNeedles(layout: OpenDjLayout, mainClass: string): string[] {
  return [labMarker(layout), mainClass];
}

/** One OpenDJ program, named as its script names it. */
export interface OpenDjProgram {
  /** The script's name, e.g. "start-ds"; it selects the java.properties arguments. */
  script: string;
  /** The java.properties key when it differs from `script` (import-ldif.offline). */
  propertiesKey?: string;
  mainClass: string;
  /** Server programs see every jar in lib/, tools only the bootstrap jar (as in the scripts). */
  classpath: 'server' | 'tool';
  args: readonly string[];
  /** JVM options beyond java.properties. */
  javaArgs?: readonly string[];
}

/** A command line that runs an OpenDJ program through /usr/bin/env (which execs java: same PID). */
export interface JvmCommand {
  command: string;
  args: string[];
}

/** The JVM arguments java.properties gives `key`, falling back to default.java-args like the scripts. */
export function javaPropertiesArgs(javaPropertiesPath: string, key: string): string[] {
  let text: string;
  try {
    text = readFileSync(javaPropertiesPath, 'utf8');
  } catch {
    return [];
  }
  const read = (name: string): string | null => {
    const line = text.split('\n').find((l) => l.trim().startsWith(`${name}=`));
    return line === undefined ? null : line.slice(line.indexOf('=') + 1).trim();
  };
  const value = read(`${key}.java-args`) || read('default.java-args') || '';
  return value.split(/\s+/).filter((a) => a !== '');
}

/** The command line of `program` in the lab's install, run by the Java at `javaPath`. */
export function jvmCommand(
  layout: OpenDjLayout,
  javaPath: string,
  program: OpenDjProgram,
): JvmCommand {
  const root = layout.installDir;
  const classpath =
    program.classpath === 'server'
      ? `${join(root, 'classes')}:${join(root, 'lib', '*')}`
      : `${join(root, 'classes')}:${join(root, 'lib', 'bootstrap-client.jar')}`;
  const env = [
    `INSTALL_ROOT=${root}`,
    `INSTANCE_ROOT=${root}`,
    `SCRIPT_NAME=${program.propertiesKey ?? program.script}`,
    `CLASSPATH=${classpath}`,
  ];
  return {
    command: '/usr/bin/env',
    args: [
      ...env,
      javaPath,
      ...javaPropertiesArgs(layout.javaProperties, program.propertiesKey ?? program.script),
      ...MODULE_ARGS,
      ...(program.javaArgs ?? []),
      labMarker(layout),
      `-Dorg.opends.server.scriptName=${program.script}`,
      program.mainClass,
      ...program.args,
    ],
  };
}

/**
 * Runs `program` under the watchdog (it dies with us), output appended to `logPath`. On abort the
 * JVM gets SIGTERM and, 10 s later, SIGKILL; only while its command line still names this lab.
 */
export async function runProgram(
  layout: OpenDjLayout,
  javaPath: string,
  program: OpenDjProgram,
  logPath: string,
  signal: AbortSignal,
): Promise<WatchedTool> {
  signal.throwIfAborted();
  const { command, args } = jvmCommand(layout, javaPath, program);
  return runWatchedTool({
    command,
    args,
    logPath,
    needles: programNeedles(layout, program.mainClass),
    killAfterMs: 10_000,
    signal,
  });
}
