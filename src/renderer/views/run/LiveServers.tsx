// The live view's part for a run on several servers: each server's newest second (connections,
// ops/sec, share, p99, errors) and the per-server throughput chart; nothing for a run on one server.
import type { RunServerSet } from '../../../shared/serverSetTypes.ts';
import type { SampleChartProps } from '../../charts/chartBase.ts';
import { ServersChart } from '../../charts/ServersChart.tsx';
import { Num } from '../../components/Num.tsx';
import { TableCard } from '../../components/TableCard.tsx';
import { formatLatencyMs } from '../../format/numbers.ts';
import { serverColumns } from '../detail/serverColumns.ts';
import { PanelSection } from '../panels/PanelSection.tsx';
import { AgentName, AgentRateCells, ErrorCount } from './AgentCells.tsx';

/** Servers table and chart while a run on several servers is live. */
export function LiveServers({ samples, timeline, set }: SampleChartProps & { set?: RunServerSet }) {
  const newest = samples.findLast((s) => s.servers !== undefined);
  if (set === undefined || newest?.servers === undefined) return null;
  const { servers } = newest;
  const total = Object.values(servers).reduce((n, s) => n + s.ops, 0);
  const perSecond = (ops: number) => (newest.intervalMs > 0 ? (ops * 1000) / newest.intervalMs : 0);
  return (
    <PanelSection
      title="Servers"
      aside={`second ${newest.second}; each server's part of it (${set.mode})`}
      testId="live-servers-panel"
    >
      <TableCard
        label="Servers, newest second"
        testId="live-servers-table"
        columns={serverColumns(false)}
      >
        {set.servers.map(({ name, url }, i) => {
          const part = servers[url];
          return (
            <tr key={url} data-testid="live-server-row" data-url={url}>
              <td>
                <AgentName name={name} index={i} />
              </td>
              <td className="num mono">{part?.connections ?? 0}</td>
              <AgentRateCells
                opsPerSec={part ? perSecond(part.ops) : null}
                share={total > 0 && part ? part.ops / total : 0}
                index={i}
              />
              <td className="num">
                <Num value={part && part.ops > 0 ? formatLatencyMs(part.latencyUs.p99) : null} />
              </td>
              <td className="num">
                <ErrorCount errors={part?.errors ?? null} />
              </td>
            </tr>
          );
        })}
      </TableCard>
      <ServersChart samples={samples} timeline={timeline} set={set} testIdPrefix="live-" />
    </PanelSection>
  );
}
