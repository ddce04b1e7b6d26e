// The ops/sec-over-time chart of a run on several servers: one line per server.
import { useMemo } from 'react';
import type { RunServerSet } from '../../shared/serverSetTypes.ts';
import { ChartPanel } from './ChartPanel.tsx';
import { agentsOption } from './agentChartOptions.ts';
import { countSeriesNonZero, midInterval } from './chartBase.ts';
import type { NamedSeries, SampleChartProps } from './chartBase.ts';

/** Each server's ops/sec per second, named as the run's set names it. */
export function serverSeries(
  samples: SampleChartProps['samples'],
  set: RunServerSet,
): NamedSeries[] {
  return set.servers.map(({ name, url }) => ({
    name,
    points: samples.map((s) => {
      const ops = s.servers?.[url]?.ops ?? 0;
      return [midInterval(s), s.intervalMs > 0 ? (ops * 1000) / s.intervalMs : 0];
    }),
  }));
}

/** Each server's throughput per second, in the Servers table's colours. */
export function ServersChart(props: SampleChartProps & { set: RunServerSet }) {
  const { samples, timeline, set } = props;
  const series = useMemo(() => serverSeries(samples, set), [samples, set]);
  // The same palette lines as the agents chart: one colour per line, in the set's order.
  const option = useMemo(() => agentsOption(timeline, series), [timeline, series]);
  return (
    <ChartPanel
      compact
      title={
        <>
          Throughput per server <span className="muted">ops/sec</span>
        </>
      }
      option={option}
      points={countSeriesNonZero(series)}
      testId={`${props.testIdPrefix ?? ''}servers-chart`}
      label={`Operations per second of each server: ${series.map((s) => s.name).join(', ')}`}
    />
  );
}
