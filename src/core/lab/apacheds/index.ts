// The ApacheDS 2.0 lab driver: Debian's package run as a JVM on an instance folder inside each lab,
// configured from the package's config.ldif, loaded over LDAP and stopped by PID.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LAB_KINDS } from '../../../shared/labKinds.ts';
import { cachedInstall } from '../installLookup.ts';
import type { LabDriver, LabKindCode } from '../driver.ts';
import { readZipEntry } from '../unzip.ts';
import { labConfig } from './config.ts';
import { apacheDsAvailability, APACHEDS_CONFIG_TEMPLATE, findApacheDs } from './install.ts';
import { apacheDsLayout } from './layout.ts';
import { loadApacheDs } from './load.ts';
import {
  APACHEDS_ADMIN_DN,
  isApacheDsServer,
  startApacheDsServer,
  stopApacheDsServer,
} from './server.ts';

const POM_PROPERTIES = 'META-INF/maven/org.apache.directory.server/apacheds-service/pom.properties';

/** The ApacheDS lab driver (kind 'apacheds'). */
export function createApacheDsDriver(env: NodeJS.ProcessEnv = process.env): LabDriver {
  const install = cachedInstall('apacheds', () => findApacheDs(env));
  return {
    kind: 'apacheds',
    title: LAB_KINDS.apacheds.title,
    availability: () => apacheDsAvailability(env),
    // ApacheDS's administrator lives in its own ou=system partition, whatever the suffix.
    rootDn: () => APACHEDS_ADMIN_DN,
    async configure(config, signal) {
      install();
      signal.throwIfAborted();
      const layout = apacheDsLayout(config.labDir);
      for (const dir of [layout.confDir, layout.partitionsDir, layout.logDir]) {
        mkdirSync(dir, { recursive: true });
      }
      const template = readFileSync(APACHEDS_CONFIG_TEMPLATE, 'utf8');
      const lab = labConfig(template, {
        suffix: config.suffix,
        indexProfile: config.indexProfile,
        entries: config.entries,
      });
      writeFileSync(layout.labConfigLdif, lab.toString(), { mode: 0o600 });
    },
    bulkLoad: (config, options) => loadApacheDs(config, install(), options),
    start: (config, options) => startApacheDsServer(config, install(), options),
    stop: (pid, labDir, graceMs) => stopApacheDsServer(pid, labDir, graceMs),
    isLabProcess: (pid, labDir) => isApacheDsServer(pid, labDir),
    async version() {
      const found = findApacheDs(env);
      if (!found.ok) return null;
      const pom = await readZipEntry(found.install.serviceJar, POM_PROPERTIES).catch(() => null);
      const version = /^version=(.+)$/m.exec(pom?.toString('utf8') ?? '')?.[1]?.trim();
      return version === undefined ? null : `ApacheDS ${version}`;
    },
    removeData(labDir) {
      // The lab's partition and the instance's own (schema, ou=system with the admin's password,
      // cache); conf/ and the logs stay for diagnosis.
      const layout = apacheDsLayout(labDir);
      rmSync(layout.partitionsDir, { recursive: true, force: true });
      for (const scratch of ['cache', 'run', 'syncrepl-data']) {
        rmSync(join(layout.instanceDir, scratch), { recursive: true, force: true });
      }
    },
  };
}

/** ApacheDS's code for the registry (src/core/lab/drivers.ts): its server has no monitor to read. */
export const apacheDsCode: LabKindCode = { createDriver: () => createApacheDsDriver() };
