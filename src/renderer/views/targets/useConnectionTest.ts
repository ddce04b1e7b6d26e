// State of one "Test connection" action: idle, testing, a result, or a call that itself failed.
import { useState } from 'react';
import type { ApiRequest } from '../../../shared/api.ts';
import { ApiError } from '../../../shared/errors.ts';
import type { ConnectionTestResult } from '../../../shared/targetTypes.ts';
import { useApi } from '../../api/useApi.ts';

/** What a connection test shows. */
export interface ConnectionTestState {
  testing: boolean;
  result: ConnectionTestResult | null;
  error: ApiError | null;
  run: (req: ApiRequest<'targets/test'>) => Promise<void>;
  clear: () => void;
}

/** Runs `targets/test`; `error` is set when the request was refused (e.g. an invalid form). */
export function useConnectionTest(): ConnectionTestState {
  const api = useApi();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const run = async (req: ApiRequest<'targets/test'>) => {
    setTesting(true);
    setResult(null);
    setError(null);
    try {
      setResult(await api.call('targets/test', req));
    } catch (err) {
      setError(err instanceof ApiError ? err : ApiError.fromBody(err));
    } finally {
      setTesting(false);
    }
  };
  const clear = () => {
    setResult(null);
    setError(null);
  };
  return { testing, result, error, run, clear };
}
