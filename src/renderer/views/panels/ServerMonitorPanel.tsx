// A target's own monitor over a run: its ops/s each second beside the client's, and its connections,
// threads and memory at load start and end. Lab runs have their server's CPU and memory instead.
import { useMemo } from 'react';
import type { ServerMonitorReading } from '../../../shared/monitorTypes.ts';
import type { RunSample, RunSummary } from '../../../shared/types.ts';
import { ChartPanel } from '../../charts/ChartPanel.tsx';
import { countNonZero } from '../../charts/chartBase.ts';
import type { RunTimeline } from '../../charts/chartBase.ts';
import { monitorOption, monitorPoints } from '../../charts/monitorChartOptions.ts';
import { formatInt } from '../../format/numbers.ts';
import { PanelSection } from './PanelSection.tsx';

const count = (n: number | undefined, what: string): string | null =>
  n === undefined ? null : `${formatInt(n)} ${what}${n === 1 ? '' : 's'}`;

/** A reading's connections, threads and memory, in words. */
function readingText(reading: ServerMonitorReading | undefined): string {
  if (reading === undefined) return 'not read';
  const parts = [
    count(reading.connections, 'connection'),
    count(reading.threads, 'thread'),
    reading.memoryMb === undefined ? null : `${formatInt(reading.memoryMb)} MB in use`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? 'no connection or thread figures' : parts.join(' · ');
}

/** Shown for a target whose monitor the run read; nothing otherwise. */
export function ServerMonitorPanel({
  summary,
  samples,
  timeline,
  only,
}: {
  summary: RunSummary | null;
  samples: readonly RunSample[];
  timeline: RunTimeline;
  /** Runs on several servers: the one whose monitor was read (`samples` are its share). */
  only?: string | undefined;
}) {
  const server = useMemo(() => monitorPoints(samples), [samples]);
  const option = useMemo(
    () => (server ? monitorOption(samples, timeline, server) : null),
    [samples, timeline, server],
  );
  const monitor = summary?.serverMonitor;
  if (monitor?.before === undefined || !server || !option) return null;
  return (
    <PanelSection
      title="Server monitor"
      aside={`${monitor.server}'s cn=monitor${only ? ` at ${only}` : ''}, read each second with the run's bind`}
      testId="server-monitor"
    >
      <ChartPanel
        compact
        title={
          <>
            Ops/sec <span className="muted">the client's, and the server's own count (dashed)</span>
          </>
        }
        option={option}
        points={countNonZero(server)}
        testId="server-monitor-chart"
        label="Operations per second the client completed and the server counted"
      />
      <p className="muted small" data-testid="server-monitor-readings">
        At load start: {readingText(monitor.before)}. At the end: {readingText(monitor.after)}.
      </p>
    </PanelSection>
  );
}
