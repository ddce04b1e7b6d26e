// A stored run: outcome, summary figures, the two charts, errors, configuration and environment.
import type { RunDetail } from '../../../shared/types.ts';
import { useQuery } from '../../api/useApi.ts';
import { RunCharts } from '../../charts/RunCharts.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Icon } from '../../components/Icon.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDateTime } from '../../format/dates.ts';
import { routeHref } from '../../hooks/useHashRoute.ts';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { ConfigurationCard } from './ConfigurationCard.tsx';
import { EnvironmentCard } from './EnvironmentCard.tsx';
import { ErrorsByCodeTable } from './ErrorsByCodeTable.tsx';
import { SummaryCards } from './SummaryCards.tsx';

const PROBLEM_TITLES: Partial<Record<RunDetail['status'], string>> = {
  stopped: 'Stopped before its planned end:',
  failed: 'The run failed:',
  interrupted: 'The run was interrupted:',
};

const backLink = (
  <a className="btn btn-secondary" href={routeHref({ name: 'history' })}>
    <Icon name="arrowLeft" />
    History
  </a>
);

/** Loads `history/get` for `runId`; reloads when that run ends while the page is open. */
export function RunDetailView({ runId }: { runId: string }) {
  const run = useQuery(`run:${runId}`, (api) => api.call('history/get', { runId }), ['run/ended']);
  useReadyMarker(run.data !== undefined);
  if (run.error && !run.data) {
    return (
      <div className="page">
        <PageHeader title="Run" actions={backLink} />
        <ErrorPanel
          title="Could not load this run"
          message={run.error.message}
          onRetry={run.reload}
        />
      </div>
    );
  }
  if (!run.data) {
    return (
      <div className="page">
        <LoadingBlock label="Loading run" />
      </div>
    );
  }
  return <RunDetailBody run={run.data} />;
}

function RunDetailBody({ run }: { run: RunDetail }) {
  const { config, summary } = run;
  const inProgress = run.status === 'running' || run.status === 'preparing';
  const problem =
    run.status === 'failed' || run.status === 'interrupted' || run.status === 'stopped';
  return (
    <div className="page" data-testid="run-detail" data-run-id={run.id} data-status={run.status}>
      <PageHeader
        title={
          <>
            {config.targetName} <StatusBadge status={run.status} />
          </>
        }
        subtitle={
          <>
            {formatDateTime(run.startedAt)} · {config.workload} · {config.connections} connections ×{' '}
            {config.depth} outstanding · {config.warmupS} s warm-up + {config.durationS} s
          </>
        }
        actions={backLink}
      />
      {problem && (
        <div
          className={`banner banner-${run.status === 'stopped' ? 'warning' : 'danger'}`}
          role="status"
        >
          <div>
            <strong>{PROBLEM_TITLES[run.status]}</strong>
            <span className="banner-detail"> {run.endReason ?? 'No reason was recorded.'}</span>
          </div>
        </div>
      )}
      {inProgress && (
        <div className="banner banner-info" role="status">
          <strong>This run is still in progress; its summary is computed when it ends.</strong>
          <a className="btn btn-primary btn-sm" href={routeHref({ name: 'run' })}>
            Watch it live
            <Icon name="arrowRight" size={14} />
          </a>
        </div>
      )}
      {summary && <SummaryCards summary={summary} />}
      {!summary && !inProgress && (
        <EmptyState icon="alert" title="No measured seconds">
          The run ended before its measured phase, so there is no summary. The configuration and
          environment below say what was tried.
        </EmptyState>
      )}
      {run.samples.length > 0 && (
        <RunCharts
          samples={run.samples}
          timeline={{
            warmupS: config.warmupS,
            totalS: run.status === 'completed' ? config.warmupS + config.durationS : null,
          }}
        />
      )}
      {summary && Object.keys(summary.errorsByCode).length > 0 && (
        <ErrorsByCodeTable
          errorsByCode={summary.errorsByCode}
          totalOps={summary.ops + summary.errors}
        />
      )}
      <div className="two-col">
        <ConfigurationCard run={run} />
        <EnvironmentCard environment={run.environment} />
      </div>
    </div>
  );
}
