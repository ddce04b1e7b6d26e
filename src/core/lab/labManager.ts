// Life cycle of managed lab servers: generate or reuse data, bulk load, start, stop, and make sure
// no lab started by this app outlives it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ApiError, invalid } from '../../shared/errors.ts';
import { checkInteger, LIMITS } from '../../shared/validation.ts';
import type { LabAvailability, LabInfo, LabKind, LabProgress } from '../../shared/types.ts';
import { SALFORD_BASE_DN } from '../datagen/salford.ts';
import type { DatasetSpec } from '../datagen/salford.ts';
import { ensureSalfordDataset, removeStalePartials } from './datasetCache.ts';
import { freePort } from './freePort.ts';
import {
  findOpenLdap,
  LAB_ROOT_DN,
  OPENLDAP_INSTALL_HINT,
  openLdapAvailability,
  sshaPassword,
  writeSlapdConf,
} from './openldap.ts';
import type { OpenLdapInstall } from './openldap.ts';
import { processAlive } from './processes.ts';
import { runSlapadd } from './slapadd.ts';
import {
  isLabSlapd,
  labUrl,
  releaseSlapd,
  SlapdExitedError,
  spawnSlapd,
  stopSlapd,
  waitForSlapd,
} from './slapd.ts';
import type { SlapdProcess } from './slapd.ts';

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
}

/** Where labs live and who hears about them. */
export interface LabManagerOptions {
  /** App data directory: labs go to `<dataDir>/labs/<id>`, cached LDIF to `<dataDir>/datasets`. */
  dataDir: string;
  registry: LabRegistry;
  onProgress?: (p: LabProgress) => void;
  onChange?: (lab: LabInfo) => void;
}

/** What to start. */
export interface LabStartRequest {
  kind: LabKind;
  entries: number;
  seed?: number;
  /** Outlive this process until `stop` (CLI `dirbench lab start`); default false. */
  persistent?: boolean;
}

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
  readonly #owned = new Map<string, SlapdProcess>();

  constructor(opts: LabManagerOptions) {
    this.#dataDir = resolve(opts.dataDir);
    this.#registry = opts.registry;
    this.#onProgress = opts.onProgress ?? (() => undefined);
    this.#onChange = opts.onChange ?? (() => undefined);
  }

  /** Which lab kinds this machine can run. */
  availability(): LabAvailability[] {
    return [openLdapAvailability()];
  }

  /** Generates (or reuses) data, bulk loads, starts and waits until the server answers. */
  async start(req: LabStartRequest, signal?: AbortSignal): Promise<LabInfo> {
    if (req.kind !== 'openldap') {
      throw invalid('kind', `unknown lab kind "${String(req.kind)}": available is openldap`);
    }
    const entries = checkInteger(req.entries, 'entries', 1, LIMITS.labEntries);
    const seed = checkInteger(req.seed ?? 1, 'seed', 0, 2 ** 31 - 1);
    const persistent = req.persistent ?? false;
    const found = findOpenLdap();
    if (!found.ok)
      throw new ApiError(
        'unavailable',
        `${OPENLDAP_INSTALL_HINT}. Missing: ${found.missing.join(', ')}.`,
      );
    signal?.throwIfAborted();

    const id = this.#newId();
    const labDir = join(this.#dataDir, 'labs', id);
    mkdirSync(labDir, { recursive: true });
    const port = await freePort();
    const lab: StoredLab = {
      id,
      kind: 'openldap',
      state: 'loading',
      entries,
      seed,
      port,
      pid: null,
      url: labUrl(port),
      baseDn: SALFORD_BASE_DN,
      bindDn: LAB_ROOT_DN,
      targetId: null,
      dataDir: labDir,
      loadS: null,
      persistent,
      error: null,
      createdAt: new Date().toISOString(),
      rootPassword: randomBytes(12).toString('base64url'),
      ownerPid: process.pid,
    };
    this.#registry.insert(lab);
    this.#changed(id);

    const controller = new AbortController();
    const combined = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
    const done = this.#run(lab, found.install, combined);
    this.#starting.set(id, { controller, done });
    try {
      return await done;
    } finally {
      this.#starting.delete(id);
    }
  }

  async #run(lab: StoredLab, install: OpenLdapInstall, signal: AbortSignal): Promise<LabInfo> {
    const { id, entries, seed } = lab;
    const labDir = lab.dataDir;
    const logPath = join(labDir, 'slapd.log');
    const spec: DatasetSpec = { entries, seed };
    let proc: SlapdProcess | null = null;
    try {
      const startedAt = performance.now();
      this.#progress(
        id,
        'generate',
        0,
        entries,
        `Preparing ${entries.toLocaleString('en')} entries`,
      );
      const dataset = await ensureSalfordDataset(this.#dataDir, spec, {
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

      mkdirSync(join(labDir, 'db'), { recursive: true });
      const confPath = await writeSlapdConf({
        install,
        labDir,
        entries,
        rootPasswordHash: sshaPassword(lab.rootPassword),
      });
      this.#progress(id, 'load', 0, entries, 'Loading entries into OpenLDAP (slapadd)');
      await runSlapadd({
        slapadd: install.slapadd,
        confPath,
        ldifPath: dataset.path,
        logPath: join(labDir, 'slapadd.log'),
        signal,
        onProgress: (fraction) => {
          const done = Math.floor(fraction * entries);
          this.#progress(
            id,
            'load',
            done,
            entries,
            `Loading entries: about ${done.toLocaleString('en')} of ${entries.toLocaleString('en')}`,
          );
        },
      });
      const loadS = Math.round((performance.now() - startedAt) / 10) / 100;
      this.#update(id, { state: 'starting', loadS });

      proc = await this.#startSlapd(lab, install, confPath, logPath, signal);
      const running: Partial<StoredLab> = {
        state: 'running',
        pid: proc.pid,
        port: Number(new URL(proc.url).port),
        url: proc.url,
        ownerPid: lab.persistent ? null : process.pid,
      };
      this.#update(id, running);
      if (!lab.persistent) this.#watchOwned(id, proc);
      releaseSlapd(proc);
      this.#progress(id, 'ready', 1, 1, `Ready at ${proc.url}`);
      return toInfo(this.#mustGet(id));
    } catch (err) {
      if (proc !== null) await stopSlapd(proc.pid, join(labDir, 'slapd.conf'));
      const message = signal.aborted ? 'Cancelled before the server was ready.' : describe(err);
      this.#update(id, { state: 'failed', error: message, pid: null, ownerPid: null });
      this.#removeDb(labDir);
      this.#progress(id, 'failed', 0, 1, message);
      if (signal.aborted) throw signal.reason;
      throw err instanceof ApiError
        ? err
        : new ApiError('failed', `Lab ${id} could not start: ${message}`);
    }
  }

  async #startSlapd(
    lab: StoredLab,
    install: OpenLdapInstall,
    confPath: string,
    logPath: string,
    signal: AbortSignal,
  ): Promise<SlapdProcess> {
    let port = lab.port ?? (await freePort());
    for (let attempt = 1; ; attempt++) {
      this.#progress(lab.id, 'start', 0, 1, `Starting slapd on 127.0.0.1:${port}`);
      const proc = await spawnSlapd({
        slapd: install.slapd,
        confPath,
        port,
        logPath,
        persistent: lab.persistent,
      });
      // Recorded at once so a crash from here on leaves a PID that reapOrphans can check.
      this.#update(lab.id, { pid: proc.pid, port, url: proc.url });
      try {
        await waitForSlapd(proc, logPath, READY_TIMEOUT_MS, signal);
        return proc;
      } catch (err) {
        await stopSlapd(proc.pid, confPath);
        const portTaken =
          err instanceof SlapdExitedError && /address already in use/i.test(err.logTail);
        if (!portTaken || attempt >= PORT_ATTEMPTS) throw err;
        port = await freePort();
      }
    }
  }

  /** Marks an owned lab stopped if its slapd exits without `stop` being asked. */
  #watchOwned(id: string, proc: SlapdProcess): void {
    this.#owned.set(id, proc);
    void proc.exited.then((exit) => {
      if (this.#owned.get(id) !== proc) return;
      this.#owned.delete(id);
      const how =
        exit.code === null
          ? `was killed (${exit.signal ?? 'unknown signal'})`
          : `exited with code ${exit.code}`;
      this.#update(id, {
        state: 'stopped',
        pid: null,
        ownerPid: null,
        error: `The server ${how} on its own; see ${join(this.#labDir(id), 'slapd.log')}`,
      });
      this.#removeDb(this.#labDir(id));
    });
  }

  /** Stops a lab (cancelling it if it is still starting) and deletes its database; keeps its log. */
  async stop(id: string): Promise<LabInfo> {
    const lab = this.#registry.get(id);
    if (lab === null) throw new ApiError('not-found', `There is no lab "${id}".`);
    const starting = this.#starting.get(id);
    if (starting !== undefined) {
      starting.controller.abort(
        new ApiError('failed', `Lab ${id} was stopped before it was ready.`),
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
    if (lab.pid !== null) await stopSlapd(lab.pid, join(lab.dataDir, 'slapd.conf'));
    this.#update(id, { state: 'stopped', pid: null, ownerPid: null });
    this.#removeDb(lab.dataDir);
    return toInfo(this.#mustGet(id));
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
      if (lab.pid !== null) await stopSlapd(lab.pid, join(lab.dataDir, 'slapd.conf'));
      const running = lab.state === 'running';
      this.#update(lab.id, {
        state: running ? 'stopped' : 'failed',
        pid: null,
        ownerPid: null,
        error: running
          ? 'Stopped because the DirBench process that started it had exited.'
          : 'Interrupted: the DirBench process that was starting it exited.',
      });
      this.#removeDb(lab.dataDir);
    }
  }

  /** Applies liveness: a running lab whose slapd is gone is marked stopped. */
  #refresh(lab: StoredLab): StoredLab {
    if (lab.state !== 'running' || this.#owned.has(lab.id)) return lab;
    const confPath = join(lab.dataDir, 'slapd.conf');
    if (lab.pid !== null && isLabSlapd(lab.pid, confPath)) return lab;
    this.#update(lab.id, {
      state: 'stopped',
      pid: null,
      ownerPid: null,
      error: `The server is no longer running; see ${join(lab.dataDir, 'slapd.log')}`,
    });
    this.#removeDb(lab.dataDir);
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
  ): void {
    this.#onProgress({ labId, step, done, total, message });
  }

  /** Deletes the database (up to ~11 GB at 10M entries); the config and logs stay for diagnosis. */
  #removeDb(labDir: string): void {
    rmSync(join(labDir, 'db'), { recursive: true, force: true });
  }
}
