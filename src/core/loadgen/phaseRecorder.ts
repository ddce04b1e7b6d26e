// Per-second HDR histograms of connection phases (connect, StartTLS, bind, op, unbind) for one worker.
import type { ConnectionPhase } from '../../shared/types.ts';
import { createHistogram, encodeHistogram, recordLatencyUs } from './histogram.ts';
import type { Histogram } from './histogram.ts';

/** Encoded phase histograms of one interval, keyed by phase; only phases that were recorded. */
export type PhaseHistograms = Partial<Record<ConnectionPhase, string>>;

/** Collects phase latencies; histograms are created on first use, so policies without phases pay nothing. */
export class PhaseRecorder {
  private readonly histograms = new Map<ConnectionPhase, Histogram>();

  /** Records one phase that took `latencyNs`. */
  record(phase: ConnectionPhase, latencyNs: number): void {
    let histogram = this.histograms.get(phase);
    if (histogram === undefined) {
      histogram = createHistogram();
      this.histograms.set(phase, histogram);
    }
    recordLatencyUs(histogram, Math.round(latencyNs / 1000));
  }

  /** The recorded phases since the last call, encoded (undefined when none), and clears them. */
  take(): PhaseHistograms | undefined {
    let taken: PhaseHistograms | undefined;
    for (const [phase, histogram] of this.histograms) {
      if (histogram.totalCount === 0) continue;
      taken ??= {};
      taken[phase] = encodeHistogram(histogram);
      histogram.reset();
    }
    return taken;
  }
}
