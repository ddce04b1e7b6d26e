// What the history screen shows instead of a table: no runs stored yet, or none matching the filters.
import { EmptyState } from '../../components/EmptyState.tsx';
import { RouteButton } from '../../components/RouteButton.tsx';

/** No run is stored: how runs get here, with a link to start one. */
export function NoRunsYet() {
  return (
    <EmptyState
      icon="history"
      title="No runs yet"
      action={<RouteButton to={{ name: 'run' }}>Start a run</RouteButton>}
    >
      Runs you start appear here as soon as they begin, with their throughput and latency once they
      end. Results of UnboundID or OpenDJ searchrate can be imported too.
    </EmptyState>
  );
}

/** Runs are stored but the filters match none. */
export function NoRunsMatch() {
  return (
    <EmptyState icon="history" title="No runs match these filters">
      Remove a filter chip above, or clear them all.
    </EmptyState>
  );
}
