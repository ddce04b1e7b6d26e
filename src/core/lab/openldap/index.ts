// The OpenLDAP lab driver: slapd.conf with the profile's indexes, slapadd bulk load, slapd on loopback.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LAB_KINDS } from '../../../shared/labKinds.ts';
import type { LabDriver, LabKindCode, LabServerConfig } from '../driver.ts';
import { cachedInstall } from '../installLookup.ts';
import { openLdapRootDn, sshaPassword, writeSlapdConf } from './config.ts';
import { findOpenLdap, openLdapAvailability, staticBackendsOf } from './install.ts';
import type { OpenLdapSearchPaths } from './install.ts';
import { openLdapOperationCounts, openLdapReading } from './monitor.ts';
import { openLdapReplicaSupport } from './replicas.ts';
import { runSlapadd } from './slapadd.ts';
import { isLabSlapd, labUrl, spawnSlapd, stopSlapd, waitForSlapd } from './slapd.ts';

/** Where a lab's slapd.conf lives (its path identifies the lab's slapd among processes). */
function confPathOf(labDir: string): string {
  return join(labDir, 'slapd.conf');
}

/** The first line slapd -VV prints, e.g. "OpenLDAP 2.5.13+dfsg-5"; null when it cannot be run. */
function slapdVersion(slapd: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(slapd, ['-VV'], { timeout: 5_000 }, (_err, stdout, stderr) => {
      const text = `${stdout}\n${stderr}`;
      const match = /slapd\s+([\d.]+[^\s]*)/.exec(text);
      resolve(match ? `OpenLDAP ${match[1] as string}` : null);
    });
  });
}

/** An OpenLDAP driver over the installation found in `paths` (the usual places by default). */
function createOpenLdapDriver(paths?: OpenLdapSearchPaths): LabDriver {
  const install = cachedInstall(
    'openldap',
    () => findOpenLdap(paths),
    (found) => ({ ...found, staticBackends: staticBackendsOf(found.slapd) }),
  );
  return {
    kind: 'openldap',
    title: LAB_KINDS.openldap.title,
    availability: () => openLdapAvailability(paths),
    rootDn: openLdapRootDn,
    async configure(config: LabServerConfig) {
      mkdirSync(join(config.labDir, 'db'), { recursive: true });
      await writeSlapdConf({
        install: install(),
        labDir: config.labDir,
        entries: config.entries,
        suffix: config.suffix,
        rootDn: config.rootDn,
        rootPasswordHash: sshaPassword(config.rootPassword),
        indexProfile: config.indexProfile,
        ...(config.tls === undefined ? {} : { tls: config.tls }),
      });
    },
    async bulkLoad(config, options) {
      await runSlapadd({
        slapadd: install().slapadd,
        confPath: join(config.labDir, 'slapadd.conf'),
        ldifPath: options.ldifPath,
        logPath: options.logPath,
        signal: options.signal,
        onProgress: options.onProgress,
      });
    },
    async start(config, options) {
      const proc = await spawnSlapd({
        slapd: install().slapd,
        confPath: confPathOf(config.labDir),
        port: config.port,
        logPath: options.logPath,
        persistent: options.persistent,
        ...(config.tls === undefined ? {} : { ldapsPort: config.tls.ldapsPort }),
      });
      try {
        await waitForSlapd(proc, options.logPath, options.timeoutMs, options.signal);
      } catch (err) {
        await stopSlapd(proc.pid, confPathOf(config.labDir));
        throw err;
      }
      return { pid: proc.pid, url: labUrl(config.port), exited: proc.exited, child: proc.child };
    },
    stop: (pid, labDir, graceMs) => stopSlapd(pid, confPathOf(labDir), graceMs),
    isLabProcess: (pid, labDir) => isLabSlapd(pid, confPathOf(labDir)),
    version: () => slapdVersion(install().slapd),
    removeData(labDir) {
      rmSync(join(labDir, 'db'), { recursive: true, force: true });
    },
    operationCounts: openLdapOperationCounts,
    replicas: openLdapReplicaSupport,
  };
}

/** OpenLDAP's code for the registry (src/core/lab/drivers.ts). */
export const openLdapCode: LabKindCode = {
  createDriver: () => createOpenLdapDriver(),
  readMonitor: openLdapReading,
};
