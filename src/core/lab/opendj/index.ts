// The OpenDJ 4.9 lab driver: the server zip from Maven Central unpacked into each lab, set up
// non-interactively, tuned offline, bulk loaded with import-ldif and run as a foreground JVM.
import { rmSync } from 'node:fs';
import { ApiError } from '../../../shared/errors.ts';
import { LAB_KINDS } from '../../../shared/labKinds.ts';
import type { LabAvailability } from '../../../shared/labTypes.ts';
import type { LabDriver, LabKindCode } from '../driver.ts';
import { importLdif } from './importLdif.ts';
import { findJava, JAVA_INSTALL_HINT } from '../java.ts';
import type { JavaRuntime } from '../java.ts';
import { openDjLayout } from './layout.ts';
import { openDjOperationCounts, openDjReading } from './monitor.ts';
import { openDjReplicaSupport } from './replicas.ts';
import { isOpenDjServer, startOpenDjServer, stopOpenDjServer } from './server.ts';
import { configureOpenDj } from './setup.ts';
import {
  fetchOpenDjZip,
  findOpenDjZip,
  mavenFetchCommand,
  OPENDJ_ZIP_ENV,
  OPENDJ_ZIP_NAME,
  openDjZipVersion,
} from './software.ts';

/** Bind DN of an OpenDJ lab's root user, whatever the suffix (setup's default). */
export const OPENDJ_ROOT_DN = 'cn=Directory Manager';

/** Where to look for the software. */
export interface OpenDjDriverOptions {
  /** App directory for downloaded server software; the zip is looked for (and fetched) here. */
  softwareDir: string;
  /** Environment to read DIRBENCH_OPENDJ_ZIP, JAVA_HOME and PATH from (tests); process.env by default. */
  env?: NodeJS.ProcessEnv;
}

/** Whether OpenDJ labs can run here: the zip and Java found, or what is missing and how to get it. */
export function openDjAvailability(options: OpenDjDriverOptions): LabAvailability {
  const env = options.env ?? process.env;
  const zip = findOpenDjZip(options.softwareDir, env);
  const java = findJava(env);
  if (zip !== null && java.ok) {
    return {
      kind: 'opendj',
      available: true,
      detail: `server: ${zip}; Java ${java.java.version}: ${java.java.path}`,
    };
  }
  const missing: string[] = [];
  if (zip === null) {
    const explicit = env[OPENDJ_ZIP_ENV];
    missing.push(
      explicit !== undefined && explicit !== ''
        ? `The OpenDJ server zip named by ${OPENDJ_ZIP_ENV} (${explicit}) does not exist.`
        : `The OpenDJ server zip (${OPENDJ_ZIP_NAME}) is not in ${options.softwareDir} or the ` +
            `local Maven repository. Get it with: dirbench lab install opendj (or the Install button on ` +
            `the Labs page, or: ${mavenFetchCommand(options.softwareDir)})`,
    );
  }
  if (!java.ok)
    missing.push(`OpenDJ needs Java: ${java.problem}. Install it with: ${JAVA_INSTALL_HINT}.`);
  return { kind: 'opendj', available: false, detail: missing.join(' — ') };
}

/** The OpenDJ lab driver (kind 'opendj'). */
export function createOpenDjDriver(options: OpenDjDriverOptions): LabDriver {
  const env = options.env ?? process.env;
  /** The zip and Java to use, or an 'unavailable' error saying what is missing. */
  const software = (): { zip: string; java: JavaRuntime } => {
    const zip = findOpenDjZip(options.softwareDir, env);
    const java = findJava(env);
    if (zip === null || !java.ok) {
      throw new ApiError('unavailable', openDjAvailability({ ...options, env }).detail);
    }
    return { zip, java: java.java };
  };
  return {
    kind: 'opendj',
    title: LAB_KINDS.opendj.title,
    availability: () => openDjAvailability({ ...options, env }),
    rootDn: () => OPENDJ_ROOT_DN,
    async configure(config, signal) {
      const { zip, java } = software();
      await configureOpenDj(config, zip, java, signal);
    },
    async bulkLoad(config, loadOptions) {
      await importLdif(config, software().java, loadOptions);
    },
    start: (config, startOptions) => startOpenDjServer(config, software().java, startOptions),
    stop: (pid, labDir, graceMs) => stopOpenDjServer(pid, labDir, graceMs),
    isLabProcess: (pid, labDir) => isOpenDjServer(pid, labDir),
    async version() {
      const zip = findOpenDjZip(options.softwareDir, env);
      return zip === null ? null : openDjZipVersion(zip);
    },
    removeData(labDir) {
      // The JE database and import scratch space; config/, logs/ and the unpacked server (about
      // 90 MB) stay for diagnosis.
      const layout = openDjLayout(labDir);
      rmSync(layout.dbDir, { recursive: true, force: true });
      rmSync(layout.importTmpDir, { recursive: true, force: true });
    },
    operationCounts: openDjOperationCounts,
    replicas: openDjReplicaSupport,
    async fetchSoftware(signal) {
      await fetchOpenDjZip(options.softwareDir, signal);
    },
  };
}

/** OpenDJ's code for the registry (src/core/lab/drivers.ts); its zip is kept under `softwareDir`. */
export const openDjCode: LabKindCode = {
  createDriver: (softwareDir) => createOpenDjDriver({ softwareDir }),
  readMonitor: openDjReading,
};
