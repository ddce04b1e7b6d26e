// Each lab's `lab/progress` events, kept per step, for the step list and progress bars while labs load.
import type { LabLoadMethod, LabProgress } from '../../../shared/labTypes.ts';

/** A step that does work (not the terminal ready/failed). */
export type LabWorkStep = 'generate' | 'load' | 'start' | 'verify';

/** What is known of one lab's start so far. */
export interface LabProgressState {
  labId: string;
  /** The newest event, whatever its step. */
  latest: LabProgress;
  /** The newest event of each working step seen. */
  steps: Partial<Record<LabWorkStep, LabProgress>>;
  /** The newest working step (where a failure happened). */
  lastStep: LabWorkStep | null;
}

/** Progress per lab id. */
export type LabProgressMap = Record<string, LabProgressState>;

const WORK_STEPS = new Set<LabProgress['step']>(['generate', 'load', 'start', 'verify']);

/** Adds one event to the map (pure, for the hook and for tests). */
export function addLabProgress(map: LabProgressMap, progress: LabProgress): LabProgressMap {
  const prev = map[progress.labId];
  const work = WORK_STEPS.has(progress.step) ? (progress.step as LabWorkStep) : null;
  const next: LabProgressState = {
    labId: progress.labId,
    latest: progress,
    steps: work === null ? (prev?.steps ?? {}) : { ...prev?.steps, [work]: progress },
    lastStep: work ?? prev?.lastStep ?? null,
  };
  return { ...map, [progress.labId]: next };
}

/** Fraction done of a progress event (0 when the total is unknown). */
export function progressFraction(progress: LabProgress): number {
  if (progress.step === 'ready') return 1;
  return progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
}

/** The working steps in the order a lab goes through them: a protocol load starts the server first. */
export function stepOrder(load: LabLoadMethod): LabWorkStep[] {
  return load === 'protocol'
    ? ['generate', 'start', 'load', 'verify']
    : ['generate', 'load', 'start', 'verify'];
}

/** Where each step stands. */
export type StepStatus = 'done' | 'active' | 'pending' | 'failed';

/** Status of every step of `state`, in `order`. */
export function stepStatuses(
  state: LabProgressState,
  order: readonly LabWorkStep[],
): Record<LabWorkStep, StepStatus> {
  const result = {
    generate: 'pending',
    load: 'pending',
    start: 'pending',
    verify: 'pending',
  } as Record<LabWorkStep, StepStatus>;
  const terminal = state.latest.step;
  const current = state.lastStep === null ? -1 : order.indexOf(state.lastStep);
  order.forEach((step, i) => {
    if (terminal === 'ready') result[step] = 'done';
    else if (i < current) result[step] = 'done';
    else if (i === current) result[step] = terminal === 'failed' ? 'failed' : 'active';
  });
  return result;
}
