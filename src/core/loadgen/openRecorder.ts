// Open-model additions to one worker's seconds: intended-start latencies, late ops, scheduled ops.
import { createHistogram, encodeHistogram, recordLatencyUs } from './histogram.ts';
import type { OpenScheduler } from './openScheduler.ts';
import type { WorkerIntervalMessage } from './protocol.ts';

/** The open-model fields of an interval message. */
export type OpenIntervalFields = Pick<
  WorkerIntervalMessage,
  'intendedHistogram' | 'scheduledOps' | 'behindSchedule'
>;

/**
 * Accumulates the current second's open-model figures beside the IntervalRecorder; `take` is
 * called as each second ships, so record here only after the IntervalRecorder has moved to the
 * op's second.
 */
export class OpenRecorder {
  private readonly histogram = createHistogram();
  private late = 0;
  private readonly scheduler: OpenScheduler;

  constructor(scheduler: OpenScheduler) {
    this.scheduler = scheduler;
  }

  /** Records a successful op's latency from its intended start to its completion. */
  intended(latencyNs: number): void {
    recordLatencyUs(this.histogram, Math.round(latencyNs / 1000));
  }

  /** Counts ops that started late or never started. */
  addLate(count: number): void {
    this.late += count;
  }

  /** The figures of second `second` (lasting `intervalMs`), and clears them. */
  take(second: number, intervalMs: number): OpenIntervalFields {
    const fields: OpenIntervalFields = {
      intendedHistogram: encodeHistogram(this.histogram),
      scheduledOps: this.scheduler.scheduledIn(second, second + intervalMs / 1000),
      behindSchedule: this.late,
    };
    this.histogram.reset();
    this.late = 0;
    return fields;
  }
}
