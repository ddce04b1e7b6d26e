// Live validation through a host check channel: debounced, and only the newest answer counts.
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../shared/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { useApi } from '../api/useApi.ts';

/** Where the check of the current input stands. */
export type LiveCheck<T> =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'valid'; value: T }
  | { state: 'invalid'; error: ApiError };

/** Checks `input` `delayMs` after it last changed; `undefined` (nothing to check) is idle. */
export function useLiveCheck<T>(
  input: unknown,
  check: (api: ApiClient, input: unknown) => Promise<T>,
  delayMs = 300,
): LiveCheck<T> {
  const api = useApi();
  const key = input === undefined ? null : JSON.stringify(input);
  const [result, setResult] = useState<{ key: string | null; check: LiveCheck<T> }>({
    key: null,
    check: { state: 'idle' },
  });

  useEffect(() => {
    if (key === null) return;
    let live = true;
    const timer = setTimeout(() => {
      check(api, JSON.parse(key) as unknown).then(
        (value) => {
          if (live) setResult({ key, check: { state: 'valid', value } });
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
    // `check` is a module-level function at every call site; the key carries the input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, key, delayMs]);

  if (key === null) return { state: 'idle' };
  return result.key === key ? result.check : { state: 'checking' };
}
