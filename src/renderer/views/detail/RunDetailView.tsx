// A stored run: outcome, summary figures, charts and panels, errors, configuration and environment.
import { useMemo } from 'react';
import type { RunDetail } from '../../../shared/types.ts';
import { useQuery } from '../../api/useApi.ts';
import { RunCharts } from '../../charts/RunCharts.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Icon } from '../../components/Icon.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RouteButton } from '../../components/RouteButton.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { ThresholdBadge } from '../../components/ThresholdBadge.tsx';
import { formatDateTime } from '../../format/dates.ts';
import { plannedTotalS, withConfigDefaults } from '../../format/runConfig.ts';
import { useRunTimeline } from '../../charts/useRunTimeline.ts';
import { ClientBoundBanner } from '../panels/ClientBoundNote.tsx';
import { OpenModelCards } from '../panels/OpenModelCards.tsx';
import { RunExtraPanels } from '../panels/RunExtraPanels.tsx';
import { RunShapeCards } from '../panels/RunShapeCards.tsx';
import { openModelFigures } from '../panels/runFigures.ts';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { AgentsCard, PartialRunBanner } from './AgentsCard.tsx';
import { ServersCard } from './ServersCard.tsx';
import { ReplicationLagCard } from './ReplicationLagCard.tsx';
import { ConfigurationCard } from './ConfigurationCard.tsx';
import { EnvironmentCard } from './EnvironmentCard.tsx';
import { ErrorsByCodeTable } from './ErrorsByCodeTable.tsx';
import { SummaryCards } from './SummaryCards.tsx';
import { ThresholdsCard } from './ThresholdsCard.tsx';
import { WorkloadCard } from './WorkloadCard.tsx';
import { OperationsPanel } from '../panels/OperationsPanel.tsx';
import { OwnEntriesNote } from '../panels/OwnEntriesNote.tsx';
import { ServerCrossCheck } from '../panels/ServerCrossCheck.tsx';
import { ServerMonitorPanel } from '../panels/ServerMonitorPanel.tsx';
import { samplesOfServer } from '../panels/serverScope.ts';
import { workloadSpecOf } from '../../format/runConfig.ts';
import { ImportedRunDetail } from '../history/ImportedRunDetail.tsx';
import { RunAnnotationCard } from '../history/RunAnnotationCard.tsx';

const PROBLEM_TITLES: Partial<Record<RunDetail['status'], string>> = {
  stopped: 'Stopped before its planned end:',
  failed: 'The run failed:',
  interrupted: 'The run was interrupted:',
};

const backLink = (
  <RouteButton to={{ name: 'history' }} variant="secondary">
    <Icon name="arrowLeft" />
    History
  </RouteButton>
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

/** Breached thresholds of a judged run; null when none were checked. */
function breachedCount(run: RunDetail): number | null {
  return run.thresholdResults ? run.thresholdResults.filter((r) => !r.passed).length : null;
}

function subtitleTiming(config: RunDetail['config']): string {
  const cooldown = config.cooldownS > 0 ? ` + ${config.cooldownS} s cool-down` : '';
  return `${config.warmupS} s warm-up + ${config.durationS} s${cooldown}`;
}

function RunDetailBody({ run }: { run: RunDetail }) {
  const { summary } = run;
  const config = useMemo(() => withConfigDefaults(run.config), [run.config]);
  // On several servers, the server's own counts are the first one's: the client's side is its share.
  const monitored = useMemo(
    () => samplesOfServer(run.samples, run.config.serverSet ? run.config.url : undefined),
    [run.samples, run.config],
  );
  const timeline = useRunTimeline(
    config,
    run.status === 'completed' ? plannedTotalS(config) : null,
  );
  const open = openModelFigures(run.samples, summary);
  const spec = workloadSpecOf(config);
  const inProgress = run.status === 'running' || run.status === 'preparing';
  const problem =
    run.status === 'failed' || run.status === 'interrupted' || run.status === 'stopped';
  // Imported runs have no histograms, telemetry or configuration to show: their own page says so.
  if (run.source !== undefined && run.source !== 'dirbench')
    return <ImportedRunDetail run={run} actions={backLink} />;
  return (
    <div className="page" data-testid="run-detail" data-run-id={run.id} data-status={run.status}>
      <PageHeader
        title={
          <>
            {config.targetName} <StatusBadge status={run.status} />
            <ThresholdBadge breached={breachedCount(run)} />
          </>
        }
        subtitle={
          <>
            {formatDateTime(run.startedAt)} · {config.workload} · {config.connections} connections ×{' '}
            {config.depth} outstanding · {subtitleTiming(config)}
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
          <RouteButton to={{ name: 'run' }} small>
            Watch it live
            <Icon name="arrowRight" size={14} />
          </RouteButton>
        </div>
      )}
      <PartialRunBanner run={run} />
      {summary && <ClientBoundBanner summary={summary} />}
      {summary && <SummaryCards summary={summary} cooldownS={config.cooldownS} />}
      <ThresholdsCard run={run} />
      <div className="stat-grid stat-grid-6" aria-label="Load generation">
        <RunShapeCards config={config} summary={summary} />
        {open && <OpenModelCards figures={open} />}
      </div>
      {!summary && !inProgress && (
        <EmptyState icon="alert" title="No measured seconds">
          The run ended before its measured phase, so there is no summary. The configuration and
          environment below say what was tried.
        </EmptyState>
      )}
      {run.samples.length > 0 && (
        <RunCharts samples={run.samples} config={config} timeline={timeline} />
      )}
      <AgentsCard run={run} timeline={timeline} />
      <ServersCard run={run} timeline={timeline} />
      <ReplicationLagCard run={run} timeline={timeline} />
      <OperationsPanel samples={run.samples} summary={summary} spec={spec} timeline={timeline} />
      <OwnEntriesNote summary={summary} />
      <RunExtraPanels samples={run.samples} summary={summary} timeline={timeline} />
      <ServerMonitorPanel
        summary={summary}
        samples={monitored}
        timeline={timeline}
        only={config.serverSet ? config.url : undefined}
      />
      <ServerCrossCheck summary={summary} samples={monitored} spec={spec} />
      {summary && Object.keys(summary.errorsByCode).length > 0 && (
        <ErrorsByCodeTable
          errorsByCode={summary.errorsByCode}
          totalOps={summary.ops + summary.errors}
        />
      )}
      <RunAnnotationCard run={run} />
      {spec && <WorkloadCard spec={spec} />}
      <div className="two-col">
        <ConfigurationCard run={{ ...run, config }} />
        <EnvironmentCard environment={run.environment} />
      </div>
    </div>
  );
}
