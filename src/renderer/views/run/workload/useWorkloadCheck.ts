// Live validation of a workload definition through `workloads/check`, debounced, newest answer wins.
import { useEffect, useState } from 'react';
import { ApiError } from '../../../../shared/errors.ts';
import type { WorkloadSpec } from '../../../../shared/workload.ts';
import { useApi } from '../../../api/useApi.ts';

/** Where the check of the current definition stands. */
export type WorkloadCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'valid'; spec: WorkloadSpec }
  | { state: 'invalid'; error: ApiError };

/** Checks `spec` `delayMs` after it last changed; `undefined` (nothing to check) is idle. */
export function useWorkloadCheck(spec: unknown, delayMs = 300): WorkloadCheck {
  const api = useApi();
  const key = spec === undefined ? null : JSON.stringify(spec);
  const [result, setResult] = useState<{ key: string | null; check: WorkloadCheck }>({
    key: null,
    check: { state: 'idle' },
  });

  useEffect(() => {
    if (key === null) return;
    let live = true;
    const timer = setTimeout(() => {
      api.call('workloads/check', { spec: JSON.parse(key) as unknown }).then(
        (checked) => {
          if (live) setResult({ key, check: { state: 'valid', spec: checked } });
        },
        (err: unknown) => {
          const error = err instanceof ApiError ? err : ApiError.fromBody(err);
          if (live) setResult({ key, check: { state: 'invalid', error } });
        },
      );
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, key, delayMs]);

  if (key === null) return { state: 'idle' };
  return result.key === key ? result.check : { state: 'checking' };
}
