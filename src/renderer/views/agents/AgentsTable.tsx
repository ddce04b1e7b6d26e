// The agents of a broker, one row per name: who and where each is, whether it is idle, running,
// lost or not connected, how far its clock is from ours and how busy it is; with Start here / Stop
// for the agents this DirBench runs itself.
import type { AgentListing } from '../../../shared/agentTypes.ts';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { clockTone, CLOCK_FAIR_MS, CLOCK_GOOD_MS, lastSeenText } from './agentFacts.ts';
import type { AgentRow, AgentRowState } from './agentRows.ts';

const STATE_TONE: Record<AgentRowState, string> = {
  idle: 'success',
  running: 'info',
  lost: 'danger',
  starting: 'info',
  stopping: 'neutral',
  stopped: 'neutral',
  failed: 'danger',
  'not-connected': 'neutral',
};

const PULSING = new Set<AgentRowState>(['running', 'starting', 'stopping']);

function StateBadge({ row }: { row: AgentRow }) {
  const { state } = row;
  return (
    <span
      className={`badge badge-${STATE_TONE[state]}`}
      data-testid="agent-state"
      data-state={state}
    >
      {PULSING.has(state) && <span className="badge-dot" aria-hidden="true" />}
      {state === 'not-connected' ? 'not connected' : state}
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

/** The heartbeat columns of an agent heard from (its cores are under its host). */
function HeardCells({ agent, local }: { agent: AgentListing; local: boolean }) {
  const lost = agent.state === 'lost';
  const last = lost ? ' (last heartbeat)' : '';
  // An agent run inside DirBench reports DirBench's own process.
  const whose = local ? ' of the DirBench process it runs in' : '';
  return (
    <>
      <td className="muted" data-testid="agent-last-seen">
        {lastSeenText(agent.lastSeenMs)}
      </td>
      <td>
        <ClockOffset agent={agent} />
      </td>
      <td className={lost ? 'muted' : undefined}>
        <Usage
          text={`${Math.round(agent.cpuPercent)} %`}
          fraction={agent.cpuPercent / (100 * Math.max(1, agent.cores))}
          label={`CPU ${Math.round(agent.cpuPercent)} % of one core${whose}, ${agent.cores} cores in all${last}`}
        />
      </td>
      <td className={lost ? 'muted' : undefined}>
        <Usage
          text={`${Math.round(agent.eventLoopUtilization * 100)} %`}
          fraction={agent.eventLoopUtilization}
          label={`Event loop${whose} busy ${Math.round(agent.eventLoopUtilization * 100)} % of the time${last}`}
        />
      </td>
    </>
  );
}

/** Start here / Stop, as the row allows. */
function RowAction({
  row,
  busy,
  onStart,
  onStop,
}: {
  row: AgentRow;
  busy: boolean;
  onStart?: (name: string) => void;
  onStop?: (name: string) => void;
}) {
  const stopping = row.state === 'stopping';
  if (busy || stopping || row.local?.state === 'starting')
    return (
      <span className="muted small row-busy" role="status">
        <Spinner />
        {stopping || row.canStop ? 'Stopping…' : 'Starting…'}
      </span>
    );
  if (row.canStop && onStop)
    return (
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => onStop(row.name)}
        aria-label={`Stop agent ${row.name}`}
      >
        <Icon name="stop" size={13} />
        Stop
      </button>
    );
  if (row.canStart && onStart)
    return (
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => onStart(row.name)}
        aria-label={`Start agent ${row.name} here`}
        title="Runs this agent inside DirBench, with the credentials file the broker wrote for it"
      >
        <Icon name="play" size={13} />
        Start here
      </button>
    );
  return null;
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
] as const;

/** The agents table, one row per agent; `onStart`/`onStop` act on agents this DirBench runs. */
export function AgentsTable({
  rows,
  busy = null,
  onStart,
  onStop,
}: {
  rows: readonly AgentRow[];
  /** The name whose start or stop is on its way. */
  busy?: string | null;
  onStart?: (name: string) => void;
  onStop?: (name: string) => void;
}) {
  const actions = onStart !== undefined || onStop !== undefined;
  return (
    <div className="card table-card">
      <table className="table agents-table" aria-label="Agents">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column}>{column}</th>
            ))}
            {actions && (
              <th className="col-actions">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const { heard } = row;
            const here = row.local !== undefined && row.local.endedAt === null;
            return (
              <tr
                key={row.name}
                data-testid="agent-row"
                data-agent={row.name}
                data-state={row.state}
                className={heard === undefined && !here ? 'row-dim' : undefined}
              >
                <td className="cell-title mono">
                  {row.name}
                  {here && (
                    <span className="tag tag-lab" title="Runs inside this DirBench">
                      here
                    </span>
                  )}
                </td>
                <td>
                  {heard?.host ?? '—'}
                  {heard && (
                    <span className="cell-sub" data-testid="agent-cores">
                      {heard.cores} {heard.cores === 1 ? 'core' : 'cores'}
                    </span>
                  )}
                </td>
                <td className="mono">{heard?.version ?? '—'}</td>
                <td>
                  <StateBadge row={row} />
                  {row.heard === undefined && row.local?.reason && (
                    <span className="cell-sub truncate agent-reason" title={row.local.reason}>
                      {row.local.reason}
                    </span>
                  )}
                </td>
                {heard === undefined ? (
                  <td className="muted" colSpan={4}>
                    {row.state === 'not-connected'
                      ? 'No heartbeat yet'
                      : row.state === 'starting'
                        ? 'Connecting…'
                        : 'No heartbeat since it ended'}
                  </td>
                ) : (
                  <HeardCells agent={heard} local={here} />
                )}
                {actions && (
                  <td className="col-actions">
                    <div className="row-actions">
                      <RowAction
                        row={row}
                        busy={busy === row.name}
                        {...(onStart === undefined ? {} : { onStart })}
                        {...(onStop === undefined ? {} : { onStop })}
                      />
                    </div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
