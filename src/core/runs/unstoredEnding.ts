// What DirBench says, and keeps, when the database refuses to store how a run ended.
import type { RunStatus } from '../../shared/types.ts';
import { databaseFailure } from '../store/databaseErrors.ts';
import type { RunEnding } from '../store/runEndNotes.ts';
import type { RunsRepo } from '../store/runsRepo.ts';

/** How a run ended, as its outcome says it (a completed run may have no reason). */
export interface RunOutcomeText {
  status: RunStatus;
  endReason: string | null;
}

/**
 * Notes the run's first cause beside the database (the reason it ended when it failed or was
 * stopped, else the database's refusal `err`) and returns the sentence for the user: what went
 * wrong, what to do, and what the next open of the database will store.
 */
export function unstoredEnding(
  runs: RunsRepo,
  runId: string,
  ending: RunOutcomeText,
  err: unknown,
): string {
  const failure = databaseFailure(err, `storing the end of run ${runId}`).message;
  const first: RunEnding =
    ending.status === 'completed' || ending.endReason === null
      ? { status: 'failed', endReason: failure }
      : { status: ending.status, endReason: ending.endReason };
  if (!runs.noteEnd(runId, first))
    return `${failure}. The run will show as interrupted, with the seconds stored before, when DirBench next opens the database.`;
  const why =
    first.endReason === failure ? 'this reason' : `the reason it ended: ${first.endReason}`;
  return `${failure}. When DirBench next opens the database, the run is stored as ${first.status} with ${why} (the seconds stored before are kept).`;
}
