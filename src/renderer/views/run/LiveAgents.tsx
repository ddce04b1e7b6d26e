// The live view's part for a run on load agents: each agent's newest second (ops/sec, share,
// errors, late or lost) and the per-agent throughput chart; nothing for a run on this machine.
import { useMemo } from 'react';
import { AgentsChart } from '../../charts/AgentsChart.tsx';
import type { SampleChartProps } from '../../charts/chartBase.ts';
import { Icon } from '../../components/Icon.tsx';
import { num, TableCard } from '../../components/TableCard.tsx';
import { PanelSection } from '../panels/PanelSection.tsx';
import { AgentName, AgentRateCells, AgentStateBadge, ErrorCount } from './AgentCells.tsx';
import { liveAgents } from './liveAgents.ts';

const STATE_TITLES = {
  late: 'Its figures for this second arrived more than 3 s after the second ended',
  lost: 'Silent for 6 s: this second lacks its figures and the run goes on without it',
};

/** Agents table and chart while a run on agents is live. */
export function LiveAgents({ samples, timeline, testIdPrefix = 'live-' }: SampleChartProps) {
  const live = useMemo(() => liveAgents(samples), [samples]);
  if (live === null) return null;
  return (
    <PanelSection
      title="Load agents"
      aside={`second ${live.second}; each agent's part of it`}
      testId={`${testIdPrefix}agents-panel`}
    >
      {live.reporting && (
        <div className="banner banner-danger" role="status" data-testid="agents-reporting">
          <span className="banner-title">
            <Icon name="alert" size={14} />
            <strong>{live.reporting}</strong>
          </span>
          <span className="banner-detail">
            A lost agent's load is missing from the figures from the second it went silent.
          </span>
        </div>
      )}
      <TableCard
        label="Load agents, newest second"
        testId={`${testIdPrefix}agents-table`}
        columns={[
          'Agent',
          num('Ops/sec'),
          num('Share'),
          num('Errors'),
          num('Errors so far'),
          'State',
        ]}
      >
        {live.rows.map((row, i) => (
          <tr key={row.name} data-testid="agent-row" data-agent={row.name} data-state={row.state}>
            <td>
              <AgentName name={row.name} index={i} />
            </td>
            <AgentRateCells opsPerSec={row.opsPerSec} share={row.share} index={i} />
            <td className="num">
              <ErrorCount errors={row.errors} />
            </td>
            <td className="num">
              <ErrorCount errors={row.errorsSoFar} />
            </td>
            <td>
              {row.state === 'reported' ? (
                <span className="muted">reporting</span>
              ) : (
                <AgentStateBadge state={row.state} title={STATE_TITLES[row.state]} />
              )}
            </td>
          </tr>
        ))}
      </TableCard>
      <AgentsChart samples={samples} timeline={timeline} testIdPrefix={testIdPrefix} />
    </PanelSection>
  );
}
