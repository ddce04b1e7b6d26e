// The server's side of a run: a lab's process CPU and memory and its monitor counts, or a target's
// monitor read with the run's own bind (before and after load, and each second), and the
// cross-check of the server's operation counts against the client's.
import type { ServerMonitorReading, ServerMonitorSample } from '../../shared/monitorTypes.ts';
import type { MonitoredServerKind } from '../../shared/monitorTypes.ts';
import { SERVER_LIMIT_NAMES } from '../../shared/serverLimits.ts';
import type { ServerLimit } from '../../shared/serverLimits.ts';
import type { RunSample, RunSummary } from '../../shared/types.ts';
import { serverStatsSampler } from '../lab/serverStats.ts';
import type { ServerMonitor } from '../monitor/serverMonitor.ts';
import { serverDelta } from './serverDelta.ts';

/** A lab's side: its server process, and its monitor read as the lab's root. */
export interface LabSide {
  pid: number | null;
  operationCounts: () => Promise<Record<string, number> | null>;
}

/** A target's side: its monitor as the run's bind reads it, or why it cannot. */
export interface TargetSide {
  server: MonitoredServerKind;
  monitor: ServerMonitor | null;
  note: string | null;
}

interface Timed {
  reading: ServerMonitorReading;
  /** The monitor's reads when this one was taken (it included). */
  reads: number;
  atMs: number;
}

/** The note of a run whose monitor readings a server limit cut short. */
function cutShortNote(limit: ServerLimit): string {
  return `The server's ${SERVER_LIMIT_NAMES[limit]} cut a cn=monitor reading short: some server counts may be missing.`;
}

const sumOf = (counts: Record<string, number>): number =>
  Object.values(counts).reduce((n, c) => n + c, 0);

/** Watches the server over one run; every read failure only loses figures, never the run. */
export class ServerWatch {
  private readonly stats;
  private readonly lab: LabSide | null;
  private readonly target: TargetSide | null;
  /** Runs on several servers: the one whose monitor is read (its own ops are the client's side). */
  private readonly only: string | null;
  private labAtStart: Promise<Record<string, number> | null> | null = null;
  private first: Timed | null = null;
  private latest: Timed | null = null;
  private shown: Timed | null = null;
  private reading: Promise<void> | null = null;
  private lost: string | null = null;
  /** The first server limit that cut a reading short: said once, in the summary. */
  private cutShortBy: ServerLimit | null = null;

  constructor(lab: LabSide | null, target: TargetSide | null, only: string | null = null) {
    this.lab = lab;
    this.target = target;
    this.only = only;
    // A lab runs on this machine: its server's CPU and memory go with each second.
    this.stats = lab?.pid == null ? null : serverStatsSampler(lab.pid);
  }

  /** Load starts now: the baseline of every count. */
  loadStarted(): void {
    this.stats?.restart();
    if (this.lab !== null) this.labAtStart = this.lab.operationCounts();
    if (this.target?.monitor != null) this.readNow(true);
  }

  /** The server's fields of a second (none when nothing was read). */
  sampleFields(): Pick<RunSample, 'server' | 'serverMonitor'> {
    const server = this.stats?.sample() ?? null;
    const monitor = this.monitorSample();
    // The next reading is taken while the next second runs; it shows with that second.
    if (this.first !== null) this.readNow(false);
    return {
      ...(server === null ? {} : { server }),
      ...(monitor === null ? {} : { serverMonitor: monitor }),
    };
  }

  private monitorSample(): ServerMonitorSample | null {
    const { latest, shown } = this;
    const previous = shown ?? this.first;
    if (latest === null || previous === null || latest === previous || latest === shown)
      return null;
    this.shown = latest;
    const spanS = Math.max(0.001, (latest.atMs - previous.atMs) / 1000);
    // Each reading between the two is a search the server completed for the monitor, not the load.
    const done = sumOf(latest.reading.operations) - sumOf(previous.reading.operations);
    const ops = Math.max(0, done - (latest.reads - previous.reads));
    const { connections, threads, memoryMb } = latest.reading;
    return {
      opsPerSec: Math.round((ops / spanS) * 10) / 10,
      ...(connections === undefined ? {} : { connections }),
      ...(threads === undefined ? {} : { threads }),
      ...(memoryMb === undefined ? {} : { memoryMb }),
    };
  }

  private readNow(first: boolean): void {
    const monitor = this.target?.monitor;
    if (monitor == null || this.reading !== null) return;
    this.reading = monitor
      .read()
      .then(
        (reading) => {
          this.cutShortBy ??= reading.cutShortBy ?? null;
          const timed = { reading, reads: monitor.reads, atMs: performance.now() };
          if (first) this.first = timed;
          this.latest = timed;
        },
        (err: unknown) => {
          this.lost ??= err instanceof Error ? err.message : String(err);
        },
      )
      .finally(() => {
        this.reading = null;
      });
  }

  /** The summary with the server's counts and the cross-check against the client's over `samples`. */
  async summarize(summary: RunSummary, samples: readonly RunSample[]): Promise<RunSummary> {
    // All phases; on several servers only what went to the server whose monitor is read.
    const clientOps = samples.reduce(
      (n, s) => n + (this.only === null ? s.ops : (s.servers?.[this.only]?.ops ?? 0)),
      0,
    );
    if (this.lab !== null) {
      if (this.labAtStart === null) return summary;
      const served = serverDelta(await this.labAtStart, await this.lab.operationCounts());
      return served === null
        ? summary
        : { ...summary, serverOperations: served, clientOperationsAllPhases: clientOps };
    }
    const target = this.target;
    if (target === null) return summary;
    if (target.note !== null)
      return { ...summary, serverMonitor: { server: target.server, note: target.note } };
    await this.reading;
    const start = this.first;
    if (target.monitor === null || start === null) return summary;
    let after: ServerMonitorReading;
    try {
      after = await target.monitor.read();
    } catch (err) {
      this.lost ??= err instanceof Error ? err.message : String(err);
      const note = `Server monitor stopped answering during the run (${this.lost}): no server counts.`;
      return { ...summary, serverMonitor: { server: target.server, before: start.reading, note } };
    }
    // Every reading after the first is a search the server completed between the two.
    const own = { search: target.monitor.reads - start.reads };
    const served = serverDelta(start.reading.operations, after.operations, own);
    const cut = this.cutShortBy ?? after.cutShortBy;
    return {
      ...summary,
      ...(served === null
        ? {}
        : { serverOperations: served, clientOperationsAllPhases: clientOps }),
      serverMonitor: {
        server: target.server,
        before: start.reading,
        after,
        ...(cut === undefined || cut === null ? {} : { note: cutShortNote(cut) }),
      },
    };
  }

  /** Closes the monitor's connection (after `summarize`, or when the run ends without one). */
  async close(): Promise<void> {
    await this.reading;
    await this.target?.monitor?.close();
  }
}
