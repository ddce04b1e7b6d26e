// A stored run on several servers: how its connections were spread (round-robin or failover) and
// each server's connections, ops, ops/sec, share, p99 and errors over the measured phase.
import type { RunDetail } from '../../../shared/types.ts';
import type { RunTimeline } from '../../charts/chartBase.ts';
import { ServersChart } from '../../charts/ServersChart.tsx';
import { Num } from '../../components/Num.tsx';
import { TableCard } from '../../components/TableCard.tsx';
import { formatInt, formatLatencyMs, formatOpsPerSec } from '../../format/numbers.ts';
import { PanelSection } from '../panels/PanelSection.tsx';
import { serverColumns } from './serverColumns.ts';
import { AgentName, AgentShare, ErrorCount } from '../run/AgentCells.tsx';

const MODE_TEXT = {
  'round-robin': 'connections spread round-robin',
  failover: 'all connections on the first server that answers (failover)',
};

/** One row per server of the run's set, and their throughput chart; nothing for a run on one server. */
export function ServersCard({ run, timeline }: { run: RunDetail; timeline: RunTimeline }) {
  const set = run.config.serverSet;
  const shares = run.summary?.servers ?? [];
  if (set === undefined || shares.length === 0) return null;
  const total = shares.reduce((n, s) => n + s.ops, 0);
  const names = new Map(set.servers.map((s) => [s.url, s.name]));
  return (
    <PanelSection title="Servers" aside={MODE_TEXT[set.mode]} testId="servers-panel">
      <TableCard
        label="Servers, measured phase"
        testId="servers-table"
        columns={serverColumns(true)}
      >
        {shares.map((share, i) => (
          <tr key={share.url} data-testid="server-row" data-url={share.url}>
            <td>
              <AgentName name={names.get(share.url) ?? share.url} index={i} />
              {/* Ad-hoc targets are named by their URL: it is said once. */}
              {names.get(share.url) !== share.url && (
                <div className="muted small mono">{share.url}</div>
              )}
            </td>
            <td className="num mono" data-testid="server-connections">
              {share.connections}
            </td>
            <td className="num">
              <Num value={formatInt(share.ops)} testId="server-ops" />
            </td>
            <td className="num">
              <Num value={formatOpsPerSec(share.opsPerSec)} testId="server-ops-per-sec" />
            </td>
            <td className="num">
              <AgentShare share={total > 0 ? share.ops / total : 0} index={i} />
            </td>
            <td className="num">
              <Num value={share.ops > 0 ? formatLatencyMs(share.p99Us) : null} />
            </td>
            <td className="num">
              <ErrorCount errors={share.errors} testId="server-errors" />
            </td>
          </tr>
        ))}
      </TableCard>
      <ServersChart samples={run.samples} timeline={timeline} set={set} />
    </PanelSection>
  );
}
