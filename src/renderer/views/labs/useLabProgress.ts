// The latest `lab/progress` event of each lab, for progress bars while labs load.
import { useState } from 'react';
import type { LabProgress } from '../../../shared/types.ts';
import { useApiEvent } from '../../api/useApi.ts';

/** Latest progress per lab id, collected while the component is mounted. */
export function useLabProgress(): Record<string, LabProgress> {
  const [byLab, setByLab] = useState<Record<string, LabProgress>>({});
  useApiEvent('lab/progress', (progress) =>
    setByLab((prev) => ({ ...prev, [progress.labId]: progress })),
  );
  return byLab;
}

/** Fraction done of a progress event (0 when the total is unknown). */
export function progressFraction(progress: LabProgress): number {
  if (progress.step === 'ready') return 1;
  return progress.total > 0 ? progress.done / progress.total : 0;
}
