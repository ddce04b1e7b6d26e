// What the start-lab form shows of its start: still running or not, and how it ended, from the id
// `lab/start` answered and the `lab/ended` events heard (pure, for the hook and its tests).
import type { LabEnded, LabInfo } from '../../../shared/labTypes.ts';

/** What the last start came to, shown under the form until the next one. */
export type LabStartOutcome =
  | { kind: 'started'; lab: LabInfo }
  | { kind: 'cancelled'; message: string }
  | { kind: 'failed'; message: string }
  /** `lab/start` itself said no (nothing started); `field` names the input at fault, if one is. */
  | { kind: 'refused'; message: string; field: string | undefined };

/** The form's own record of its start, before any `lab/ended` is looked up. */
export interface LabStartRecord {
  /** `lab/start` was sent and has not answered. */
  requesting: boolean;
  /** The lab `lab/start` answered with. */
  lab: LabInfo | null;
  /** A refusal of `lab/start`, or a cancel that failed, until the lab's end says more. */
  local: LabStartOutcome | null;
}

/** The record before the first start. */
export const IDLE_START: LabStartRecord = { requesting: false, lab: null, local: null };

/** The outcome a `lab/ended` stands for; a cancel is told from a failure by its code. */
export function outcomeOfEnd(end: LabEnded): LabStartOutcome {
  if (end.status === 'ready') return { kind: 'started', lab: end.lab };
  if (end.error.code === 'cancelled') return { kind: 'cancelled', message: end.error.message };
  return { kind: 'failed', message: end.error.message };
}

/**
 * Where the start stands: running until its lab's `lab/ended` is heard (which may come before the
 * answer, so `ends` holds every end heard), and the outcome to show.
 */
export function labStartStatus(
  record: LabStartRecord,
  ends: Readonly<Record<string, LabEnded>>,
): { running: boolean; outcome: LabStartOutcome | null } {
  const end = record.lab === null ? undefined : ends[record.lab.id];
  if (end !== undefined) return { running: false, outcome: outcomeOfEnd(end) };
  return { running: record.requesting || record.lab !== null, outcome: record.local };
}
