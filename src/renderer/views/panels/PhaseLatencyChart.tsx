// Per-op policy: each connection phase's latency per second (p50 or p99), never averaged over the run.
import { useMemo, useState } from 'react';
import { ChartPanel } from '../../charts/ChartPanel.tsx';
import { countSeriesNonZero } from '../../charts/chartBase.ts';
import type { SampleChartProps } from '../../charts/chartBase.ts';
import { phaseLatencyOption, phaseSeries } from '../../charts/telemetryChartOptions.ts';

/** A chart of connect / StartTLS / bind / op / unbind latency; nothing when no sample has phases. */
export function PhaseLatencyChart({ samples, timeline, testIdPrefix = '' }: SampleChartProps) {
  const [percentile, setPercentile] = useState<'p50' | 'p99'>('p99');
  const series = useMemo(() => phaseSeries(samples, percentile), [samples, percentile]);
  const option = useMemo(() => phaseLatencyOption(timeline, series), [timeline, series]);
  if (series.length === 0) return null;
  const toggle = (
    <div className="segmented segmented-sm" role="group" aria-label="Percentile">
      {(['p50', 'p99'] as const).map((p) => (
        <button
          key={p}
          type="button"
          className={p === percentile ? 'segment segment-on' : 'segment'}
          aria-pressed={p === percentile}
          onClick={() => setPercentile(p)}
        >
          {p}
        </button>
      ))}
    </div>
  );
  return (
    <ChartPanel
      compact
      title={
        <>
          Connection phases, {percentile} per second (ms){' '}
          <span className="muted">new connection per operation</span>
        </>
      }
      option={option}
      points={countSeriesNonZero(series)}
      testId={`${testIdPrefix}phase-latency-chart`}
      label={`${percentile} latency of each connection phase per second: ${series.map((s) => s.name).join(', ')}`}
      controls={toggle}
    />
  );
}
