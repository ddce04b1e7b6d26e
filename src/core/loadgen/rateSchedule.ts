// Open-model schedule math: when op i is due under a rate profile, and how many ops fall in a window.
import type { RateStep } from '../../shared/types.ts';

/** A run's target rate as profile steps: a constant rate becomes one step over the whole run; null for the closed model. */
export function rateStepsFor(
  targetOpsPerSec: number | null,
  rateProfile: RateStep[] | null,
  totalS: number,
): RateStep[] | null {
  if (rateProfile !== null && rateProfile.length > 0) return rateProfile;
  if (targetOpsPerSec !== null && targetOpsPerSec > 0) {
    return [{ durationS: totalS, fromOpsPerSec: targetOpsPerSec, toOpsPerSec: targetOpsPerSec }];
  }
  return null;
}

/** One profile step placed on the run's time line, with the ops scheduled before it. */
interface Segment {
  startS: number;
  durationS: number;
  fromOpsPerSec: number;
  /** Rate change per second within the step (0 for a hold). */
  slopePerS2: number;
  opsBefore: number;
  ops: number;
}

// Float noise in cumulative counts (e.g. 2000.0000000001) must not add a phantom op.
const COUNT_EPSILON = 1e-7;

/** Where a segment starts and ends in time, and in ops (seek's bounds). */
const startTimeS = (seg: Segment): number => seg.startS;
const endTimeS = (seg: Segment): number => seg.startS + seg.durationS;
const firstOp = (seg: Segment): number => seg.opsBefore;
// Zero-rate steps (no ops) are skipped: the op falls in the next step that has room for it.
const endOp = (seg: Segment): number => seg.opsBefore + seg.ops - COUNT_EPSILON;

/**
 * The merged schedule of every worker: op i (0-based, over all workers) is due at the time the
 * cumulative target count N(t) = integral of the rate reaches i - t0 + i * period for a constant
 * rate. Times are always computed from t0, never accumulated, so they cannot drift.
 */
export class RateSchedule {
  private readonly segments: Segment[] = [];
  /** Ops the whole profile schedules. */
  readonly totalOps: number;
  /** Seconds the profile covers. */
  readonly totalS: number;
  /** Segment of the last lookup: lookups are mostly in increasing order. */
  private cursor = 0;

  constructor(steps: readonly RateStep[]) {
    let startS = 0;
    let opsBefore = 0;
    for (const step of steps) {
      const ops = ((step.fromOpsPerSec + step.toOpsPerSec) / 2) * step.durationS;
      this.segments.push({
        startS,
        durationS: step.durationS,
        fromOpsPerSec: step.fromOpsPerSec,
        slopePerS2: (step.toOpsPerSec - step.fromOpsPerSec) / step.durationS,
        opsBefore,
        ops,
      });
      startS += step.durationS;
      opsBefore += ops;
    }
    this.totalOps = opsBefore;
    this.totalS = startS;
  }

  /** N(t): ops scheduled (as a real number) from t0 up to `elapsedS`. */
  opsBy(elapsedS: number): number {
    if (elapsedS <= 0) return 0;
    const seg = this.segmentAtTime(elapsedS);
    if (seg === null) return this.totalOps;
    const tauS = Math.min(elapsedS - seg.startS, seg.durationS);
    return seg.opsBefore + seg.fromOpsPerSec * tauS + (seg.slopePerS2 * tauS * tauS) / 2;
  }

  /** Whole ops due strictly before `elapsedS` (op i is due before t exactly when i < N(t)). */
  opsDueBefore(elapsedS: number): number {
    return Math.max(0, Math.ceil(this.opsBy(elapsedS) - COUNT_EPSILON));
  }

  /** When op `index` is due, in seconds since t0; Infinity when the profile schedules no such op. */
  timeOfOpS(index: number): number {
    if (index >= this.totalOps - COUNT_EPSILON) return Infinity;
    const seg = this.segmentForOp(index);
    if (seg === null) return Infinity;
    const n = index - seg.opsBefore;
    if (n <= 0) return seg.startS;
    const a = seg.fromOpsPerSec;
    const k = seg.slopePerS2;
    // Root of a*tau + k*tau^2/2 = n, in the form that stays exact for k = 0 and stable for a = 0.
    const tauS = (2 * n) / (a + Math.sqrt(Math.max(0, a * a + 2 * k * n)));
    return seg.startS + Math.min(tauS, seg.durationS);
  }

  private segmentAtTime(elapsedS: number): Segment | null {
    return this.seek(elapsedS, startTimeS, endTimeS);
  }

  private segmentForOp(index: number): Segment | null {
    return this.seek(index, firstOp, endOp);
  }

  /**
   * The segment whose [from, to) holds `at`, walking from the cursor (calls come in rising order):
   * back while it starts after `at`, forward while it ends at or before it. Moves the cursor there.
   */
  private seek(
    at: number,
    from: (seg: Segment) => number,
    to: (seg: Segment) => number,
  ): Segment | null {
    const segs = this.segments;
    if (segs.length === 0) return null;
    let i = Math.min(this.cursor, segs.length - 1);
    while (i > 0 && from(segs[i] as Segment) > at) i--;
    while (i < segs.length && at >= to(segs[i] as Segment)) i++;
    if (i >= segs.length) return null;
    this.cursor = i;
    return segs[i] as Segment;
  }
}

/** Of the global ops 0..count-1, how many belong to share `share` of `shares` (op i goes to share i mod shares). */
export function shareOfOps(count: number, share: number, shares: number): number {
  return count > share ? Math.floor((count - share - 1) / shares) + 1 : 0;
}

/** Ops of share `share` due in [fromS, toS): what that worker's schedule calls for in the window. */
export function shareOpsInWindow(
  schedule: RateSchedule,
  fromS: number,
  toS: number,
  share: number,
  shares: number,
): number {
  return (
    shareOfOps(schedule.opsDueBefore(toS), share, shares) -
    shareOfOps(schedule.opsDueBefore(fromS), share, shares)
  );
}
