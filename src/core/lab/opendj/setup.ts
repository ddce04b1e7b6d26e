// Creates an OpenDJ lab: unpacks the server into the lab, runs its non-interactive setup (stopped,
// empty backend for the suffix), then applies the lab's settings and indexes to config.ldif offline.
import { appendFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LabServerConfig } from '../driver.ts';
import { ConfigLdif } from '../configLdif.ts';
import type { JavaRuntime } from '../java.ts';
import { runProgram } from './jvm.ts';
import { BACKEND_ID, applyLabSettings, writeJavaProperties } from './labSettings.ts';
import { openDjLayout } from './layout.ts';
import { openDjLogTail } from './output.ts';
import { otherFreePort } from './server.ts';
import { extractZip } from '../unzip.ts';

/** How long each configuration step took, in milliseconds (also appended to the setup log). */
export interface SetupTimings {
  unzipMs: number;
  setupMs: number;
  settingsMs: number;
  /** JVM heaps given to the server and to the offline import, MiB. */
  heaps: { server: number; import: number };
  adminPort: number;
}

/** setup's arguments: stopped, no sample data, an empty JE backend holding `suffix`. */
export function setupArgs(
  config: LabServerConfig,
  passwordFile: string,
  adminPort: number,
): string[] {
  return [
    '--cli',
    '--no-prompt',
    '--acceptLicense',
    '--doNotStart',
    '--rootUserDN',
    config.rootDn,
    // A file, not --rootUserPassword: command lines are visible to every local user.
    '--rootUserPasswordFile',
    passwordFile,
    '--ldapPort',
    String(config.port),
    '--adminConnectorPort',
    String(adminPort),
    '--baseDN',
    config.suffix,
    '--backendType',
    'je',
    // Names the self-signed administration certificate; the lab is loopback only.
    '--hostname',
    '127.0.0.1',
  ];
}

/** Unpacks, sets up and tunes the lab in `config.labDir`; replaces an earlier install there. */
export async function configureOpenDj(
  config: LabServerConfig,
  zipPath: string,
  java: JavaRuntime,
  signal: AbortSignal,
): Promise<SetupTimings> {
  const layout = openDjLayout(config.labDir);
  const note = (text: string): void =>
    appendFileSync(layout.setupLog, `[DirBench ${new Date().toISOString()}] ${text}\n`);
  rmSync(layout.installDir, { recursive: true, force: true });
  signal.throwIfAborted();

  let started = performance.now();
  await extractZip(zipPath, layout.labDir, signal);
  if (!existsSync(join(layout.installDir, 'setup'))) {
    throw new Error(`${zipPath} does not hold an opendj/ directory with a setup program`);
  }
  const unzipMs = performance.now() - started;
  note(`unpacked ${zipPath} into ${layout.installDir} in ${(unzipMs / 1000).toFixed(1)} s`);

  const adminPort = await otherFreePort(config.port);
  started = performance.now();
  writeFileSync(layout.passwordFile, config.rootPassword, { mode: 0o600 });
  try {
    const setup = await runProgram(
      layout,
      java.path,
      {
        script: 'setup',
        mainClass: 'org.opends.quicksetup.installer.SetupLauncher',
        classpath: 'tool',
        args: setupArgs(config, layout.passwordFile, adminPort),
        // setup writes its detailed log to the temp directory when it fails: keep it in the lab.
        javaArgs: [`-Djava.io.tmpdir=${layout.labDir}`],
      },
      layout.setupLog,
      signal,
    );
    const exit = await setup.done;
    signal.throwIfAborted();
    if (exit.code !== 0) {
      const how =
        exit.code === null
          ? `was killed (${exit.signal ?? 'signal'})`
          : `exited with code ${exit.code}`;
      throw new Error(
        `OpenDJ setup ${how}: ${openDjLogTail(layout.setupLog)} (full log: ${layout.setupLog})`,
      );
    }
  } finally {
    rmSync(layout.passwordFile, { force: true });
  }
  const setupMs = performance.now() - started;
  note(`setup took ${(setupMs / 1000).toFixed(1)} s`);

  started = performance.now();
  const ldif = ConfigLdif.read(layout.configLdif);
  if (!ldif.has(`ds-cfg-backend-id=${BACKEND_ID},cn=Backends,cn=config`)) {
    throw new Error(`setup created no ${BACKEND_ID} backend (see ${layout.setupLog})`);
  }
  applyLabSettings(ldif, config.indexProfile);
  ldif.write(layout.configLdif);
  // The Java we checked, also for anyone running the lab's scripts by hand.
  const heaps = writeJavaProperties(
    layout.javaProperties,
    config.entries,
    dirname(dirname(java.path)),
  );
  const settingsMs = performance.now() - started;
  note(
    `lab settings (loopback, indexes of profile "${config.indexProfile.name}", no access log, ` +
      `heap ${heaps.server} MiB (import ${heaps.import} MiB), admin port ${adminPort}) written in ${settingsMs.toFixed(0)} ms`,
  );
  return { unzipMs, setupMs, settingsMs, heaps, adminPort };
}
