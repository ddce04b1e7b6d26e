// Supervision of lab servers: starts (built by labBuild.ts), stops, liveness, and making sure no
// lab started by this app outlives it.
import { Client } from 'ldapts';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ApiError, invalid } from '../../shared/errors.ts';
import { LAB_KIND_LIST, LAB_KINDS } from '../../shared/labKinds.ts';
import type { LabAvailability, LabInfo, LabKind, LabProgress } from '../../shared/labTypes.ts';
import type { IndexProfile } from '../../shared/workload.ts';
import { removeStalePartials } from './datasetCache.ts';
import type { LabDriver, RunningServer } from './driver.ts';
import { LAB_DRIVERS } from './drivers.ts';
import { buildLab } from './labBuild.ts';
import { checkLabStart, prepareLab, toInfo } from './labRecord.ts';
import type { LabRegistry, LabStartRequest, StoredLab } from './labRecord.ts';
import { processAlive } from './processes.ts';
import { orphanEnd, ownerGone } from './orphans.ts';
import { RecordBook } from './recordBook.ts';
import { stopLabReplicas } from './replicas/replicaSet.ts';
import { checkReplicaCount } from './replicas/support.ts';

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

const ACTIVE_STATES = new Set(['loading', 'starting', 'running']);

/** A lab whose build is under way: its record as first stored, and the build's outcome. */
export interface LabBuild {
  lab: LabInfo;
  /** The lab once its server answers; rejects with the ApiError the build ended with. */
  ready: Promise<LabInfo>;
}

/** Starts, tracks and stops lab servers. */
export class LabManager {
  readonly #dataDir: string;
  readonly #registry: LabRegistry;
  readonly #onProgress: (p: LabProgress) => void;
  readonly #records: RecordBook<StoredLab, LabInfo>;
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
    this.#records = new RecordBook(
      opts.registry,
      'lab',
      toInfo,
      opts.onChange ?? (() => undefined),
    );
    const drivers =
      opts.drivers ?? LAB_KIND_LIST.map((kind) => LAB_DRIVERS[kind].createDriver(this.softwareDir));
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
    if (LAB_KINDS[kind].install.from !== 'download' || driver.fetchSoftware === undefined) {
      throw new ApiError(
        'unavailable',
        `${driver.title} comes from your system's packages: ${before.detail}`,
        'kind',
      );
    }
    mkdirSync(this.softwareDir, { recursive: true });
    await driver.fetchSoftware(signal ?? new AbortController().signal);
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
    return (await this.begin(req, signal)).ready;
  }

  /**
   * Checks `req` and records the new lab, then answers with it while the build goes on: `ready`
   * settles when the server answers (or the build fails, or `stop` cancels it). A refused request
   * throws here and records nothing.
   */
  async begin(req: LabStartRequest, signal?: AbortSignal): Promise<LabBuild> {
    const driver = this.#driver(req.kind);
    const checked = checkLabStart(req, driver, this.#indexProfiles);
    const replicas = checkReplicaCount(req.replicas, req.kind);
    signal?.throwIfAborted();
    const id = this.#records.newId();
    const { lab, config } = await prepareLab(id, this.#labDir(id), checked, driver);
    this.#registry.insert(lab);
    this.#records.changed(id);

    const controller = new AbortController();
    const combined = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
    const ready = buildLab(lab, driver, config, combined, {
      dataDir: this.#dataDir,
      hooks: {
        progress: (step, done, total, message, notice) =>
          this.#progress(id, step, done, total, message, notice),
        update: (patch) => this.#records.update(id, patch),
      },
      watchOwned: (server) => this.#watchOwned(id, driver, server),
      replicas,
    })
      .then(() => toInfo(this.#records.get(id)))
      .finally(() => this.#starting.delete(id));
    this.#starting.set(id, { controller, done: ready });
    return { lab: toInfo(this.#records.get(id)), ready };
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
      this.#records.update(id, {
        state: 'stopped',
        pid: null,
        ownerPid: null,
        error: `The server ${how} on its own; see ${join(this.#labDir(id), 'server.log')}`,
      });
      driver.removeData(this.#labDir(id));
      void this.#stopReplicas(id, driver);
    });
  }

  /**
   * Cancels a lab still starting, as `stop` does; one that is already ready or ended is left as it
   * is, so a cancel that crosses the lab's ready does not stop the lab the user now has.
   */
  async cancelStart(id: string): Promise<LabInfo> {
    if (this.#starting.has(id)) return this.stop(id);
    return toInfo(this.#records.get(id));
  }

  /** Stops a lab (cancelling it if it is still starting) and deletes its database; keeps its log. */
  async stop(id: string): Promise<LabInfo> {
    const lab = this.#records.get(id);
    const starting = this.#starting.get(id);
    if (starting !== undefined) {
      starting.controller.abort(
        new ApiError('failed', `Lab ${id} was stopped before it was ready.`, undefined, {
          code: 'cancelled',
        }),
      );
      await starting.done.catch(() => undefined);
      return toInfo(this.#records.get(id));
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
    await this.#stopReplicas(id, driver);
    this.#records.update(id, { state: 'stopped', pid: null, ownerPid: null });
    driver.removeData(lab.dataDir);
    return toInfo(this.#records.get(id));
  }

  /** Stops a lab if it runs, deletes its directory (data, config, logs) and forgets it. */
  async destroy(id: string): Promise<void> {
    const lab = this.#records.get(id);
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
      if (!ownerGone(lab.ownerPid)) continue;
      const driver = this.#drivers.get(lab.kind);
      if (driver === undefined) continue;
      if (lab.pid !== null) await driver.stop(lab.pid, lab.dataDir);
      await this.#stopReplicas(lab.id, driver);
      this.#records.update(lab.id, orphanEnd(lab.state === 'running'));
      driver.removeData(lab.dataDir);
    }
  }

  /** Applies liveness: a running lab whose slapd is gone is marked stopped. */
  #refresh(lab: StoredLab): StoredLab {
    if (lab.state !== 'running' || this.#owned.has(lab.id)) return lab;
    const driver = this.#drivers.get(lab.kind);
    if (driver === undefined) return lab;
    if (lab.pid !== null && driver.isLabProcess(lab.pid, lab.dataDir)) return lab;
    this.#records.update(lab.id, {
      state: 'stopped',
      pid: null,
      ownerPid: null,
      error: `The server is no longer running; see ${join(lab.dataDir, 'server.log')}`,
    });
    driver.removeData(lab.dataDir);
    void this.#stopReplicas(lab.id, driver);
    return this.#records.get(lab.id);
  }

  /** Stops a lab's replicas (a replica without its supplier is of no use) and records them stopped. */
  async #stopReplicas(id: string, driver: LabDriver): Promise<void> {
    const lab = this.#registry.get(id);
    if (lab !== null) this.#records.update(id, await stopLabReplicas(driver, lab));
  }

  #labDir(id: string): string {
    return join(this.#dataDir, 'labs', id);
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
