// Flags a run that reached this machine's calibrated load-generation ceiling: the client, not the server, set its pace.
import type { RunSummary } from '../../shared/types.ts';

/** Share of the calibrated ceiling from which a run counts as client-bound: closer than this, the responder could go no faster either. */
export const NEAR_CEILING_SHARE = 0.9;

/** Adds the ceiling to the summary and flags it client-bound when the run got within NEAR_CEILING_SHARE of it. */
export function applyCeiling(
  summary: RunSummary,
  ceiling: { ceilingOpsPerSec: number; measuredAt: string },
): RunSummary {
  const share = summary.opsPerSec / ceiling.ceilingOpsPerSec;
  const ceilingText = `${Math.round(ceiling.ceilingOpsPerSec).toLocaleString('en-US')} ops/s (calibrated ${ceiling.measuredAt.slice(0, 10)})`;
  const percent = Math.round(share * 100);
  if (share < NEAR_CEILING_SHARE) {
    return {
      ...summary,
      clientCeilingOpsPerSec: ceiling.ceilingOpsPerSec,
      clientBoundEvidence: `${summary.clientBoundEvidence ?? ''}${summary.clientBoundEvidence ? ' ' : ''}The run reached ${percent}% of this machine's load-generation ceiling of ${ceilingText}.`,
    };
  }
  const evidence = `The run reached ${percent}% of this machine's load-generation ceiling of ${ceilingText} with the same settings: the client could not have gone faster.`;
  return {
    ...summary,
    clientCeilingOpsPerSec: ceiling.ceilingOpsPerSec,
    clientBound: true,
    clientBoundEvidence:
      summary.clientBound && summary.clientBoundEvidence
        ? `${summary.clientBoundEvidence} ${evidence}`
        : evidence,
  };
}
