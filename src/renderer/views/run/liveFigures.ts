// Figures the live view derives from the samples received so far.
import type { ActiveRun, RunPhase, RunSample } from '../../../shared/types.ts';
import { sampleOpsPerSec } from '../../charts/runChartOptions.ts';

/** What the live header and cards show. */
export interface LiveFigures {
  phase: RunPhase | null;
  elapsedS: number;
  totalS: number;
  currentOpsPerSec: number | null;
  currentP99Us: number | null;
  /** Mean throughput over the measured seconds so far. */
  measuredOpsPerSec: number | null;
  errors: number;
}

/** Derives the live figures; `last` is the newest sample. */
export function liveFigures(run: ActiveRun): LiveFigures {
  const samples: readonly RunSample[] = run.samples;
  const last = samples.at(-1);
  const measured = samples.filter((s) => s.phase === 'measured');
  const measuredMs = measured.reduce((sum, s) => sum + s.intervalMs, 0);
  const measuredOps = measured.reduce((sum, s) => sum + s.ops, 0);
  return {
    phase: last?.phase ?? null,
    elapsedS: last ? last.second + last.intervalMs / 1000 : 0,
    totalS: run.config.warmupS + run.config.durationS + (run.config.cooldownS ?? 0),
    currentOpsPerSec: last ? sampleOpsPerSec(last) : null,
    currentP99Us: last ? last.latencyUs.p99 : null,
    measuredOpsPerSec: measuredMs > 0 ? (measuredOps * 1000) / measuredMs : null,
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  };
}
