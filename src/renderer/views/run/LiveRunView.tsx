// The live run: phase and progress, headline figures, live charts, Stop, and the outcome at the end.
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { RunCharts } from '../../charts/RunCharts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useActiveRun } from './ActiveRunProvider.tsx';
import { LiveFigureCards } from './LiveFigureCards.tsx';
import { liveFigures } from './liveFigures.ts';
import { LiveRunActions } from './LiveRunActions.tsx';
import { RunOutcome } from './RunOutcome.tsx';
import { RunProgress } from './RunProgress.tsx';

/** Live view of the run in the active-run state (running or just ended). */
export function LiveRunView() {
  const { run, ending } = useActiveRun();
  useReadyMarker(run !== null);
  if (!run) return null;
  const figures = liveFigures(run);
  const status = ending?.status ?? (run.samples.length > 0 ? 'running' : run.status);
  const { config } = run;
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
            connections × {config.depth} outstanding · <span className="mono">{config.url}</span>
          </>
        }
        actions={<LiveRunActions runId={run.runId} ended={ending !== null} />}
      />
      {ending && <RunOutcome runId={run.runId} ending={ending} />}
      <RunProgress figures={figures} status={status} />
      <LiveFigureCards figures={figures} ended={ending !== null} />
      <RunCharts
        samples={run.samples}
        timeline={{ warmupS: config.warmupS, totalS: figures.totalS }}
        testIdPrefix="live-"
      />
    </div>
  );
}
