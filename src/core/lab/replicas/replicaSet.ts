// The consumers of a replicated lab: each a server of the lab's kind in its own folder under the
// lab and on its own loopback port, given the supplier's data, started, and verified to hold the
// same entries and the same replication state as the supplier before any load.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { LabReplica } from '../../../shared/labTypes.ts';
import type { LabDriver, LabServerConfig, RunningServer } from '../driver.ts';
import { countEntries } from '../entryCount.ts';
import { freePort } from '../freePort.ts';
import type { BuildHooks } from '../buildHooks.ts';
import type { StoredLab } from '../labRecord.ts';
import { releaseWatched } from '../watchdog.ts';
import { replicaSupportOf } from './support.ts';
import type { ReplicaSupport } from '../driver.ts';

// A fresh consumer answers in well under a second; the margin covers slow disks and big maps.
const READY_TIMEOUT_MS = 60_000;
// A consumer catches up with an idle supplier in seconds; a big one on a busy machine takes longer.
const EQUAL_TIMEOUT_MS = 180_000;

/** Folder of consumer `n` (1-based) of the lab in `labDir`. */
export function replicaDir(labDir: string, n: number): string {
  return join(labDir, 'replicas', `r${n}`);
}

/** Builds, starts and verifies a lab's consumers; stops them when the build fails. */
export class ReplicaSet {
  readonly #lab: StoredLab;
  readonly #driver: LabDriver;
  readonly #config: LabServerConfig;
  readonly #count: number;
  readonly #support: ReplicaSupport;
  readonly #started: LabReplica[] = [];

  constructor(lab: StoredLab, driver: LabDriver, config: LabServerConfig, count: number) {
    this.#lab = lab;
    this.#driver = driver;
    this.#config = config;
    this.#count = count;
    this.#support = replicaSupportOf(driver);
  }

  /** Adds what a supplier needs to the configuration the driver wrote (before its load and start). */
  prepareSupplier(): Promise<void> {
    return this.#support.prepareSupplier(this.#config);
  }

  /**
   * Once the supplier holds every entry and answers at `supplierUrl`: configures, seeds and starts
   * each consumer, then waits until each holds `expected` entries and the supplier's state.
   */
  async start(
    supplierUrl: string,
    expected: number,
    signal: AbortSignal,
    hooks: BuildHooks,
  ): Promise<void> {
    const title = this.#driver.title;
    const seed = await this.#support.exportSupplier(this.#config, signal);
    try {
      for (let n = 1; n <= this.#count; n++) {
        signal.throwIfAborted();
        const dir = replicaDir(this.#lab.dataDir, n);
        mkdirSync(dir, { recursive: true });
        const port = await freePort();
        const consumer: LabServerConfig = { ...this.#config, labDir: dir, port };
        delete consumer.tls;
        hooks.progress('start', n - 1, this.#count, `Preparing replica ${n} of ${title}`);
        await this.#support.prepareConsumer(
          { driver: this.#driver, supplier: this.#config, supplierUrl, consumer, number: n, seed },
          signal,
        );
        hooks.progress('start', n - 1, this.#count, `Starting replica ${n} on 127.0.0.1:${port}`);
        const server = await this.#driver.start(consumer, {
          persistent: this.#lab.persistent,
          logPath: join(dir, 'server.log'),
          signal,
          timeoutMs: READY_TIMEOUT_MS,
        });
        this.#add(server, dir, hooks);
        await this.#support.connectConsumer?.(
          { driver: this.#driver, supplier: this.#config, supplierUrl, consumer, number: n, seed },
          server.url,
          signal,
        );
      }
    } finally {
      seed.dispose();
    }
    let held = expected;
    for (const [i, replica] of this.#started.entries()) {
      hooks.progress('verify', i, this.#count, `Waiting for replica ${i + 1} to match`);
      held = Math.max(held, await this.#waitEqual(supplierUrl, replica, i + 1, expected, signal));
    }
    // Replication's own entry (389 DS's keep-alive) is part of what every server holds from now on.
    if (held !== expected) hooks.update({ verifiedEntries: held });
    hooks.progress(
      'verify',
      this.#count,
      this.#count,
      `${this.#count === 1 ? '1 replica holds' : `${this.#count} replicas hold`} the same ${expected.toLocaleString('en')} entries`,
    );
  }

  /** Stops every consumer started so far and deletes their databases. */
  async stop(): Promise<void> {
    await stopReplicas(this.#driver, this.#started);
  }

  #add(server: RunningServer, dir: string, hooks: BuildHooks): void {
    // Non-persistent consumers stay under the watchdog: they stop when this process ends.
    releaseWatched(server.child);
    this.#started.push({
      url: server.url,
      port: Number(new URL(server.url).port),
      pid: server.pid,
      dataDir: dir,
    });
    hooks.update({ replicas: this.#started.map((r) => ({ ...r })) });
  }

  /** Polls until consumer `n` holds the supplier's entries (at least `expected`) and replication state; answers how many. */
  async #waitEqual(
    supplierUrl: string,
    replica: LabReplica,
    n: number,
    expected: number,
    signal: AbortSignal,
  ): Promise<number> {
    const { bindDn, rootPassword, suffix } = this.#lab;
    const deadline = Date.now() + EQUAL_TIMEOUT_MS;
    for (;;) {
      signal.throwIfAborted();
      const [count, supplied, mine, theirs] = await Promise.all([
        countEntries(replica.url, bindDn, rootPassword, suffix).catch(() => -1),
        countEntries(supplierUrl, bindDn, rootPassword, suffix).catch(() => -1),
        this.#support.syncState(replica.url, bindDn, rootPassword, suffix).catch(() => null),
        this.#support.syncState(supplierUrl, bindDn, rootPassword, suffix).catch(() => null),
      ]);
      // The supplier may hold an entry of replication's own (389 DS: its keep-alive entry).
      if (count === supplied && count >= expected && mine !== null && mine === theirs) return count;
      const last = `it holds ${count < 0 ? 'no readable' : count.toLocaleString('en')} entries to the supplier's ${supplied.toLocaleString('en')}, replication state ${mine ?? 'unreadable'} against the supplier's ${theirs ?? 'unreadable'}`;
      if (Date.now() > deadline) {
        throw new Error(
          `replica ${n} (${replica.url}) did not catch up with the supplier in ${EQUAL_TIMEOUT_MS / 1000} s: ${last}; see ${join(replica.dataDir, 'server.log')}`,
        );
      }
      await delay(500);
    }
  }
}

/** Stops `replicas` (each only if its PID is still its server) and deletes their databases. */
export async function stopReplicas(
  driver: LabDriver,
  replicas: readonly LabReplica[] | undefined,
): Promise<LabReplica[]> {
  const stopped: LabReplica[] = [];
  for (const replica of replicas ?? []) {
    if (replica.pid !== null) await driver.stop(replica.pid, replica.dataDir);
    driver.removeData(replica.dataDir);
    stopped.push({ ...replica, pid: null });
  }
  return stopped;
}

/** Stops the replicas of `lab`, if any, and answers the record's patch ({} for a lab without). */
export async function stopLabReplicas(
  driver: LabDriver,
  lab: Pick<StoredLab, 'replicas'>,
): Promise<Pick<StoredLab, 'replicas'>> {
  if (lab.replicas === undefined || lab.replicas.length === 0) return {};
  return { replicas: await stopReplicas(driver, lab.replicas) };
}
