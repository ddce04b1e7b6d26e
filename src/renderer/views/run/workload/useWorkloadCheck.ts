// Live validation of a workload definition through `workloads/check`, debounced, newest answer wins.
import type { ApiClient } from '../../../../shared/client.ts';
import type { ApiError } from '../../../../shared/errors.ts';
import type { WorkloadSpec } from '../../../../shared/workload.ts';
import { useLiveCheck } from '../../../hooks/useLiveCheck.ts';

/** Where the check of the current definition stands. */
export type WorkloadCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'valid'; spec: WorkloadSpec }
  | { state: 'invalid'; error: ApiError };

const checkWorkload = (api: ApiClient, spec: unknown) => api.call('workloads/check', { spec });

/** Checks `spec` `delayMs` after it last changed; `undefined` (nothing to check) is idle. */
export function useWorkloadCheck(spec: unknown, delayMs = 300): WorkloadCheck {
  const check = useLiveCheck(spec, checkWorkload, delayMs);
  return check.state === 'valid' ? { state: 'valid', spec: check.value } : check;
}
