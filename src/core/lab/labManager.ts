// Life cycle of managed lab servers: generate or reuse data, bulk load, start, stop, and make sure
// no lab started by this app outlives it.
import { randomBytes } from 'node:crypto';
import { Client } from 'ldapts';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ApiError, invalid } from '../../shared/errors.ts';
import { checkInteger, LIMITS } from '../../shared/validation.ts';
import type {
  LabAvailability,
  LabInfo,
  LabKind,
  LabLoadMethod,
  LabProgress,
  LabShape,
  LabTlsMode,
} from '../../shared/types.ts';
import type { IndexProfile } from '../../shared/workload.ts';
import { FLAT_BASE_DN, FLAT_SUFFIX } from '../datagen/flat.ts';
import { SALFORD_BASE_DN, SALFORD_SUFFIX } from '../datagen/salford.ts';
import type { DatasetSpec } from '../datagen/salford.ts';
import { ensureDataset, removeStalePartials } from './datasetCache.ts';
import type { LabDriver, LabServerConfig, RunningServer } from './driver.ts';
import { countEntries } from './entryCount.ts';
import { freePort } from './freePort.ts';
import { indexProfileLines, resolveIndexProfile } from './indexProfiles.ts';
import { ServerExitedError } from './ldapReady.ts';
import { createOpenLdapDriver } from './openldapDriver.ts';
import { createDs389Driver } from './ds389/index.ts';
import { createOpenDjDriver, fetchOpenDjZip } from './opendj/index.ts';
import { processAlive } from './processes.ts';
import { loadOverProtocol } from './protocolLoad.ts';
import { createLabCertificates } from './labTls.ts';
import { releaseWatched } from './watchdog.ts';
import { writebackHint } from './writebackHint.ts';

/** A lab as the registry stores it: the public info plus what only the host may know. */
export interface StoredLab extends LabInfo {
  rootPassword: string;
  /** PID of the DirBench process the lab must not outlive; null once a persistent lab is up. */
  ownerPid: number | null;
}

/** Persistence of labs (SQLite in the hosts, a Map in tests). */
export interface LabRegistry {
  insert(lab: StoredLab): void;
  update(id: string, patch: Partial<StoredLab>): void;
  get(id: string): StoredLab | null;
  list(): StoredLab[];
  /** Forgets a lab (after `destroy` deleted its directory). */
  remove(id: string): void;
}

/** Where labs live and who hears about them. */
export interface LabManagerOptions {
  /** App data directory: labs go to `<dataDir>/labs/<id>`, cached LDIF to `<dataDir>/datasets`. */
  dataDir: string;
  registry: LabRegistry;
  onProgress?: (p: LabProgress) => void;
  onChange?: (lab: LabInfo) => void;
  /** The server kinds available; default: every driver DirBench has. */
  drivers?: readonly LabDriver[];
  /** Named index profiles (data/index-profiles.json by default). */
  indexProfiles?: () => readonly IndexProfile[];
}

/** What to start. */
export interface LabStartRequest {
  kind: LabKind;
  entries: number;
  seed?: number;
  /** Outlive this process until `stop` (CLI `dirbench lab start`); default false. */
  persistent?: boolean;
  /** A profile name from data/index-profiles.json, `none`, or `attr:types;attr:types` (default salford-indexed). */
  indexProfile?: string;
  /** `offline` (the server's bulk loader, default) or `protocol` (LDAP adds on a running server). */
  load?: LabLoadMethod;
  /** Connections a protocol load adds on (default 8). */
  loadConnections?: number;
  /** Serve TLS with a CA of the lab's own; the lab's target uses StartTLS or ldaps:// as named. */
  tls?: LabTlsMode;
  /** Directory shape of the generated data (default salford). */
  shape?: LabShape;
}

/** The naming context and search base of each generated shape. */
const SHAPE_NAMES: Readonly<Record<LabShape, { suffix: string; baseDn: string }>> = {
  salford: { suffix: SALFORD_SUFFIX, baseDn: SALFORD_BASE_DN },
  flat: { suffix: FLAT_SUFFIX, baseDn: FLAT_BASE_DN },
};

/** Connections a load over LDAP uses unless asked otherwise. */
const DEFAULT_LOAD_CONNECTIONS = 8;
// A fresh lab answers in well under a second; the margin covers slow disks and big maps.
const READY_TIMEOUT_MS = 60_000;
// Another process may grab the port between freePort() and slapd's bind; retry on a new one.
const PORT_ATTEMPTS = 3;

const ACTIVE_STATES = new Set(['loading', 'starting', 'running']);

/** The public view of a stored lab. */
function toInfo(lab: StoredLab): LabInfo {
  const { rootPassword: _password, ownerPid: _owner, ...info } = lab;
  return info;
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

/** Starts, tracks and stops lab servers. */
export class LabManager {
  readonly #dataDir: string;
  readonly #registry: LabRegistry;
  readonly #onProgress: (p: LabProgress) => void;
  readonly #onChange: (lab: LabInfo) => void;
  /** Starts in progress in this process, with the controller `stop` uses to cancel them. */
  readonly #starting = new Map<string, { controller: AbortController; done: Promise<unknown> }>();
  /** Non-persistent labs this process runs. */
  readonly #owned = new Map<string, RunningServer>();
  readonly #drivers: Map<LabKind, LabDriver>;
  readonly #indexProfiles: (() => readonly IndexProfile[]) | undefined;

  constructor(opts: LabManagerOptions) {
    this.#dataDir = resolve(opts.dataDir);
    this.#registry = opts.registry;
    this.#onProgress = opts.onProgress ?? (() => undefined);
    this.#onChange = opts.onChange ?? (() => undefined);
    const drivers = opts.drivers ?? [
      createOpenLdapDriver(),
      createDs389Driver(),
      createOpenDjDriver({ softwareDir: this.softwareDir }),
    ];
    this.#drivers = new Map(drivers.map((d) => [d.kind, d]));
    this.#indexProfiles = opts.indexProfiles;
  }

  /** Where server software DirBench downloads (the OpenDJ zip) is kept. */
  get softwareDir(): string {
    return join(this.#dataDir, 'software');
  }

  /**
   * Fetches the server software DirBench can install itself (OpenDJ's zip from Maven Central);
   * for packaged servers, says which command installs them.
   */
  async install(kind: LabKind, signal?: AbortSignal): Promise<LabAvailability> {
    const driver = this.#driver(kind);
    const before = driver.availability();
    if (before.available) return before;
    if (kind !== 'opendj') {
      throw new ApiError(
        'unavailable',
        `${driver.title} comes from your system's packages: ${before.detail}`,
        'kind',
      );
    }
    mkdirSync(this.softwareDir, { recursive: true });
    await fetchOpenDjZip(this.softwareDir, signal ?? new AbortController().signal);
    return driver.availability();
  }

  /** Which lab kinds this machine can run. */
  availability(): LabAvailability[] {
    return [...this.#drivers.values()].map((d) => d.availability());
  }

  /** The driver of `kind`; a validation error naming the kinds there are. */
  #driver(kind: LabKind): LabDriver {
    const driver = this.#drivers.get(kind);
    if (driver === undefined) {
      throw invalid(
        'kind',
        `unknown lab kind "${String(kind)}": available are ${[...this.#drivers.keys()].join(', ')}`,
      );
    }
    return driver;
  }

  /** Generates (or reuses) data, bulk loads, starts and waits until the server answers. */
  async start(req: LabStartRequest, signal?: AbortSignal): Promise<LabInfo> {
    const driver = this.#driver(req.kind);
    const entries = checkInteger(req.entries, 'entries', 1, LIMITS.labEntries);
    const seed = checkInteger(req.seed ?? 1, 'seed', 0, 2 ** 31 - 1);
    const persistent = req.persistent ?? false;
    const shape = req.shape ?? 'salford';
    if (!(shape in SHAPE_NAMES)) {
      throw invalid('shape', `unknown shape "${String(shape)}": use salford or flat`);
    }
    const indexProfile = resolveIndexProfile(req.indexProfile, this.#indexProfiles);
    const availability = driver.availability();
    if (!availability.available) throw new ApiError('unavailable', availability.detail);
    if (req.tls !== undefined && req.tls !== 'starttls' && req.tls !== 'ldaps') {
      throw invalid('tls', `tls takes starttls or ldaps; got "${String(req.tls)}"`);
    }
    if (req.tls !== undefined && driver.supportsTls !== true) {
      throw invalid(
        'tls',
        `${driver.title} labs do not serve TLS yet; use an OpenLDAP lab for TLS runs`,
      );
    }
    signal?.throwIfAborted();

    const id = this.#newId();
    const labDir = join(this.#dataDir, 'labs', id);
    mkdirSync(labDir, { recursive: true });
    const rootPassword = randomBytes(12).toString('base64url');
    // For scripts and peer tools (ldapsearch -y, searchrate --bindPasswordFile): no newline, mode 600.
    const passwordFile = join(labDir, 'root.pw');
    writeFileSync(passwordFile, rootPassword, { mode: 0o600 });
    const port = await freePort();
    const tls =
      req.tls === undefined
        ? undefined
        : { ...(await createLabCertificates(join(labDir, 'tls'))), ldapsPort: await freePort() };
    const lab: StoredLab = {
      id,
      kind: req.kind,
      state: 'loading',
      entries,
      seed,
      port,
      pid: null,
      url: `ldap://127.0.0.1:${port}`,
      baseDn: SHAPE_NAMES[shape].baseDn,
      bindDn: driver.rootDn(SHAPE_NAMES[shape].suffix),
      suffix: SHAPE_NAMES[shape].suffix,
      shape,
      indexProfile: indexProfile.name,
      indexes: indexProfileLines(indexProfile),
      serverVersion: null,
      targetId: null,
      dataDir: labDir,
      loadS: null,
      generateS: null,
      startS: null,
      verifiedEntries: null,
      tls:
        tls === undefined || req.tls === undefined
          ? null
          : { mode: req.tls, caFile: tls.caFile, ldapsUrl: `ldaps://127.0.0.1:${tls.ldapsPort}` },
      loadMethod: req.load ?? 'offline',
      loadConnections:
        req.load === 'protocol'
          ? checkInteger(
              req.loadConnections ?? DEFAULT_LOAD_CONNECTIONS,
              'loadConnections',
              1,
              1024,
            )
          : null,
      persistent,
      error: null,
      createdAt: new Date().toISOString(),
      rootPassword,
      passwordFile,
      ownerPid: process.pid,
    };
    this.#registry.insert(lab);
    this.#changed(id);

    const controller = new AbortController();
    const combined = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
    const config: LabServerConfig = {
      labDir,
      port,
      suffix: lab.suffix,
      rootDn: lab.bindDn,
      rootPassword: lab.rootPassword,
      indexProfile,
      entries,
      ...(tls === undefined ? {} : { tls }),
    };
    const done = this.#run(lab, driver, config, combined);
    this.#starting.set(id, { controller, done });
    try {
      return await done;
    } finally {
      this.#starting.delete(id);
    }
  }

  async #run(
    lab: StoredLab,
    driver: LabDriver,
    config: LabServerConfig,
    signal: AbortSignal,
  ): Promise<LabInfo> {
    const { id, entries, seed } = lab;
    const labDir = lab.dataDir;
    const spec: DatasetSpec = { entries, seed };
    let server: RunningServer | null = null;
    try {
      const generateStarted = performance.now();
      this.#progress(
        id,
        'generate',
        0,
        entries,
        `Preparing ${entries.toLocaleString('en')} entries`,
      );
      const dataset = await ensureDataset(this.#dataDir, lab.shape as LabShape, spec, {
        signal,
        onProgress: (done, total) =>
          this.#progress(
            id,
            'generate',
            done,
            total,
            `Generating entries: ${done.toLocaleString('en')} of ${total.toLocaleString('en')}`,
          ),
      });
      if (dataset.reused)
        this.#progress(id, 'generate', entries, entries, 'Reusing the data set generated earlier');
      this.#update(id, { generateS: seconds(generateStarted) });

      await driver.configure(config, signal);
      if (lab.loadMethod === 'offline')
        await this.#bulkLoad(lab, driver, config, dataset.path, signal);

      const startStarted = performance.now();
      server = await this.#startServer(lab, driver, config, signal);
      this.#update(id, {
        state: lab.loadMethod === 'offline' ? 'starting' : 'loading',
        pid: server.pid,
        port: Number(new URL(server.url).port),
        url: server.url,
        startS: seconds(startStarted),
        serverVersion: await driver.version(),
      });
      if (!lab.persistent) this.#watchOwned(id, driver, server);
      releaseWatched(server.child);
      if (lab.loadMethod === 'protocol') {
        await this.#protocolLoad(lab, server.url, dataset, signal);
      }
      await driver.afterLoad?.(config, server.url);
      await this.#verify(lab, server.url, dataset.entriesWithHeaders);
      this.#update(id, { state: 'running', ownerPid: lab.persistent ? null : process.pid });
      this.#progress(id, 'ready', 1, 1, `Ready at ${server.url}`);
      return toInfo(this.#mustGet(id));
    } catch (err) {
      if (server !== null) await driver.stop(server.pid, labDir);
      const message = signal.aborted ? 'Cancelled before the server was ready.' : describe(err);
      this.#update(id, { state: 'failed', error: message, pid: null, ownerPid: null });
      driver.removeData(labDir);
      this.#progress(id, 'failed', 0, 1, message);
      if (signal.aborted) throw cancelledStart(id, signal.reason);
      throw err instanceof ApiError
        ? err
        : new ApiError('failed', `Lab ${id} could not start: ${message}`);
    }
  }

  /** Loads the LDIF with the server's own offline tool, timed (Salford's Tables 3-4). */
  async #bulkLoad(
    lab: StoredLab,
    driver: LabDriver,
    config: LabServerConfig,
    ldifPath: string,
    signal: AbortSignal,
  ): Promise<void> {
    const { id, entries } = lab;
    const started = performance.now();
    const notice = writebackHint(entries) ?? undefined;
    this.#progress(id, 'load', 0, entries, `Loading entries into ${driver.title}`, notice);
    await driver.bulkLoad(config, {
      ldifPath,
      logPath: join(lab.dataDir, 'load.log'),
      signal,
      onProgress: (fraction) => {
        const done = Math.floor(fraction * entries);
        this.#progress(
          id,
          'load',
          done,
          entries,
          `Loading entries: about ${done.toLocaleString('en')} of ${entries.toLocaleString('en')}`,
          notice,
        );
      },
    });
    this.#update(id, { loadS: seconds(started) });
  }

  /** Adds the LDIF's entries over LDAP on parallel connections, timed (M-Vault's adds over protocol). */
  async #protocolLoad(
    lab: StoredLab,
    url: string,
    dataset: { path: string; entriesWithHeaders: number },
    signal: AbortSignal,
  ): Promise<void> {
    const total = dataset.entriesWithHeaders;
    const started = performance.now();
    const connections = lab.loadConnections ?? DEFAULT_LOAD_CONNECTIONS;
    this.#progress(
      lab.id,
      'load',
      0,
      total,
      `Adding entries over LDAP on ${connections} connections`,
    );
    await loadOverProtocol({
      url,
      bindDn: lab.bindDn,
      password: lab.rootPassword,
      ldifPath: dataset.path,
      connections,
      signal,
      onProgress: (added) => {
        const rate = Math.round(added / Math.max(0.001, (performance.now() - started) / 1000));
        this.#progress(
          lab.id,
          'load',
          added,
          total,
          `Adding entries over LDAP: ${added.toLocaleString('en')} of ${total.toLocaleString('en')} (${rate.toLocaleString('en')}/s)`,
        );
      },
    });
    this.#update(lab.id, { loadS: seconds(started) });
  }

  /** Counts what the server holds; a load that lost entries fails the lab rather than skewing runs. */
  async #verify(lab: StoredLab, url: string, expected: number): Promise<void> {
    this.#progress(lab.id, 'verify', 0, expected, `Counting the entries the server holds`);
    const counted = await countEntries(url, lab.bindDn, lab.rootPassword, lab.suffix);
    this.#update(lab.id, { verifiedEntries: counted });
    if (counted !== expected) {
      throw new Error(
        `the server holds ${counted.toLocaleString('en')} entries after the load, not ${expected.toLocaleString('en')}; see ${join(lab.dataDir, 'load.log')}`,
      );
    }
    this.#progress(
      lab.id,
      'verify',
      expected,
      expected,
      `Verified ${counted.toLocaleString('en')} entries`,
    );
  }

  /** Starts the server, moving to another free port if the chosen one was taken meanwhile. */
  async #startServer(
    lab: StoredLab,
    driver: LabDriver,
    config: LabServerConfig,
    signal: AbortSignal,
  ): Promise<RunningServer> {
    let port = config.port;
    for (let attempt = 1; ; attempt++) {
      this.#progress(lab.id, 'start', 0, 1, `Starting ${driver.title} on 127.0.0.1:${port}`);
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
        this.#update(lab.id, { port, url: `ldap://127.0.0.1:${port}` });
      }
    }
  }

  /** Marks an owned lab stopped if its server exits without `stop` being asked. */
  #watchOwned(id: string, driver: LabDriver, server: RunningServer): void {
    this.#owned.set(id, server);
    void server.exited.then((exit) => {
      if (this.#owned.get(id) !== server) return;
      this.#owned.delete(id);
      const how =
        exit.code === null
          ? `was killed (${exit.signal ?? 'unknown signal'})`
          : `exited with code ${exit.code}`;
      this.#update(id, {
        state: 'stopped',
        pid: null,
        ownerPid: null,
        error: `The server ${how} on its own; see ${join(this.#labDir(id), 'server.log')}`,
      });
      driver.removeData(this.#labDir(id));
    });
  }

  /** Stops a lab (cancelling it if it is still starting) and deletes its database; keeps its log. */
  async stop(id: string): Promise<LabInfo> {
    const lab = this.#registry.get(id);
    if (lab === null) throw new ApiError('not-found', `There is no lab "${id}".`);
    const starting = this.#starting.get(id);
    if (starting !== undefined) {
      starting.controller.abort(
        new ApiError('failed', `Lab ${id} was stopped before it was ready.`, undefined, {
          code: 'cancelled',
        }),
      );
      await starting.done.catch(() => undefined);
      return toInfo(this.#mustGet(id));
    }
    if (!ACTIVE_STATES.has(lab.state)) return toInfo(lab);
    if (
      lab.state !== 'running' &&
      lab.ownerPid !== null &&
      lab.ownerPid !== process.pid &&
      processAlive(lab.ownerPid)
    ) {
      throw new ApiError(
        'conflict',
        `Lab ${id} is still being set up by another DirBench process (PID ${lab.ownerPid}); stop it there or wait until it is running.`,
      );
    }
    this.#owned.delete(id);
    const driver = this.#driver(lab.kind);
    if (lab.pid !== null) await driver.stop(lab.pid, lab.dataDir);
    this.#update(id, { state: 'stopped', pid: null, ownerPid: null });
    driver.removeData(lab.dataDir);
    return toInfo(this.#mustGet(id));
  }

  /** Stops a lab if it runs, deletes its directory (data, config, logs) and forgets it. */
  async destroy(id: string): Promise<void> {
    const lab = this.#mustGet(id);
    await this.stop(id);
    rmSync(lab.dataDir, { recursive: true, force: true });
    this.#registry.remove(id);
  }

  /** Operations the lab's server has completed since it started, by kind; null when unknown. */
  async operationCounts(id: string): Promise<Record<string, number> | null> {
    const lab = this.get(id);
    const driver = lab === null ? undefined : this.#drivers.get(lab.kind);
    if (lab === null || lab.state !== 'running' || driver?.operationCounts === undefined)
      return null;
    const client = new Client({ url: lab.url, timeout: 10_000, connectTimeout: 5_000 });
    try {
      await client.bind(lab.bindDn, lab.rootPassword);
      return await driver.operationCounts(client);
    } catch {
      // A monitor that cannot be read only loses the cross-check, never the run.
      return null;
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  /** All labs, with liveness refreshed (a 'running' lab whose slapd is gone becomes 'stopped'). */
  list(): LabInfo[] {
    return this.#registry.list().map((lab) => toInfo(this.#refresh(lab)));
  }

  /** One lab as stored, including its root password; null when unknown. */
  get(id: string): StoredLab | null {
    const lab = this.#registry.get(id);
    return lab === null ? null : this.#refresh(lab);
  }

  /** Stops every non-persistent lab this process started; called when the host exits. */
  async stopOwned(): Promise<void> {
    // Starts in progress are cancelled whatever their kind: a half-started persistent lab is of no use.
    const ids = new Set([...this.#owned.keys(), ...this.#starting.keys()]);
    await Promise.all([...ids].map((id) => this.stop(id).catch(() => undefined)));
  }

  /** Kills slapd processes of non-persistent labs whose owner process is dead (after a crash). */
  async reapOrphans(): Promise<void> {
    await removeStalePartials(this.#dataDir);
    for (const lab of this.#registry.list()) {
      if (!ACTIVE_STATES.has(lab.state) || this.#starting.has(lab.id) || this.#owned.has(lab.id))
        continue;
      const owner = lab.ownerPid;
      // ownerPid null: a persistent lab that is up, meant to outlive everyone.
      if (owner === null || owner === process.pid || processAlive(owner)) continue;
      const driver = this.#drivers.get(lab.kind);
      if (driver === undefined) continue;
      if (lab.pid !== null) await driver.stop(lab.pid, lab.dataDir);
      const running = lab.state === 'running';
      this.#update(lab.id, {
        state: running ? 'stopped' : 'failed',
        pid: null,
        ownerPid: null,
        error: running
          ? 'Stopped because the DirBench process that started it had exited.'
          : 'Interrupted: the DirBench process that was starting it exited.',
      });
      driver.removeData(lab.dataDir);
    }
  }

  /** Applies liveness: a running lab whose slapd is gone is marked stopped. */
  #refresh(lab: StoredLab): StoredLab {
    if (lab.state !== 'running' || this.#owned.has(lab.id)) return lab;
    const driver = this.#drivers.get(lab.kind);
    if (driver === undefined) return lab;
    if (lab.pid !== null && driver.isLabProcess(lab.pid, lab.dataDir)) return lab;
    this.#update(lab.id, {
      state: 'stopped',
      pid: null,
      ownerPid: null,
      error: `The server is no longer running; see ${join(lab.dataDir, 'server.log')}`,
    });
    driver.removeData(lab.dataDir);
    return this.#mustGet(lab.id);
  }

  #newId(): string {
    for (;;) {
      const id = `lab-${randomBytes(3).toString('hex')}`;
      if (this.#registry.get(id) === null) return id;
    }
  }

  #labDir(id: string): string {
    return join(this.#dataDir, 'labs', id);
  }

  #mustGet(id: string): StoredLab {
    const lab = this.#registry.get(id);
    if (lab === null) throw new ApiError('not-found', `There is no lab "${id}".`);
    return lab;
  }

  #update(id: string, patch: Partial<StoredLab>): void {
    this.#registry.update(id, patch);
    this.#changed(id);
  }

  #changed(id: string): void {
    const lab = this.#registry.get(id);
    if (lab !== null) this.#onChange(toInfo(lab));
  }

  #progress(
    labId: string,
    step: LabProgress['step'],
    done: number,
    total: number,
    message: string,
    notice?: string,
  ): void {
    this.#onProgress({ labId, step, done, total, message, ...(notice ? { notice } : {}) });
  }
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
