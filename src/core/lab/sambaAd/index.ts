// The Samba AD lab driver: a domain controller provisioned under the lab directory, the shape's
// tree placed inside the domain, bulk loaded through Samba's ldb modules or over LDAP,
// served by `samba -i` on a loopback address of its own (AD's LDAP ports are fixed).
import { rmSync } from 'node:fs';
import { LAB_KINDS } from '../../../shared/labKinds.ts';
import type { LabDriver, LabKindCode, LabServerConfig, RunningServer } from '../driver.ts';
import { cachedInstall } from '../installLookup.ts';
import { ServerExitedError } from '../ldapReady.ts';
import { sambaAdProtocolEntry } from './accounts.ts';
import { freeLoopbackAddress } from './address.ts';
import { findSambaAd, sambaAdAvailability, sambaVersion } from './install.ts';
import type { SambaAdSearchPaths } from './install.ts';
import { sambaAdLayout } from './layout.ts';
import { loadSambaAdOffline, provisionSambaAd } from './ldbTool.ts';
import { isLabSamba, spawnSamba, stopSamba, waitForSamba } from './process.ts';
import {
  SAMBA_AD_DOMAIN_DN,
  SAMBA_AD_LDAP_PORT,
  SAMBA_AD_ROOT_DN,
  writeSambaAdSmbConf,
} from './smbConf.ts';

/** Addresses a start tries when the one it picked was taken before samba bound it. */
const ADDRESS_ATTEMPTS = 5;

/**
 * Entries a lab may hold: each takes about 10 KB of Samba's tdb partition file (measured on 4.17:
 * 101 MB for 10,000 Salford people), and a tdb file stops at 4 GB.
 */
const MAX_ENTRIES = 250_000;

/** What samba logs when its address and port are taken. */
const ADDRESS_TAKEN = /ADDRESS_ALREADY_ASSOCIATED|address already in use/i;

/** A Samba AD driver over the installation found in `paths` (the usual places by default). */
export function createSambaAdDriver(paths?: SambaAdSearchPaths): LabDriver {
  const install = cachedInstall('samba-ad', () => findSambaAd(paths));
  return {
    kind: 'samba-ad',
    title: `${LAB_KINDS['samba-ad'].title} domain controller`,
    ownAddress: true,
    availability: () => sambaAdAvailability(paths),
    rootDn: () => SAMBA_AD_ROOT_DN,
    // AD authenticates only accounts inside its domain: the shape's tree goes under it.
    placeSuffix: (suffix) => `${suffix},${SAMBA_AD_DOMAIN_DN}`,
    protocolEntry: sambaAdProtocolEntry,
    entryLimit: {
      max: MAX_ENTRIES,
      why: "each takes about 10 KB of Samba's database file, which stops at 4 GB",
    },
    async configure(config: LabServerConfig, signal: AbortSignal) {
      signal.throwIfAborted();
      await provisionSambaAd(
        {
          install: install(),
          layout: sambaAdLayout(config.labDir),
          logPath: `${config.labDir}/setup.log`,
          signal,
        },
        {
          address: await freeLoopbackAddress(SAMBA_AD_LDAP_PORT),
          rootPassword: config.rootPassword,
          indexProfile: config.indexProfile,
        },
      );
    },
    async bulkLoad(config, options) {
      await loadSambaAdOffline(
        {
          install: install(),
          layout: sambaAdLayout(config.labDir),
          logPath: options.logPath,
          signal: options.signal,
        },
        { ldifPath: options.ldifPath, suffix: config.suffix, onProgress: options.onProgress },
      );
    },
    async start(config, options): Promise<RunningServer> {
      const layout = sambaAdLayout(config.labDir);
      const taken = new Set<string>();
      for (let attempt = 1; ; attempt++) {
        options.signal.throwIfAborted();
        const address = await freeLoopbackAddress(SAMBA_AD_LDAP_PORT, taken);
        writeSambaAdSmbConf(layout, address);
        const proc = await spawnSamba(install().samba, layout, address, {
          logPath: options.logPath,
          persistent: options.persistent,
        });
        try {
          await waitForSamba(proc, options.logPath, options.timeoutMs, options.signal);
          return { pid: proc.pid, url: proc.url, exited: proc.exited, child: proc.child };
        } catch (err) {
          await stopSamba(proc.pid, layout);
          // Another lab (or anything else) took the address between the check and samba's bind.
          const addressTaken = err instanceof ServerExitedError && ADDRESS_TAKEN.test(err.logTail);
          if (!addressTaken || attempt >= ADDRESS_ATTEMPTS) throw err;
          taken.add(address);
        }
      }
    },
    stop: (pid, labDir, graceMs) => stopSamba(pid, sambaAdLayout(labDir), graceMs),
    isLabProcess: (pid, labDir) => isLabSamba(pid, sambaAdLayout(labDir)),
    version: () => sambaVersion(install().samba),
    removeData(labDir) {
      // The domain's databases, secrets and state; smb.conf and logs stay for diagnosis.
      const layout = sambaAdLayout(labDir);
      for (const dir of [
        layout.privateDir,
        layout.stateDir,
        layout.lockDir,
        layout.cacheDir,
        layout.bindDnsDir,
        layout.runDir,
      ])
        rmSync(dir, { recursive: true, force: true });
      rmSync(layout.toolScript, { force: true });
    },
  };
}

/** Samba AD's code for the registry (src/core/lab/drivers.ts): its server has no monitor to read. */
export const sambaAdCode: LabKindCode = { createDriver: () => createSambaAdDriver() };
