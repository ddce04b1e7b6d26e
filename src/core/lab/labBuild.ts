// Building a lab: generate or reuse its data, load it (offline or over LDAP), start its server and
// count what it holds, reporting each step; a failure leaves no server running and no data behind.
import { join } from 'node:path';
import { ApiError } from '../../shared/errors.ts';
import type { LabShape } from '../../shared/labTypes.ts';
import type { DatasetSpec } from '../datagen/dataset.ts';
import type { BuildHooks } from './buildHooks.ts';
import { ensureDataset } from './datasetCache.ts';
import type { LabDriver, LabServerConfig, RunningServer } from './driver.ts';
import { countEntries } from './entryCount.ts';
import { freePort } from './freePort.ts';
import { ServerExitedError } from './ldapReady.ts';
import { DEFAULT_LOAD_CONNECTIONS } from './labRecord.ts';
import type { StoredLab } from './labRecord.ts';
import { protocolEntryAdapter } from './labPlacement.ts';
import { loadOverProtocol } from './protocolLoad.ts';
import { ReplicaSet } from './replicas/replicaSet.ts';
import { releaseWatched } from './watchdog.ts';
import { writebackHint } from './writebackHint.ts';

// A fresh lab answers in well under a second; the margin covers slow disks and big maps.
const READY_TIMEOUT_MS = 60_000;
// Another process may grab the port between freePort() and slapd's bind; retry on a new one.
const PORT_ATTEMPTS = 3;

/** What a build needs from the manager. */
export interface BuildDeps {
  /** App data directory (cached data sets live under it). */
  dataDir: string;
  hooks: BuildHooks;
  /** Called once the server of a lab that must not outlive this process is up. */
  watchOwned(server: RunningServer): void;
  /** Consumers to replicate the lab's server to (none when absent). */
  replicas?: number;
}

/**
 * Builds `lab`: generates (or reuses) its data, loads it offline or over LDAP, starts the server and
 * counts what it holds. On any failure the server is stopped, its data removed and the lab marked
 * failed; a start aborted through `signal` ends with code `cancelled`.
 */
export async function buildLab(
  lab: StoredLab,
  driver: LabDriver,
  config: LabServerConfig,
  signal: AbortSignal,
  deps: BuildDeps,
): Promise<void> {
  const hooks = deps.hooks;
  const { id, entries, seed } = lab;
  const labDir = lab.dataDir;
  const spec: DatasetSpec = { entries, seed };
  let server: RunningServer | null = null;
  const replicaSet =
    (deps.replicas ?? 0) > 0 ? new ReplicaSet(lab, driver, config, deps.replicas ?? 0) : null;
  try {
    const generateStarted = performance.now();
    hooks.progress('generate', 0, entries, `Preparing ${entries.toLocaleString('en')} entries`);
    const dataset = await ensureDataset(deps.dataDir, lab.shape as LabShape, spec, {
      signal,
      onProgress: (done, total) =>
        hooks.progress(
          'generate',
          done,
          total,
          `Generating entries: ${done.toLocaleString('en')} of ${total.toLocaleString('en')}`,
        ),
    });
    if (dataset.reused)
      hooks.progress('generate', entries, entries, 'Reusing the data set generated earlier');
    hooks.update({ generateS: seconds(generateStarted) });

    await driver.configure(config, signal);
    await replicaSet?.prepareSupplier();
    if (lab.loadMethod === 'offline')
      await bulkLoad(lab, driver, config, dataset.path, signal, hooks);

    const startStarted = performance.now();
    server = await startServer(lab, driver, config, signal, hooks);
    hooks.update({
      state: lab.loadMethod === 'offline' ? 'starting' : 'loading',
      pid: server.pid,
      port: Number(new URL(server.url).port),
      url: server.url,
      startS: seconds(startStarted),
      serverVersion: await driver.version(),
    });
    if (!lab.persistent) deps.watchOwned(server);
    releaseWatched(server.child);
    if (lab.loadMethod === 'protocol') {
      await protocolLoad(lab, driver, server.url, dataset, signal, hooks);
    }
    await driver.afterLoad?.(config, server.url);
    await verifyCount(lab, server.url, dataset.entriesWithHeaders, hooks);
    await replicaSet?.start(server.url, dataset.entriesWithHeaders, signal, hooks);
    hooks.update({ state: 'running', ownerPid: lab.persistent ? null : process.pid });
    hooks.progress('ready', 1, 1, `Ready at ${server.url}`);
  } catch (err) {
    if (server !== null) await driver.stop(server.pid, labDir);
    await replicaSet?.stop();
    const message = signal.aborted ? 'Cancelled before the server was ready.' : describe(err);
    hooks.update({ state: 'failed', error: message, pid: null, ownerPid: null });
    driver.removeData(labDir);
    hooks.progress('failed', 0, 1, message);
    if (signal.aborted) throw cancelledStart(id, signal.reason);
    throw err instanceof ApiError
      ? err
      : new ApiError('failed', `Lab ${id} could not start: ${message}`);
  }
}

/** Loads the LDIF with the server's own offline tool, timed (Salford's Tables 3-4). */
async function bulkLoad(
  lab: StoredLab,
  driver: LabDriver,
  config: LabServerConfig,
  ldifPath: string,
  signal: AbortSignal,
  hooks: BuildHooks,
): Promise<void> {
  const { entries } = lab;
  const started = performance.now();
  const notice = writebackHint(entries) ?? undefined;
  hooks.progress('load', 0, entries, `Loading entries into ${driver.title}`, notice);
  await driver.bulkLoad(config, {
    ldifPath,
    logPath: join(lab.dataDir, 'load.log'),
    signal,
    onProgress: (fraction) => {
      const done = Math.floor(fraction * entries);
      hooks.progress(
        'load',
        done,
        entries,
        `Loading entries: about ${done.toLocaleString('en')} of ${entries.toLocaleString('en')}`,
        notice,
      );
    },
  });
  hooks.update({ loadS: seconds(started) });
}

/** Adds the LDIF's entries over LDAP on parallel connections, timed (M-Vault's adds over protocol). */
async function protocolLoad(
  lab: StoredLab,
  driver: LabDriver,
  url: string,
  dataset: { path: string; entriesWithHeaders: number },
  signal: AbortSignal,
  hooks: BuildHooks,
): Promise<void> {
  const total = dataset.entriesWithHeaders;
  const started = performance.now();
  const connections = lab.loadConnections ?? DEFAULT_LOAD_CONNECTIONS;
  hooks.progress('load', 0, total, `Adding entries over LDAP on ${connections} connections`);
  await loadOverProtocol({
    url,
    bindDn: lab.bindDn,
    password: lab.rootPassword,
    ldifPath: dataset.path,
    adapt: protocolEntryAdapter(lab, driver),
    connections,
    signal,
    onProgress: (added) => {
      const rate = Math.round(added / Math.max(0.001, (performance.now() - started) / 1000));
      hooks.progress(
        'load',
        added,
        total,
        `Adding entries over LDAP: ${added.toLocaleString('en')} of ${total.toLocaleString('en')} (${rate.toLocaleString('en')}/s)`,
      );
    },
  });
  hooks.update({ loadS: seconds(started) });
}

/** Counts what the server holds; a load that lost entries fails the lab rather than skewing runs. */
async function verifyCount(
  lab: StoredLab,
  url: string,
  expected: number,
  hooks: BuildHooks,
): Promise<void> {
  hooks.progress('verify', 0, expected, `Counting the entries the server holds`);
  const counted = await countEntries(url, lab.bindDn, lab.rootPassword, lab.suffix);
  hooks.update({ verifiedEntries: counted });
  if (counted !== expected) {
    throw new Error(
      `the server holds ${counted.toLocaleString('en')} entries after the load, not ${expected.toLocaleString('en')}; see ${join(lab.dataDir, 'load.log')}`,
    );
  }
  hooks.progress('verify', expected, expected, `Verified ${counted.toLocaleString('en')} entries`);
}

/** Starts the server, moving to another free port if the chosen one was taken meanwhile. */
async function startServer(
  lab: StoredLab,
  driver: LabDriver,
  config: LabServerConfig,
  signal: AbortSignal,
  hooks: BuildHooks,
): Promise<RunningServer> {
  let port = config.port;
  for (let attempt = 1; ; attempt++) {
    const where = driver.ownAddress === true ? '' : ` on 127.0.0.1:${port}`;
    hooks.progress('start', 0, 1, `Starting ${driver.title}${where}`);
    try {
      return await driver.start(
        { ...config, port },
        {
          persistent: lab.persistent,
          logPath: join(lab.dataDir, 'server.log'),
          signal,
          timeoutMs: READY_TIMEOUT_MS,
        },
      );
    } catch (err) {
      const portTaken =
        err instanceof ServerExitedError && /address already in use/i.test(err.logTail);
      if (!portTaken || attempt >= PORT_ATTEMPTS) throw err;
      port = await freePort();
      hooks.update({ port, url: `ldap://127.0.0.1:${port}` });
    }
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC')
      return 'The disk is full: free some space (a 10M-entry lab needs about 16 GB) and try again.';
    if (code === 'EACCES' || code === 'EPERM') return `Permission denied: ${err.message}`;
    return err.message;
  }
  return String(err);
}

/** Seconds since `startedMs` (performance.now()), to the hundredth. */
function seconds(startedMs: number): number {
  return Math.round((performance.now() - startedMs) / 10) / 100;
}

/** The error a start ends with when it was aborted: the abort's own ApiError, marked as a cancel. */
function cancelledStart(id: string, reason: unknown): ApiError {
  if (reason instanceof ApiError) {
    return new ApiError(reason.kind, reason.message, reason.field, {
      ...(reason.detail === undefined ? {} : { detail: reason.detail }),
      code: 'cancelled',
    });
  }
  return new ApiError('failed', `Lab ${id} was cancelled before it was ready.`, undefined, {
    code: 'cancelled',
  });
}
