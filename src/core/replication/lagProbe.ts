// The replication lag probe: a dedicated marker entry on the supplier gets a new sequence number a
// few times a second, on a connection of its own (outside the load's counts); each consumer is
// read at a fixed interval (that interval is the lag's resolution) and every marker's lag is the
// time from its write to the first read that shows it. A marker a consumer never shows counts its
// age at the end, so a consumer that stops receiving shows as growing lag, and past a limit as an
// error naming it.
import { setTimeout as delay } from 'node:timers/promises';
import { AlreadyExistsError, Attribute, Change, Client } from 'ldapts';
import type {
  LagFiguresMs,
  LagMethod,
  ReplicationLagSecond,
} from '../../shared/replicationTypes.ts';
import { lagFigures, lagSeconds } from './lagStats.ts';
import { supportsPersistentSearch, watchEntry } from './persistentSearch.ts';
import type { PersistentWatch } from './persistentSearch.ts';
import type { MarkerLag } from './lagStats.ts';

/** A server and how to bind to it. */
export interface LagEndpoint {
  url: string;
  bindDn: string;
  password: string;
}

/** What to watch and how often. */
export interface LagProbeOptions {
  supplier: LagEndpoint;
  consumers: readonly LagEndpoint[];
  /** DN of the marker entry (created, then deleted at the end); its parent must exist. */
  markerDn: string;
  /** Between marker writes (default 250: four a second). */
  writeIntervalMs?: number;
  /** Between reads of each consumer, the lag's resolution (default 100). */
  pollIntervalMs?: number;
  /** A marker unseen for longer than this makes its consumer an error (default 30 s). */
  stallLimitMs?: number;
  /** Watch consumers that support it by persistent search (default true); false polls them all. */
  persistentSearch?: boolean;
}

/** What a probe measured. */
export interface LagOutcome {
  /** Per second and consumer, seconds since `start` (0-based). */
  seconds: ReplicationLagSecond[];
  /** Over the whole probe, by consumer URL. */
  figures: Record<string, LagFiguresMs>;
  /** Consumers that stopped receiving, by URL, in words. */
  errors: Record<string, string>;
  /** Polling interval of the consumers read by polling. */
  resolutionMs: number;
  /** How each consumer was watched: persistent search where it supports it, else polling. */
  methods: Record<string, LagMethod>;
}

/** A consumer being read: the markers it has shown, and when each was first seen. */
interface Watched {
  endpoint: LagEndpoint;
  client: Client | null;
  busy: boolean;
  seenSeq: number;
  seenAtMs: Map<number, number>;
  /** The consumer supports persistent search: it is watched that way once it holds the marker. */
  persistent: boolean;
  /** The open persistent search; while it runs the consumer is not polled. */
  watch: PersistentWatch | null;
}

// Reads of a stopped consumer hang: each gives up after this and the next one reconnects.
const READ_TIMEOUT_MS = 2_000;
// After the last write, how long consumers get to show it before the unseen ones count their age.
const FINAL_WAIT_MS = 1_000;

/** Runs from `start` to `stop`; see the file comment. */
export class LagProbe {
  readonly #opts: Required<LagProbeOptions>;
  readonly #writtenAtMs: number[] = [];
  readonly #watched: Watched[];
  readonly #errors: Record<string, string> = {};
  #supplier: Client | null = null;
  #startedMs = 0;
  #stopped = false;
  #writer: Promise<void> = Promise.resolve();
  #poller: ReturnType<typeof setInterval> | null = null;

  constructor(options: LagProbeOptions) {
    this.#opts = {
      writeIntervalMs: 250,
      pollIntervalMs: 100,
      stallLimitMs: 30_000,
      persistentSearch: true,
      ...options,
    };
    this.#watched = options.consumers.map((endpoint) => ({
      endpoint,
      client: null,
      busy: false,
      seenSeq: 0,
      seenAtMs: new Map(),
      persistent: false,
      watch: null,
    }));
  }

  /** Creates the marker on the supplier and begins writing and reading; load starts now. */
  async start(): Promise<void> {
    const { supplier, markerDn } = this.#opts;
    const client = new Client({ url: supplier.url, timeout: 10_000, connectTimeout: 5_000 });
    this.#supplier = client;
    await client.bind(supplier.bindDn, supplier.password);
    const rdn = /^cn=([^,]+),/i.exec(markerDn)?.[1] ?? 'dirbench-lag';
    try {
      await client.add(markerDn, { objectClass: ['top', 'device'], cn: rdn, description: '0' });
    } catch (err) {
      // A marker left by a run that crashed: reused, starting over at 0.
      if (!(err instanceof AlreadyExistsError)) throw err;
      await this.#write(0);
    }
    for (const w of this.#watched) {
      const { url, bindDn, password } = w.endpoint;
      w.persistent =
        this.#opts.persistentSearch && (await supportsPersistentSearch(url, bindDn, password));
    }
    this.#startedMs = performance.now();
    this.#writer = this.#writeLoop();
    this.#poller = setInterval(() => this.#pollAll(), this.#opts.pollIntervalMs);
  }

  /** Stops writing, gives consumers a moment to show the last marker, deletes it and answers the figures. */
  async stop(): Promise<LagOutcome> {
    this.#stopped = true;
    await this.#writer;
    const last = this.#writtenAtMs.length;
    const waitUntil = performance.now() + FINAL_WAIT_MS;
    while (performance.now() < waitUntil && this.#watched.some((w) => w.seenSeq < last)) {
      await delay(this.#opts.pollIntervalMs);
    }
    if (this.#poller !== null) clearInterval(this.#poller);
    const endMs = performance.now();
    const outcome = this.#outcome(endMs);
    await this.#supplier?.del(this.#opts.markerDn).catch(() => undefined);
    await this.#supplier?.unbind().catch(() => undefined);
    // A stopped consumer would hold an unbind for ever: its connection is dropped, not awaited.
    for (const w of this.#watched) {
      void w.client?.unbind().catch(() => undefined);
      w.watch?.close();
    }
    return outcome;
  }

  /**
   * Each consumer's lag now: while it has markers unseen, the oldest one's age; otherwise the lag of
   * the newest one it showed (0 before any marker is written).
   */
  currentLagMs(): Record<string, number> {
    const now = performance.now();
    const lags: Record<string, number> = {};
    for (const w of this.#watched) {
      const oldestUnseen = this.#writtenAtMs[w.seenSeq];
      const newestSeen = this.#writtenAtMs[w.seenSeq - 1];
      const seenAt = w.seenAtMs.get(w.seenSeq);
      lags[w.endpoint.url] = Math.round(
        oldestUnseen !== undefined && now - oldestUnseen > this.#opts.pollIntervalMs
          ? now - oldestUnseen
          : newestSeen !== undefined && seenAt !== undefined
            ? seenAt - newestSeen
            : 0,
      );
    }
    return lags;
  }

  async #write(seq: number): Promise<void> {
    await this.#supplier?.modify(
      this.#opts.markerDn,
      new Change({
        operation: 'replace',
        modification: new Attribute({ type: 'description', values: [String(seq)] }),
      }),
    );
  }

  /** Writes marker 1, 2, ... on a fixed schedule (late writes go at once, none is skipped). */
  async #writeLoop(): Promise<void> {
    for (let seq = 1; !this.#stopped; seq++) {
      const due = this.#startedMs + (seq - 1) * this.#opts.writeIntervalMs;
      const wait = due - performance.now();
      if (wait > 0) await delay(wait);
      if (this.#stopped) return;
      this.#writtenAtMs[seq - 1] = performance.now();
      // A refused write (supplier overloaded) leaves a marker that no consumer can show: its lag is
      // then the wait for the next one, which is what a reader of that consumer would see.
      await this.#write(seq).catch(() => undefined);
    }
  }

  #pollAll(): void {
    for (const w of this.#watched) {
      if (!w.busy && w.watch === null) void this.#poll(w);
      this.#checkStall(w);
    }
  }

  /** Reads the marker on one consumer; any failure drops its connection for the next read to renew. */
  async #poll(w: Watched): Promise<void> {
    w.busy = true;
    try {
      if (w.client === null) {
        const client = new Client({
          url: w.endpoint.url,
          timeout: READ_TIMEOUT_MS,
          connectTimeout: READ_TIMEOUT_MS,
        });
        w.client = client;
        await client.bind(w.endpoint.bindDn, w.endpoint.password);
      }
      const { searchEntries } = await w.client.search(this.#opts.markerDn, {
        scope: 'base',
        attributes: ['description'],
      });
      this.#seen(w, String([searchEntries[0]?.['description'] ?? '0'].flat()[0]));
      // The marker is there: from now on the consumer tells of each change itself, where it can.
      if (w.persistent && !this.#stopped) await this.#watchPersistently(w);
    } catch {
      // No marker yet (noSuchObject before the add replicates), a timeout or a lost connection.
      void w.client?.unbind().catch(() => undefined);
      w.client = null;
    } finally {
      w.busy = false;
    }
  }

  /** Marks every marker up to the one `value` names as seen by `w` now. */
  #seen(w: Watched, value: string): void {
    const seenMs = performance.now();
    const seq = Number(value);
    for (let s = w.seenSeq + 1; s <= seq && s <= this.#writtenAtMs.length; s++) {
      w.seenAtMs.set(s, seenMs);
      w.seenSeq = s;
    }
  }

  /**
   * Opens a persistent search on the marker, then reads it once more (a marker written while the
   * search opened is not sent); when the search ends (lost connection), polling takes over again.
   */
  async #watchPersistently(w: Watched): Promise<void> {
    const { markerDn } = this.#opts;
    const watch = await watchEntry(w.endpoint, markerDn, 'description', (v) => this.#seen(w, v));
    w.watch = watch;
    void watch.ended.then(() => {
      if (w.watch === watch) w.watch = null;
    });
    const again = await w.client?.search(markerDn, { scope: 'base', attributes: ['description'] });
    this.#seen(w, String([again?.searchEntries[0]?.['description'] ?? '0'].flat()[0]));
  }

  /** Marks a consumer as stopped receiving once its oldest unseen marker is older than the limit. */
  #checkStall(w: Watched): void {
    const oldest = this.#writtenAtMs[w.seenSeq];
    if (oldest === undefined || w.endpoint.url in this.#errors) return;
    const ageMs = performance.now() - oldest;
    if (ageMs <= this.#opts.stallLimitMs) return;
    this.#errors[w.endpoint.url] =
      `consumer ${w.endpoint.url} has not shown a change written on the supplier ${Math.round(ageMs / 1000)} s ago ` +
      `(limit ${this.#opts.stallLimitMs / 1000} s): it stopped receiving; check that its server runs and that replication to it works`;
  }

  #outcome(endMs: number): LagOutcome {
    const seconds: ReplicationLagSecond[] = [];
    const figures: Record<string, LagFiguresMs> = {};
    for (const w of this.#watched) {
      this.#checkStall(w);
      const markers: MarkerLag[] = this.#writtenAtMs.map((writtenMs, i) => {
        const seenMs = w.seenAtMs.get(i + 1);
        return {
          second: Math.floor((writtenMs - this.#startedMs) / 1000),
          lagMs: Math.max(0, (seenMs ?? endMs) - writtenMs),
          unseen: seenMs === undefined,
        };
      });
      seconds.push(...lagSeconds(w.endpoint.url, markers));
      figures[w.endpoint.url] = lagFigures(markers.map((m) => m.lagMs));
    }
    return {
      seconds,
      figures,
      errors: { ...this.#errors },
      resolutionMs: this.#opts.pollIntervalMs,
      methods: Object.fromEntries(
        this.#watched.map((w) => [w.endpoint.url, w.persistent ? 'persistent search' : 'polling']),
      ),
    };
  }
}
