// Connection churn and traffic: connections opened, unplanned reconnects, bytes per second.
import { StatCard } from '../../components/StatCard.tsx';
import { formatBytesPerSec, formatInt } from '../../format/numbers.ts';
import type { ConnectionFigures } from './runFigures.ts';

/** Cards for the reported connection figures; reconnects above zero are highlighted. */
export function ConnectionCards({ figures, scope }: { figures: ConnectionFigures; scope: string }) {
  const sent = figures.bytesSentPerSec === null ? null : formatBytesPerSec(figures.bytesSentPerSec);
  const received =
    figures.bytesReceivedPerSec === null ? null : formatBytesPerSec(figures.bytesReceivedPerSec);
  return (
    <div className="stat-grid stat-grid-4" data-testid="connection-figures">
      {figures.connectionsOpened !== null && (
        <StatCard
          label="Connections opened"
          value={formatInt(figures.connectionsOpened)}
          note={scope}
          testId="conn-opened"
        />
      )}
      {figures.reconnects !== null && (
        <StatCard
          label="Reconnects"
          value={formatInt(figures.reconnects)}
          note={figures.reconnects > 0 ? 'dropped outside the policy' : 'none outside the policy'}
          tone={figures.reconnects > 0 ? 'warning' : undefined}
          testId="conn-reconnects"
        />
      )}
      {sent && (
        <StatCard label="Sent" value={sent.value} unit={sent.unit} note="mean" testId="conn-sent" />
      )}
      {received && (
        <StatCard
          label="Received"
          value={received.value}
          unit={received.unit}
          note="mean"
          testId="conn-received"
        />
      )}
    </div>
  );
}
