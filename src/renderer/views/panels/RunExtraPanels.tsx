// The panels below a run's main charts: per-op phases, connections, and the client and lab server.
import type { RunSummary } from '../../../shared/types.ts';
import type { SampleChartProps } from '../../charts/chartBase.ts';
import { ClientHeadroomNote } from './ClientBoundNote.tsx';
import { ClientServerCharts } from './ClientServerCharts.tsx';
import { ConnectionCards } from './ConnectionCards.tsx';
import { PanelSection } from './PanelSection.tsx';
import { PhaseLatencyChart } from './PhaseLatencyChart.tsx';
import { connectionFigures } from './runFigures.ts';

/** Each panel appears only when the run has its data (older runs show none of them). */
export function RunExtraPanels({
  samples,
  summary,
  timeline,
  testIdPrefix = '',
}: SampleChartProps & { summary: RunSummary | null }) {
  const connections = connectionFigures(samples, summary);
  const telemetry = samples.some((s) => s.workers?.length || s.server);
  const assessed = summary?.clientBound === false;
  const scope = summary ? 'measured phase' : 'since load started';
  return (
    <>
      <PhaseLatencyChart samples={samples} timeline={timeline} testIdPrefix={testIdPrefix} />
      {connections && (
        <PanelSection title="Connections" aside={`${scope}; traffic is the mean per second`}>
          <ConnectionCards figures={connections} scope={scope} />
        </PanelSection>
      )}
      {(telemetry || assessed) && (
        <PanelSection
          title="Client and server"
          aside="a client near its limit measures itself, not the server"
          testId={`${testIdPrefix}client-panel`}
        >
          <ClientHeadroomNote summary={summary} />
          <ClientServerCharts samples={samples} timeline={timeline} testIdPrefix={testIdPrefix} />
        </PanelSection>
      )}
    </>
  );
}
