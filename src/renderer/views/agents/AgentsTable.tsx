// The agents a broker has heard from: who and where each is, whether it is idle, running or lost,
// how far its clock is from ours and how busy it is.
import type { AgentListing } from '../../../shared/agentTypes.ts';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { clockTone, CLOCK_FAIR_MS, CLOCK_GOOD_MS, lastSeenText } from './agentFacts.ts';

const STATE_TONE: Record<AgentListing['state'], string> = {
  idle: 'success',
  running: 'info',
  lost: 'danger',
};

function StateBadge({ state }: { state: AgentListing['state'] }) {
  return (
    <span
      className={`badge badge-${STATE_TONE[state]}`}
      data-testid="agent-state"
      data-state={state}
    >
      {state === 'running' && <span className="badge-dot" aria-hidden="true" />}
      {state}
    </span>
  );
}

function ClockOffset({ agent }: { agent: AgentListing }) {
  const tone = clockTone(agent);
  if (agent.clockOffsetMs === null || agent.clockUncertaintyMs === null) {
    return (
      <span className="muted" data-testid="agent-clock" data-tone={tone}>
        {agent.state === 'lost' ? 'not probed' : 'no answer'}
      </span>
    );
  }
  const sign = agent.clockOffsetMs < 0 ? '−' : '+';
  return (
    <span
      className={`clock-offset clock-${tone}`}
      data-testid="agent-clock"
      data-tone={tone}
      title={`Agent clock minus this machine's. Green: within ${CLOCK_GOOD_MS} ms counting the uncertainty; amber: within ${CLOCK_FAIR_MS} ms; red: further.`}
    >
      <span className="clock-dot" aria-hidden="true" />
      {sign}
      {Math.abs(agent.clockOffsetMs).toFixed(1)} ms{' '}
      <span className="clock-uncertainty">± {agent.clockUncertaintyMs.toFixed(1)}</span>
    </span>
  );
}

/** A percentage with a small bar; `fraction` is how full the bar is. */
function Usage({ text, fraction, label }: { text: string; fraction: number; label: string }) {
  return (
    <div className="usage" title={label}>
      <span className="usage-value">{text}</span>
      <ProgressBar fraction={fraction} label={label} />
    </div>
  );
}

const COLUMNS = [
  'Name',
  'Host',
  'Version',
  'State',
  'Last seen',
  'Clock offset',
  'CPU',
  'Event loop',
  'Cores',
] as const;

/** The agents table, one row per agent, sorted by name. */
export function AgentsTable({ agents }: { agents: readonly AgentListing[] }) {
  const sorted = [...agents].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className="card table-card">
      <table className="table agents-table" aria-label="Agents">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} className={column === 'Cores' ? 'num' : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((a) => {
            const lost = a.state === 'lost';
            return (
              <tr key={a.name} data-testid="agent-row" data-agent={a.name} data-state={a.state}>
                <td className="cell-title mono">{a.name}</td>
                <td>{a.host}</td>
                <td className="mono">{a.version}</td>
                <td>
                  <StateBadge state={a.state} />
                </td>
                <td className="muted" data-testid="agent-last-seen">
                  {lastSeenText(a.lastSeenMs)}
                </td>
                <td>
                  <ClockOffset agent={a} />
                </td>
                <td className={lost ? 'muted' : undefined}>
                  <Usage
                    text={`${Math.round(a.cpuPercent)} %`}
                    fraction={a.cpuPercent / (100 * Math.max(1, a.cores))}
                    label={`CPU ${Math.round(a.cpuPercent)} % of one core, ${a.cores} cores in all${lost ? ' (last heartbeat)' : ''}`}
                  />
                </td>
                <td className={lost ? 'muted' : undefined}>
                  <Usage
                    text={`${Math.round(a.eventLoopUtilization * 100)} %`}
                    fraction={a.eventLoopUtilization}
                    label={`Event loop busy ${Math.round(a.eventLoopUtilization * 100)} % of the time${lost ? ' (last heartbeat)' : ''}`}
                  />
                </td>
                <td className="num">{a.cores}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
