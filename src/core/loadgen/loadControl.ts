// State a worker's load loops share: whether to issue and record, the clock, the recorder and the DN picker.
import type { ConnectionSlot } from './connectionSlot.ts';
import type { IntervalRecorder } from './intervalRecorder.ts';
import type { RunClock } from './runClock.ts';

/** Shared, mutable run state read by every loop of a worker on each op. */
export interface LoadControl {
  /** Loops start another op only while true. */
  issuing: boolean;
  /** Completions are counted only while true (false after the end or a stop). */
  recording: boolean;
  readonly clock: RunClock;
  readonly recorder: IntervalRecorder;
  readonly pickDn: () => string;
}

/** One closed-model loop: keeps one request outstanding on `slot` until `control.issuing` turns false. */
export type WorkloadLoop = (slot: ConnectionSlot, control: LoadControl) => Promise<void>;

/** Counts a failure at the current time, unless the run no longer records or has ended. */
export function recordFailureNow(control: LoadControl, codeName: string): void {
  if (!control.recording) return;
  const elapsedNs = control.clock.elapsedNowNs();
  if (elapsedNs >= 0 && elapsedNs < control.clock.endElapsedNs) {
    control.recorder.failure(elapsedNs, codeName);
  }
}

/** Re-opens a dropped connection (counting failed attempts) while the run still issues. */
export function reconnectSlot(slot: ConnectionSlot, control: LoadControl): Promise<void> {
  return slot.reconnect(
    () => control.issuing,
    (codeName) => recordFailureNow(control, codeName),
  );
}
