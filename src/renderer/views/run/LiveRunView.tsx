// The live run: phase and progress, headline figures, live charts and panels, Stop, and the outcome.
import { useMemo } from 'react';
import { describeLoadModel, describePolicy } from '../../../shared/describe.ts';
import { useRunTimeline } from '../../charts/useRunTimeline.ts';
import { withConfigDefaults, workloadSpecOf } from '../../format/runConfig.ts';
import { Spinner } from '../../components/Loading.tsx';
import { OperationsPanel } from '../panels/OperationsPanel.tsx';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { RunCharts } from '../../charts/RunCharts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useActiveRun } from './ActiveRunProvider.tsx';
import { LiveAgents } from './LiveAgents.tsx';
import { LiveServers } from './LiveServers.tsx';
import { LiveReplicationLag } from './LiveReplicationLag.tsx';
import { LiveFigureCards } from './LiveFigureCards.tsx';
import { liveFigures } from './liveFigures.ts';
import { LiveRunActions } from './LiveRunActions.tsx';
import { RunOutcome } from './RunOutcome.tsx';
import type { RunEnding } from './activeRunState.ts';
import { RunProgress } from './RunProgress.tsx';
import { OpenModelCards } from '../panels/OpenModelCards.tsx';
import { RunExtraPanels } from '../panels/RunExtraPanels.tsx';
import { openModelFigures } from '../panels/runFigures.ts';
import type { ActiveRun } from '../../../shared/types.ts';

/** Live view of the run in the active-run state (running or just ended). */
export function LiveRunView() {
  const { run, ending, cleaning } = useActiveRun();
  useReadyMarker(run !== null);
  if (!run) return null;
  return <LiveRunBody run={run} ending={ending} cleaning={cleaning} />;
}

function LiveRunBody({
  run,
  ending,
  cleaning,
}: {
  run: ActiveRun;
  ending: RunEnding | null;
  cleaning: boolean;
}) {
  const config = useMemo(() => withConfigDefaults(run.config), [run.config]);
  const figures = liveFigures({ ...run, config });
  const timeline = useRunTimeline(config, figures.totalS);
  const open = openModelFigures(run.samples, null);
  const status = ending?.status ?? (run.samples.length > 0 ? 'running' : run.status);
  return (
    <div className="page" data-testid="live-run" data-run-id={run.runId} data-status={status}>
      <PageHeader
        title={
          <>
            {ending ? 'Run finished' : 'Live run'} <StatusBadge status={status} />
          </>
        }
        subtitle={
          <>
            <strong>{config.targetName}</strong> · {config.workload} · {config.connections}{' '}
            connections × {config.depth} outstanding ·{' '}
            {config.loadModel === 'closed' ? 'closed model' : describeLoadModel(config)} ·{' '}
            {describePolicy(config.connectionPolicy)} · <span className="mono">{config.url}</span>
          </>
        }
        actions={<LiveRunActions runId={run.runId} ended={ending !== null} />}
      />
      {ending && <RunOutcome runId={run.runId} ending={ending} />}
      {cleaning && !ending && (
        <div className="banner banner-info" role="status" data-testid="run-cleaning">
          <span className="banner-title">
            <Spinner />
            <strong>Removing the entries the run added…</strong>
          </span>
          <span className="banner-detail">Load is over; the results are final.</span>
        </div>
      )}
      <RunProgress figures={figures} status={status} cleaning={cleaning && !ending} />
      <LiveFigureCards figures={figures} ended={ending !== null} />
      {open && (
        <div className="stat-grid stat-grid-auto" aria-label="Open model">
          <OpenModelCards figures={open} />
        </div>
      )}
      <RunCharts samples={run.samples} config={config} timeline={timeline} testIdPrefix="live-" />
      <LiveAgents samples={run.samples} timeline={timeline} />
      <LiveServers samples={run.samples} timeline={timeline} set={config.serverSet} />
      <LiveReplicationLag samples={run.samples} timeline={timeline} />
      <OperationsPanel
        samples={run.samples}
        summary={null}
        spec={workloadSpecOf(config)}
        timeline={timeline}
        testIdPrefix="live-"
      />
      <RunExtraPanels
        samples={run.samples}
        summary={null}
        timeline={timeline}
        testIdPrefix="live-"
      />
    </div>
  );
}
