// The history screen's query: the filter (kept in the URL), the page of runs and the facets.
import { useCallback, useMemo, useState } from 'react';
import type { HistoryFilter } from '../../../shared/history.ts';
import { useQuery } from '../../api/useApi.ts';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { apiFilter, filterFromHash, hashOfFilter } from './historyFilter.ts';

/** Rows shown at first and added by "Show more". */
export const PAGE_ROWS = 200;
const REFRESH_ON = ['history/changed', 'run/started', 'run/ended'] as const;

/** The filtered runs shown (`shown`), whether more match, the facets and how to change either. */
export function useHistoryRuns() {
  const [filter, setFilterState] = useState<HistoryFilter>(() =>
    filterFromHash(window.location.hash),
  );
  const [limit, setLimit] = useState(PAGE_ROWS);
  const setFilter = useCallback((next: HistoryFilter) => {
    setFilterState(next);
    setLimit(PAGE_ROWS);
    // replaceState: filtering is not navigation, and it fires no hashchange for the router.
    window.history.replaceState(null, '', hashOfFilter(next));
  }, []);
  const key = JSON.stringify([filter, limit]);
  // One row past the page says whether there are more.
  const runs = useQuery(
    `history:${key}`,
    (client) => client.call('history/list', apiFilter(filter, limit + 1)),
    REFRESH_ON,
  );
  const facets = useQuery('history-facets', (client) => client.call('history/facets'), REFRESH_ON);
  useReadyMarker(runs.data !== undefined && facets.data !== undefined);
  const shown = useMemo(() => runs.data?.slice(0, limit) ?? [], [runs.data, limit]);
  const more = (runs.data?.length ?? 0) > limit;
  const showMore = () => setLimit((n) => n + PAGE_ROWS);
  return { filter, setFilter, limit, runs, facets, shown, more, showMore };
}
