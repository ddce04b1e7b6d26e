// Keeps the active run in sync for the whole app: `runs/active` at load and on reconnect, then live events.
import { createContext, use, useEffect, useEffectEvent, useReducer, useState } from 'react';
import type { ReactNode } from 'react';
import type { ActiveRun } from '../../../shared/types.ts';
import { useApiContext, useApiEvent } from '../../api/useApi.ts';
import { activeRunReducer, initialActiveRunState } from './activeRunState.ts';
import type { ActiveRunState } from './activeRunState.ts';

/** The live run state plus the actions views may take on it. */
export interface ActiveRunContextValue extends ActiveRunState {
  /** Re-reads `runs/active` (after `runs/start`, in case its event raced the answer). */
  refresh: () => void;
  /** Clears an ended run so the run screen shows the form again. */
  dismiss: () => void;
}

const ActiveRunContext = createContext<ActiveRunContextValue | null>(null);

/** The live run state; throws outside ActiveRunProvider. */
export function useActiveRun(): ActiveRunContextValue {
  const value = use(ActiveRunContext);
  if (!value) throw new Error('useActiveRun must be used inside <ActiveRunProvider>');
  return value;
}

/** Subscribes to run events first, then asks the host which run is in progress. */
export function ActiveRunProvider({ children }: { children: ReactNode }) {
  const { client, linkEpoch } = useApiContext();
  const [state, dispatch] = useReducer(activeRunReducer, initialActiveRunState);
  const [tick, setTick] = useState(0);

  useApiEvent('run/started', ({ active }) => dispatch({ type: 'started', run: active }));
  useApiEvent('run/sample', ({ runId, sample }) => dispatch({ type: 'sample', runId, sample }));
  useApiEvent('run/cleaning', ({ runId }) => dispatch({ type: 'cleaning', runId }));
  useApiEvent('run/ended', ({ runId, status, endReason }) =>
    dispatch({ type: 'ended', runId, ending: { status, endReason } }),
  );

  // Reads the state at answer time: a run we showed that is no longer active ended while the link was down.
  const onActive = useEffectEvent(async (run: ActiveRun | null) => {
    const shownRunId = state.ending ? null : (state.run?.runId ?? null);
    dispatch({ type: 'loaded', run });
    if (run !== null || shownRunId === null) return;
    const detail = await client.call('history/get', { runId: shownRunId });
    dispatch({
      type: 'ended',
      runId: shownRunId,
      ending: { status: detail.status, endReason: detail.endReason },
    });
  });

  useEffect(() => {
    let live = true;
    client.call('runs/active').then(
      (run) => {
        if (live) onActive(run).catch(() => undefined);
      },
      () => {
        if (live) dispatch({ type: 'loaded', run: null });
      },
    );
    return () => {
      live = false;
    };
  }, [client, linkEpoch, tick]);

  const value: ActiveRunContextValue = {
    ...state,
    refresh: () => setTick((t) => t + 1),
    dismiss: () => dispatch({ type: 'dismiss' }),
  };
  return <ActiveRunContext value={value}>{children}</ActiveRunContext>;
}
