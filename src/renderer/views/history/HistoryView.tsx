// History screen: every stored run, newest first; a row opens the run's detail.
import { useQuery } from '../../api/useApi.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { routeHref } from '../../hooks/useHashRoute.ts';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { HistoryTable } from './HistoryTable.tsx';

/** The history screen. */
export function HistoryView() {
  const runs = useQuery('history', (api) => api.call('history/list', {}), [
    'run/started',
    'run/ended',
  ]);
  useReadyMarker(runs.data !== undefined);
  return (
    <div className="page">
      <PageHeader
        title="History"
        subtitle="Every run is stored with its per-second samples, configuration and environment."
      />
      {runs.error && (
        <ErrorPanel
          title="Could not load the history"
          message={runs.error.message}
          onRetry={runs.reload}
        />
      )}
      {runs.loading && <LoadingBlock label="Loading runs" />}
      {runs.data?.length === 0 && (
        <EmptyState
          icon="history"
          title="No runs yet"
          action={
            <a className="btn btn-primary" href={routeHref({ name: 'run' })}>
              Start a run
            </a>
          }
        >
          Runs you start appear here as soon as they begin, with their throughput and latency once
          they end.
        </EmptyState>
      )}
      {runs.data && runs.data.length > 0 && <HistoryTable runs={runs.data} />}
    </div>
  );
}
