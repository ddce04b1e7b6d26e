// Compare screen: runs picked in the history, side by side as charts and a table.
import { CHART_KINDS, CHART_ROWS } from '../../../shared/charts/chartKinds.ts';
import { useQuery } from '../../api/useApi.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { RouteButton } from '../../components/RouteButton.tsx';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { ComparePanel } from './ComparePanel.tsx';

/** The chart kinds in words: "by size, by connections, ... or each cell". */
function chartChoicesText(): string {
  const labels = CHART_KINDS.map((kind) => CHART_ROWS[kind].label.toLowerCase());
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1) ?? ''}`;
}

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
            : `${runIds.length} runs: ${chartChoicesText()}.`
        }
        actions={
          <RouteButton to={{ name: 'history' }} variant="secondary">
            <Icon name="arrowLeft" size={14} /> History
          </RouteButton>
        }
      />
      <QueryView
        query={runs}
        errorTitle="Could not load the runs"
        loadingLabel="Loading the runs"
        empty={
          <EmptyState
            icon="chart"
            title="Nothing to compare yet"
            action={<RouteButton to={{ name: 'history' }}>Open the history</RouteButton>}
          >
            Tick two or more runs in the history and press Compare.
          </EmptyState>
        }
      >
        {(list) => <ComparePanel runs={list} selection={{ runIds }} />}
      </QueryView>
    </div>
  );
}
