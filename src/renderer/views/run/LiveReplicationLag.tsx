// The live view's part for a run that watches replication: each consumer's lag as the newest second
// ended (growing while a consumer receives nothing) and its lag over the run so far.
import { useMemo } from 'react';
import { ChartPanel } from '../../charts/ChartPanel.tsx';
import { countSeriesNonZero } from '../../charts/chartBase.ts';
import type { SampleChartProps } from '../../charts/chartBase.ts';
import { lagOption, liveLagSeries } from '../../charts/replicationLagChartOptions.ts';
import { Num } from '../../components/Num.tsx';
import { num, TableCard, withUnit } from '../../components/TableCard.tsx';
import { formatInt } from '../../format/numbers.ts';
import { PanelSection } from '../panels/PanelSection.tsx';
import { AgentName } from './AgentCells.tsx';

/** Lag table and chart while the run goes; nothing for a run that watches no replication. */
export function LiveReplicationLag({ samples, timeline }: SampleChartProps) {
  const series = useMemo(() => liveLagSeries(samples), [samples]);
  const option = useMemo(() => lagOption(timeline, series), [timeline, series]);
  const newest = samples.findLast((s) => s.replicationLagMs !== undefined);
  if (newest?.replicationLagMs === undefined) return null;
  const lags = newest.replicationLagMs;
  return (
    <PanelSection
      title="Replication lag"
      aside={`second ${newest.second}; a consumer that receives nothing grows`}
      testId="live-replication-lag-panel"
    >
      <TableCard
        label="Replication lag of each consumer, newest second"
        testId="live-replication-lag-table"
        columns={['Consumer', num(withUnit('Lag now', 'ms'))]}
      >
        {series.map(({ name }, i) => (
          <tr key={name} data-testid="live-replication-lag-row" data-url={name}>
            <td>
              <AgentName name={name} index={i} />
            </td>
            <td className="num">
              <Num value={formatInt(lags[name] ?? 0)} />
            </td>
          </tr>
        ))}
      </TableCard>
      <ChartPanel
        compact
        title={
          <>
            Replication lag <span className="muted">ms, as each second ended</span>
          </>
        }
        option={option}
        points={countSeriesNonZero(series)}
        testId="live-replication-lag-chart"
        label={`Replication lag of each consumer as each second ended: ${series.map((s) => s.name).join(', ')}`}
      />
    </PanelSection>
  );
}
