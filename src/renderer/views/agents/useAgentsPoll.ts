// The agents a broker has heard from, asked again every 2 s while the page is visible (agents
// heartbeat every 2 s), one question at a time so a slow broker does not pile them up.
import { useEffect, useState } from 'react';
import type { AgentListing } from '../../../shared/agentTypes.ts';
import type { ApiRequest } from '../../../shared/api.ts';
import { ApiError } from '../../../shared/errors.ts';
import { useApi } from '../../api/useApi.ts';

/** How often the agents are asked for again while the page is visible. */
export const AGENTS_REFRESH_MS = 2_000;

/** Which broker to ask: an id of this data folder, or a URL with the coordinator's files. */
export type BrokerRef = ApiRequest<'agents/list'>;

/** The last answer (kept while the next is on its way) or the last failure, for one broker. */
export interface AgentsPoll {
  agents: AgentListing[] | undefined;
  error: ApiError | undefined;
  /** True until the first answer for this broker came. */
  loading: boolean;
}

/** Polls `agents/list` for `ref` while mounted and visible; null asks nothing. */
export function useAgentsPoll(ref: BrokerRef | null): AgentsPoll {
  const api = useApi();
  const key = ref === null ? '' : JSON.stringify(ref);
  const [state, setState] = useState<{ key: string; agents?: AgentListing[]; error?: ApiError }>({
    key: '',
  });
  useEffect(() => {
    if (key === '') return undefined;
    const request = JSON.parse(key) as BrokerRef;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    const ask = async (): Promise<void> => {
      if (!live || asking) return;
      asking = true;
      clearTimeout(timer);
      try {
        const agents = await api.call('agents/list', request);
        if (live) setState({ key, agents });
      } catch (err) {
        const error = err instanceof ApiError ? err : ApiError.fromBody(err);
        if (live) setState({ key, error });
      } finally {
        asking = false;
      }
      // A hidden page stops asking; becoming visible asks at once.
      if (live && document.visibilityState === 'visible')
        timer = setTimeout(() => void ask(), AGENTS_REFRESH_MS);
    };
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') void ask();
    };
    document.addEventListener('visibilitychange', onVisible);
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [api, key]);
  const current = state.key === key && key !== '';
  return {
    agents: current ? state.agents : undefined,
    error: current ? state.error : undefined,
    loading: key !== '' && !current,
  };
}
