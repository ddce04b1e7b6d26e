// Hooks over the API context: the client, live events, and queries that refresh on events.
import { use, useEffect, useEffectEvent, useState } from 'react';
import type { ApiEventMessage, ApiEventName, ApiEvents } from '../../shared/api.ts';
import type { ApiClient } from '../../shared/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { ApiContext } from './ApiProvider.tsx';
import type { ApiContextValue } from './ApiProvider.tsx';

/** The whole API context; throws when used outside ApiProvider. */
export function useApiContext(): ApiContextValue {
  const value = use(ApiContext);
  if (!value) throw new Error('useApi must be used inside <ApiProvider>');
  return value;
}

/** The typed API client. */
export function useApi(): ApiClient {
  return useApiContext().client;
}

/** Calls `listener` for each live event of the given kind while the component is mounted. */
export function useApiEvent<E extends ApiEventName>(
  event: E,
  listener: (payload: ApiEvents[E]) => void,
): void {
  const { client } = useApiContext();
  const onEvent = useEffectEvent(listener);
  useEffect(() => client.on(event, (payload) => onEvent(payload)), [client, event]);
}

/** Calls `listener` for any of the named live events (for refreshing lists). */
export function useApiEvents(
  events: readonly ApiEventName[],
  listener: (message: ApiEventMessage) => void,
): void {
  const { transport } = useApiContext();
  const onEvent = useEffectEvent(listener);
  const names = events.join(',');
  useEffect(() => {
    const wanted = new Set(names.split(','));
    return transport.subscribe((message) => {
      if (wanted.has(message.event)) onEvent(message);
    });
  }, [transport, names]);
}

/** State of a query: `data` stays while a refresh runs, so lists do not flash. */
export interface QueryState<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` when `key` changes, when one of `refreshOn` events arrives and when the live link
 * comes back after a drop.
 */
export function useQuery<T>(
  key: string,
  load: (client: ApiClient) => Promise<T>,
  refreshOn: readonly ApiEventName[] = [],
): QueryState<T> {
  const { client, linkEpoch } = useApiContext();
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<{ key: string | null; data?: T; error?: ApiError }>({
    key: null,
  });
  const runLoad = useEffectEvent(() => load(client));
  useApiEvents(refreshOn, () => setTick((t) => t + 1));

  useEffect(() => {
    let live = true;
    runLoad().then(
      (data) => {
        if (live) setState({ key, data });
      },
      (err: unknown) => {
        const error = err instanceof ApiError ? err : ApiError.fromBody(err);
        if (live)
          setState((prev) => ({ key, data: prev.key === key ? prev.data : undefined, error }));
      },
    );
    return () => {
      live = false;
    };
  }, [key, tick, linkEpoch]);

  const current = state.key === key;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading: !current,
    reload: () => setTick((t) => t + 1),
  };
}
