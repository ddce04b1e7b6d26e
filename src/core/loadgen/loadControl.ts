// State a worker's load loops share: whether to issue and record, the clock, the recorder and the workload.
import type { CompiledWorkload } from '../workload/compileWorkload.ts';
import type { ConnectionSlot } from './connectionSlot.ts';
import type { IntervalRecorder } from './intervalRecorder.ts';
import type { OpWatch } from './opDeadline.ts';
import type { OpenRecorder } from './openRecorder.ts';
import type { OpenScheduler } from './openScheduler.ts';
import type { RunClock } from './runClock.ts';

/** Shared, mutable run state read by every loop of a worker on each op. */
export interface LoadControl {
  /** Loops start another op only while true. */
  issuing: boolean;
  /** Completions are counted only while true (false after the end or a stop). */
  recording: boolean;
  readonly clock: RunClock;
  readonly recorder: IntervalRecorder;
  /** Hands out the next expanded operation. */
  readonly workload: CompiledWorkload;
  /** Open model: the op schedule loops take their ops from, and its per-second figures; null when closed. */
  readonly open: OpenLoad | null;
  /** Requests sent and not yet answered (loops count their own, for the worker's telemetry). */
  outstanding: number;
  /** Fails ops unanswered past the run's op timeout as `timeout` (the loop moves on); absent: wait for ever. */
  readonly opWatch?: OpWatch | null;
}

/** What a loop needs in the open model: each op comes from the scheduler and is timed from its intended start. */
export interface OpenLoad {
  readonly scheduler: OpenScheduler;
  readonly recorder: OpenRecorder;
}

/** Counts a failure (of the op counted under `labelIndex`, on `server`) at the current time, unless the run no longer records or has ended. */
export function recordFailureNow(
  control: LoadControl,
  codeName: string,
  labelIndex = -1,
  server = -1,
): void {
  if (!control.recording) return;
  const elapsedNs = control.clock.elapsedNowNs();
  if (elapsedNs >= 0 && elapsedNs < control.clock.endElapsedNs) {
    control.recorder.failure(elapsedNs, codeName, labelIndex, server);
  }
}

/** Re-opens a dropped connection (counting failed attempts) while the run still issues. */
export function reconnectSlot(slot: ConnectionSlot, control: LoadControl): Promise<void> {
  return slot.reconnect(
    () => control.issuing,
    (codeName) => recordFailureNow(control, codeName, -1, slot.server),
  );
}
