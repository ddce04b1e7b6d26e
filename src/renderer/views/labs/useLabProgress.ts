// Collects `lab/progress` events while the labs screen is mounted.
import { useState } from 'react';
import { useApiEvent } from '../../api/useApi.ts';
import { addLabProgress } from './labProgress.ts';
import type { LabProgressMap } from './labProgress.ts';

/** Progress per lab id, collected while the component is mounted. */
export function useLabProgress(): LabProgressMap {
  const [byLab, setByLab] = useState<LabProgressMap>({});
  useApiEvent('lab/progress', (progress) => setByLab((prev) => addLabProgress(prev, progress)));
  return byLab;
}
