// Per-second counters and latency histogram of one worker, shipped as each t0-aligned second ends.
import type { WorkerIntervalMessage } from './protocol.ts';
import { createHistogram, encodeHistogram, recordLatencyUs } from './histogram.ts';
import type { ConnectionCounters } from '../ldap/connectionCounters.ts';
import type { OperationRecorder } from './operationRecorder.ts';
import { PhaseRecorder } from './phaseRecorder.ts';

const NS_PER_S = 1e9;

/** Accumulates the current second and ships it (with any empty seconds skipped over) in order. */
export class IntervalRecorder {
  /** Second (since t0) now being accumulated. */
  second = 0;
  private ops = 0;
  private errors = 0;
  private entries = 0;
  private errorsByCode: Record<string, number> = {};
  private readonly histogram = createHistogram();
  private readonly ship: (message: WorkerIntervalMessage) => void;
  /** The worker's connection counters, shipped with each second (null: not counted). */
  connectionCounters: ConnectionCounters | null = null;
  /** Connection-phase latencies (per-op and rebind policies), shipped with each second. */
  readonly phases = new PhaseRecorder();
  /** Per-label counts when the workload has more than one label (null: a single operation). */
  operations: OperationRecorder | null = null;
  /** Runs on several servers: per-server counts (labelled by URL) and each server's open connections. */
  servers: { recorder: OperationRecorder; connections: () => number[] } | null = null;

  constructor(ship: (message: WorkerIntervalMessage) => void) {
    this.ship = ship;
  }

  /** Records a successful op (counted under `labelIndex` and `server`) that completed `elapsedNs` after t0 and took `latencyNs`. */
  success(elapsedNs: number, latencyNs: number, entries: number, labelIndex = 0, server = 0): void {
    // An op counts in the second in which it completes.
    const second = Math.floor(elapsedNs / NS_PER_S);
    if (second > this.second) this.advanceTo(second);
    this.ops++;
    this.entries += entries;
    const latencyUs = Math.round(latencyNs / 1000);
    recordLatencyUs(this.histogram, latencyUs);
    this.operations?.success(labelIndex, latencyUs, entries);
    this.servers?.recorder.success(server, latencyUs, entries);
  }

  /** Records a failed op (or, with no label, a reconnect attempt) on `server` by its code name. */
  failure(elapsedNs: number, codeName: string, labelIndex = -1, server = -1): void {
    const second = Math.floor(elapsedNs / NS_PER_S);
    if (second > this.second) this.advanceTo(second);
    this.errors++;
    this.errorsByCode[codeName] = (this.errorsByCode[codeName] ?? 0) + 1;
    this.operations?.failure(labelIndex, codeName);
    this.servers?.recorder.failure(server, codeName);
  }

  /** Ships every full second before `second` (empty ones too) and starts accumulating `second`. */
  advanceTo(second: number): void {
    while (this.second < second) {
      this.flush(1000);
      this.second++;
    }
  }

  /** Ships the current second as an interval of `intervalMs` and clears it. */
  flush(intervalMs: number): void {
    this.ship({
      type: 'interval',
      second: this.second,
      intervalMs,
      ops: this.ops,
      errors: this.errors,
      errorsByCode: this.errorsByCode,
      entries: this.entries,
      histogram: encodeHistogram(this.histogram),
      ...this.connectionFields(),
      ...(this.operations === null ? {} : { operations: this.operations.take() }),
      ...(this.servers === null
        ? {}
        : { servers: this.servers.recorder.take(), serverConnections: this.servers.connections() }),
    });
    this.ops = 0;
    this.errors = 0;
    this.entries = 0;
    this.errorsByCode = {};
    this.histogram.reset();
  }

  /** Connection counters and phase histograms of the second being shipped (cleared as taken). */
  private connectionFields(): Partial<WorkerIntervalMessage> {
    const phaseHistograms = this.phases.take();
    return {
      ...this.connectionCounters?.take(),
      ...(phaseHistograms === undefined ? {} : { phaseHistograms }),
    };
  }
}
