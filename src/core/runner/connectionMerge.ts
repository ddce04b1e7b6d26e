// Merges the workers' connection counters and phase histograms of a second, and totals them over the run.
import type { ConnectionPhase, RunSample, RunSummary } from '../../shared/types.ts';
import { createHistogram, decodeHistogram, mergeInto, summarize } from '../loadgen/histogram.ts';
import type { Histogram } from '../loadgen/histogram.ts';
import type { WorkerIntervalMessage } from '../loadgen/protocol.ts';

/** Fields of a sample this module fills. */
type ConnectionFields = Pick<
  RunSample,
  | 'connectionsOpened'
  | 'connectionsClosed'
  | 'reconnects'
  | 'bytesSent'
  | 'bytesReceived'
  | 'phaseLatencyUs'
>;

/** One second's connection figures, summed over the workers that reported them. */
export class SecondConnections {
  /** False until a worker reported counters (workers that do not count leave the sample bare). */
  private counted = false;
  private opened = 0;
  private closed = 0;
  private reconnects = 0;
  private bytesSent = 0;
  private bytesReceived = 0;
  private readonly phases = new Map<ConnectionPhase, Histogram>();

  /** Adds one worker's report of the second. */
  add(report: WorkerIntervalMessage): void {
    if (report.connectionsOpened !== undefined) {
      this.counted = true;
      this.opened += report.connectionsOpened;
      this.closed += report.connectionsClosed ?? 0;
      this.reconnects += report.reconnects ?? 0;
      this.bytesSent += report.bytesSent ?? 0;
      this.bytesReceived += report.bytesReceived ?? 0;
    }
    if (report.phaseHistograms === undefined) return;
    for (const [phase, encoded] of Object.entries(report.phaseHistograms)) {
      const key = phase as ConnectionPhase;
      let histogram = this.phases.get(key);
      if (histogram === undefined) {
        histogram = createHistogram(64);
        this.phases.set(key, histogram);
      }
      // Phase percentiles, like op latency, are merged only as histograms, never averaged.
      mergeInto(histogram, decodeHistogram(encoded));
    }
  }

  /** The merged fields for the second's sample (empty when no worker counted). */
  fields(): ConnectionFields {
    const fields: ConnectionFields = {};
    if (this.counted) {
      fields.connectionsOpened = this.opened;
      fields.connectionsClosed = this.closed;
      fields.reconnects = this.reconnects;
      fields.bytesSent = this.bytesSent;
      fields.bytesReceived = this.bytesReceived;
    }
    if (this.phases.size > 0) {
      const phaseLatencyUs: NonNullable<RunSample['phaseLatencyUs']> = {};
      for (const [phase, histogram] of this.phases) phaseLatencyUs[phase] = summarize(histogram);
      fields.phaseLatencyUs = phaseLatencyUs;
    }
    return fields;
  }
}

/** Connection totals over the measured seconds, for the summary. */
export class ConnectionTotals {
  private counted = false;
  private opened = 0;
  private reconnects = 0;

  /** Adds one measured sample. */
  add(sample: RunSample): void {
    if (sample.connectionsOpened === undefined) return;
    this.counted = true;
    this.opened += sample.connectionsOpened;
    this.reconnects += sample.reconnects ?? 0;
  }

  /** The summary's connection fields (empty when nothing was counted). */
  fields(): Pick<RunSummary, 'connectionsOpened' | 'reconnects'> {
    return this.counted ? { connectionsOpened: this.opened, reconnects: this.reconnects } : {};
  }
}
