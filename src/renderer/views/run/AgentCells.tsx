// Table cells the live agents table and the run detail's agents card share: the agent's name in its
// chart colour, its share of the ops as a bar, and its late or lost pill.
import { mixColor } from '../../components/MixBar.tsx';
import { Num } from '../../components/Num.tsx';
import { formatInt, formatOpsPerSec } from '../../format/numbers.ts';
import type { SampleAgent } from '../../../shared/agentTypes.ts';
import { agentBadge } from './liveAgents.ts';

/** The agent's name with the dot of its line in the per-agent chart (`index`: its place in the run). */
export function AgentName({ name, index }: { name: string; index: number }) {
  return (
    <span className="op-label">
      <span className="mix-dot" style={{ background: mixColor(index) }} aria-hidden="true" />
      {name}
    </span>
  );
}

/** `share` (0..1) as a bar in the agent's colour and a percent. */
export function AgentShare({ share, index }: { share: number; index: number }) {
  const percent = share * 100;
  return (
    <span className="share-cell">
      <span className="share-track" aria-hidden="true">
        <span
          className="share-fill"
          style={{ width: `${percent}%`, background: mixColor(index) }}
        />
      </span>
      <span data-testid="agent-share">
        {percent.toFixed(percent >= 10 || percent === 0 ? 0 : 1)}%
      </span>
    </span>
  );
}

/** An amber "late" or red "lost" pill; nothing for an agent that reported in time. */
export function AgentStateBadge({ state, title }: { state: SampleAgent['state']; title?: string }) {
  const badge = agentBadge(state);
  if (badge === null) return null;
  return (
    <span className={`badge badge-${badge.tone}`} data-testid="agent-badge" title={title}>
      {badge.label}
    </span>
  );
}

/** The ops/sec and share cells of an agent's row (a dash for an agent without figures). */
export function AgentRateCells({
  opsPerSec,
  share,
  index,
}: {
  opsPerSec: number | null;
  share: number;
  index: number;
}) {
  return (
    <>
      <td className="num">
        <Num
          value={opsPerSec === null ? null : formatOpsPerSec(opsPerSec)}
          testId="agent-ops-per-sec"
        />
      </td>
      <td className="num">
        <AgentShare share={share} index={index} />
      </td>
    </>
  );
}

/** An error count, red when there are any; a dash when unknown. */
export function ErrorCount({ errors, testId }: { errors: number | null; testId?: string }) {
  if (errors === null) return <Num value={null} />;
  return (
    <span className={errors > 0 ? 'errors-some' : 'muted'} data-testid={testId}>
      {formatInt(errors)}
    </span>
  );
}
