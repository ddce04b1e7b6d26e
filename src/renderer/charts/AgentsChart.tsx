// The ops/sec-over-time chart of a run on load agents, live or stored: one line per agent.
import { useMemo } from 'react';
import { ChartPanel } from './ChartPanel.tsx';
import { agentSeries, agentsOption } from './agentChartOptions.ts';
import { countSeriesNonZero } from './chartBase.ts';
import type { SampleChartProps } from './chartBase.ts';

/** Each agent's throughput per second; nothing when no sample names agents (a run on this machine). */
export function AgentsChart({ samples, timeline, testIdPrefix = '' }: SampleChartProps) {
  const series = useMemo(() => agentSeries(samples), [samples]);
  const option = useMemo(() => agentsOption(timeline, series), [timeline, series]);
  if (series.length === 0) return null;
  return (
    <ChartPanel
      compact
      title={
        <>
          Throughput per agent <span className="muted">ops/sec · a gap is a lost agent</span>
        </>
      }
      option={option}
      points={countSeriesNonZero(series)}
      testId={`${testIdPrefix}agents-chart`}
      label={`Operations per second of each load agent: ${series.map((s) => s.name).join(', ')}`}
    />
  );
}
