// The stable timeline object the run charts share, from a run's config and its known length.
import { useMemo } from 'react';
import type { RunConfig } from '../../shared/types.ts';
import type { RunTimeline } from './chartBase.ts';

/** Warm-up, cool-down start and total seconds; `totalS` null lets the axis follow the data. */
export function useRunTimeline(config: RunConfig, totalS: number | null): RunTimeline {
  const { warmupS, durationS, cooldownS } = config;
  return useMemo(
    () => ({
      warmupS,
      cooldownFromS: cooldownS > 0 ? warmupS + durationS : null,
      totalS,
    }),
    [warmupS, durationS, cooldownS, totalS],
  );
}
