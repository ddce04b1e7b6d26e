// Bulk loads an ApacheDS lab. ApacheDS 2.0 has no offline import a lab can run (its LDIF loading
// happens inside a started server), so the "offline" load starts the lab's server privately, adds
// the LDIF over LDAP on parallel connections and stops it again before the lab's real start.
import { appendFileSync } from 'node:fs';
import type { BulkLoadOptions, LabServerConfig } from '../driver.ts';
import { DEFAULT_LOAD_CONNECTIONS } from '../labRecord.ts';
import { loadOverProtocol } from '../protocolLoad.ts';
import type { ApacheDsInstall } from './install.ts';
import { startApacheDsServer, stopApacheDsServer } from './server.ts';

// A fresh instance creates its schema and system partitions first: several seconds on a slow disk.
const LOAD_START_TIMEOUT_MS = 120_000;

/** Adds every entry of the LDIF to the stopped lab; resolves once its server has stopped again. */
export async function loadApacheDs(
  config: LabServerConfig,
  install: ApacheDsInstall,
  options: BulkLoadOptions,
): Promise<void> {
  const started = performance.now();
  const server = await startApacheDsServer(config, install, {
    persistent: false,
    logPath: options.logPath,
    signal: options.signal,
    timeoutMs: LOAD_START_TIMEOUT_MS,
  });
  try {
    const added = await loadOverProtocol({
      url: server.url,
      bindDn: config.rootDn,
      password: config.rootPassword,
      ldifPath: options.ldifPath,
      connections: DEFAULT_LOAD_CONNECTIONS,
      signal: options.signal,
      onProgress: (done) => options.onProgress(Math.min(1, done / Math.max(1, config.entries))),
    });
    const seconds = (performance.now() - started) / 1000;
    appendFileSync(
      options.logPath,
      `[dirbench] added ${added} entries over LDAP on ${DEFAULT_LOAD_CONNECTIONS} connections in ${seconds.toFixed(1)} s (server start included)\n`,
    );
    options.onProgress(1);
  } finally {
    await stopApacheDsServer(server.pid, config.labDir);
  }
}
