// The current cell's run, charted live inside the campaign screen (the same charts as the run screen).
import { useMemo } from 'react';
import type { ActiveRun } from '../../../shared/types.ts';
import { RunCharts } from '../../charts/RunCharts.tsx';
import { useRunTimeline } from '../../charts/useRunTimeline.ts';
import { withConfigDefaults } from '../../format/runConfig.ts';
import { useActiveRun } from '../run/ActiveRunProvider.tsx';
import { liveFigures } from '../run/liveFigures.ts';

/**
 * Live throughput and latency of `runId` while it is the run in progress, the throughput in its
 * server's colour in the campaign's charts; nothing otherwise.
 */
export function CampaignLiveCharts({
  runId,
  color,
}: {
  runId: string | null;
  color: string | null;
}) {
  const { run } = useActiveRun();
  if (run === null || runId === null || run.runId !== runId) return null;
  return <LiveCharts run={run} color={color} />;
}

function LiveCharts({ run, color }: { run: ActiveRun; color: string | null }) {
  const config = useMemo(() => withConfigDefaults(run.config), [run.config]);
  const timeline = useRunTimeline(config, liveFigures({ ...run, config }).totalS);
  return (
    <RunCharts
      samples={run.samples}
      config={config}
      timeline={timeline}
      testIdPrefix="campaign-"
      color={color ?? undefined}
    />
  );
}
