// The 389 Directory Server lab driver: an instance written entirely under the lab directory, bulk
// loaded with `ns-slapd ldif2db`, served by ns-slapd in the foreground on 127.0.0.1.
import { rmSync } from 'node:fs';
import { LAB_KINDS } from '../../../shared/labKinds.ts';
import type { LabDriver, LabKindCode, LabServerConfig, RunningServer } from '../driver.ts';
import { cachedInstall } from '../installLookup.ts';
import { ensureLabAcis } from './access.ts';
import { runLdif2db } from './import.ts';
import { ds389Availability, ds389Version, findDs389 } from './install.ts';
import type { Ds389SearchPaths } from './install.ts';
import { DS389_ROOT_DN, setDs389Port, ssha512Password, writeDs389Instance } from './instance.ts';
import { ds389Layout } from './layout.ts';
import { ds389OperationCounts, ds389Reading } from './monitor.ts';
import {
  isLabNsSlapd,
  removeStaleSemaphore,
  spawnNsSlapd,
  stopNsSlapd,
  waitForNsSlapd,
} from './process.ts';
import { ds389ReplicaSupport } from './replicas.ts';

/** A 389 DS driver over the installation found in `paths` (the usual places by default). */
export function createDs389Driver(paths?: Ds389SearchPaths): LabDriver {
  const install = cachedInstall('389ds', () => findDs389(paths));
  return {
    kind: '389ds',
    title: LAB_KINDS['389ds'].title,
    availability: () => ds389Availability(paths),
    rootDn: () => DS389_ROOT_DN,
    async configure(config: LabServerConfig, signal: AbortSignal) {
      signal.throwIfAborted();
      await writeDs389Instance(install(), {
        layout: ds389Layout(config.labDir),
        port: config.port,
        suffix: config.suffix,
        rootDn: config.rootDn,
        rootPasswordHash: ssha512Password(config.rootPassword),
        indexProfile: config.indexProfile,
        entries: config.entries,
      });
    },
    async bulkLoad(config, options) {
      await runLdif2db({
        nsSlapd: install().nsSlapd,
        layout: ds389Layout(config.labDir),
        ldifPath: options.ldifPath,
        logPath: options.logPath,
        signal: options.signal,
        onProgress: options.onProgress,
      });
    },
    async start(config, options): Promise<RunningServer> {
      options.signal.throwIfAborted();
      const layout = ds389Layout(config.labDir);
      // A retry on another port (the first one was taken meanwhile) reuses the configured lab.
      await setDs389Port(layout, config.port);
      const proc = await spawnNsSlapd({
        nsSlapd: install().nsSlapd,
        layout,
        port: config.port,
        logPath: options.logPath,
        persistent: options.persistent,
      });
      try {
        await waitForNsSlapd(proc, options.logPath, options.timeoutMs, options.signal);
      } catch (err) {
        await stopNsSlapd(proc.pid, layout);
        throw err;
      }
      return { pid: proc.pid, url: proc.url, exited: proc.exited, child: proc.child };
    },
    stop: (pid, labDir, graceMs) => stopNsSlapd(pid, ds389Layout(labDir), graceMs),
    isLabProcess: (pid, labDir) => isLabNsSlapd(pid, ds389Layout(labDir)),
    version: () => ds389Version(install().nsSlapd),
    removeData(labDir) {
      const layout = ds389Layout(labDir);
      for (const dir of [layout.dbDir, layout.backupDir, layout.ldifDir, layout.tmpDir])
        rmSync(dir, { recursive: true, force: true });
      removeStaleSemaphore(layout);
    },
    operationCounts: ds389OperationCounts,
    replicas: ds389ReplicaSupport,
    async afterLoad(config, url) {
      // 389 DS keeps access rules in the data: without them only the root DN could read.
      const outcome = await ensureLabAcis({
        url,
        rootDn: config.rootDn,
        rootPassword: config.rootPassword,
        suffix: config.suffix,
      });
      if (outcome === 'no-suffix') {
        throw new Error(
          `the load left no suffix entry ${config.suffix} to hold the lab's access rules`,
        );
      }
    },
  };
}

/** 389 DS's code for the registry (src/core/lab/drivers.ts). */
export const ds389Code: LabKindCode = {
  createDriver: () => createDs389Driver(),
  readMonitor: ds389Reading,
};
