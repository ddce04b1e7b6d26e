// A stored run on load agents: each agent's workers, figures, share and clock, the broker and loss
// policy, the per-agent throughput chart, and the warning when the run went on without an agent.
import type { RunDetail } from '../../../shared/types.ts';
import { AgentsChart } from '../../charts/AgentsChart.tsx';
import type { RunTimeline } from '../../charts/chartBase.ts';
import { Icon } from '../../components/Icon.tsx';
import { Num } from '../../components/Num.tsx';
import { num, TableCard } from '../../components/TableCard.tsx';
import { formatInt } from '../../format/numbers.ts';
import { PanelSection } from '../panels/PanelSection.tsx';
import { AgentName, AgentRateCells, AgentStateBadge, ErrorCount } from '../run/AgentCells.tsx';
import { agentRows, partialWarning, signedMs } from './agentRows.ts';
import type { AgentRow } from './agentRows.ts';

const LOSS_POLICY = {
  fail: 'a lost agent fails the run',
  continue: 'the run goes on without a lost agent',
};

function StateCell({ row }: { row: AgentRow }) {
  if (!row.lost && row.lateSeconds === 0) return <span className="muted">in time</span>;
  return (
    <>
      {row.lost && (
        <span data-testid="agent-lost">
          <AgentStateBadge
            state="lost"
            title="Silent for 6 s; its figures are missing from then on"
          />
          {row.lostAtS !== null && <span className="muted"> from {row.lostAtS} s</span>}
        </span>
      )}
      {row.lost && row.lateSeconds > 0 && ' '}
      {row.lateSeconds > 0 && (
        <span data-testid="agent-late">
          <AgentStateBadge
            state="late"
            title="Measured seconds whose figures from this agent arrived more than 3 s late"
          />
          <span className="muted"> {row.lateSeconds} s</span>
        </span>
      )}
    </>
  );
}

/** The warning banner of a run marked partial; nothing for any other run. */
export function PartialRunBanner({ run }: { run: RunDetail }) {
  const warning = partialWarning(
    run.summary,
    agentRows(run.config, run.summary, run.samples),
    run.endReason,
  );
  if (warning === null) return null;
  return (
    <div className="banner banner-warning" role="status" data-testid="partial-run">
      <div className="banner-stack">
        <strong className="banner-title">
          <Icon name="alert" size={15} />
          {warning.title}
        </strong>
        {warning.detail && <span className="banner-detail">{warning.detail}</span>}
      </div>
    </div>
  );
}

/** One row per agent and the per-agent chart; nothing for a run on this machine. */
export function AgentsCard({ run, timeline }: { run: RunDetail; timeline: RunTimeline }) {
  const rows = agentRows(run.config, run.summary, run.samples);
  if (rows.length === 0) return null;
  const { broker, onAgentLoss } = run.config;
  return (
    <PanelSection
      title="Load agents"
      aside={
        <>
          {broker && (
            <>
              broker{' '}
              <span className="mono" data-testid="agents-broker">
                {broker}
              </span>{' '}
              ·{' '}
            </>
          )}
          <span data-testid="agents-loss-policy">{LOSS_POLICY[onAgentLoss ?? 'fail']}</span>
        </>
      }
      testId="agents-panel"
    >
      <TableCard
        label="Load agents, measured phase"
        testId="agents-table"
        columns={[
          'Agent',
          'Workers',
          num('Ops'),
          num('Ops/sec'),
          num('Share'),
          num('Errors'),
          num('Clock offset'),
          'State',
        ]}
      >
        {rows.map((row, i) => (
          <tr key={row.name} data-testid="agent-row" data-agent={row.name}>
            <td>
              <AgentName name={row.name} index={i} />
              {row.machine !== null && (
                <div className="muted small" data-testid="agent-machine">
                  {row.machine}
                </div>
              )}
            </td>
            <td className="mono" data-testid="agent-workers">
              {row.workers}
            </td>
            <td className="num">
              <Num value={row.ops === null ? null : formatInt(row.ops)} testId="agent-ops" />
            </td>
            <AgentRateCells opsPerSec={row.opsPerSec} share={row.share} index={i} />
            <td className="num">
              <ErrorCount errors={row.errors} testId="agent-errors" />
            </td>
            <td className="num mono" data-testid="agent-clock-offset">
              {signedMs(row.clockOffsetMs)}
            </td>
            <td>
              <StateCell row={row} />
            </td>
          </tr>
        ))}
      </TableCard>
      <AgentsChart samples={run.samples} timeline={timeline} />
    </PanelSection>
  );
}
