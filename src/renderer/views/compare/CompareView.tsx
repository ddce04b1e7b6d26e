// Compare screen: runs picked in the history, side by side as charts and a table.
import { useQuery } from '../../api/useApi.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Icon } from '../../components/Icon.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { routeHref } from '../../hooks/useHashRoute.ts';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { ComparePanel } from './ComparePanel.tsx';

/** The compare screen for `runIds`. */
export function CompareView({ runIds }: { runIds: string[] }) {
  const runs = useQuery(`compare:${runIds.join(',')}`, (api) =>
    runIds.length === 0 ? Promise.resolve([]) : api.call('compare/runs', { runIds }),
  );
  useReadyMarker(runs.data !== undefined || runs.error !== undefined);
  return (
    <div className="page page-wide">
      <PageHeader
        title="Compare"
        subtitle={
          runIds.length === 0
            ? 'Pick runs in the history to compare them.'
            : `${runIds.length} runs: by size, by connections, over time, latency distribution or across servers.`
        }
        actions={
          <a className="btn btn-secondary" href={routeHref({ name: 'history' })}>
            <Icon name="arrowLeft" size={14} /> History
          </a>
        }
      />
      {runs.error && (
        <ErrorPanel
          title="Could not load the runs"
          message={runs.error.message}
          onRetry={runs.reload}
        />
      )}
      {runs.loading && <LoadingBlock label="Loading the runs" />}
      {runs.data?.length === 0 && (
        <EmptyState
          icon="chart"
          title="Nothing to compare yet"
          action={
            <a className="btn btn-primary" href={routeHref({ name: 'history' })}>
              Open the history
            </a>
          }
        >
          Tick two or more runs in the history and press Compare.
        </EmptyState>
      )}
      {runs.data && runs.data.length > 0 && (
        <ComparePanel runs={runs.data} selection={{ runIds }} />
      )}
    </div>
  );
}
