// Per-op policy: each connection phase's latency per second (p50 or p99), never averaged over the run.
import { useMemo, useState } from 'react';
import type { RunSample } from '../../../shared/types.ts';
import { ChartPanel } from '../../charts/ChartPanel.tsx';
import { countNonZero } from '../../charts/chartBase.ts';
import type { RunTimeline } from '../../charts/chartBase.ts';
import { phaseLatencyOption, phaseSeries } from '../../charts/telemetryChartOptions.ts';

/** A chart of connect / StartTLS / bind / op / unbind latency; nothing when no sample has phases. */
export function PhaseLatencyChart({
  samples,
  timeline,
  testIdPrefix = '',
}: {
  samples: readonly RunSample[];
  timeline: RunTimeline;
  testIdPrefix?: string;
}) {
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
      points={countNonZero(series.flatMap((s) => s.points))}
      testId={`${testIdPrefix}phase-latency-chart`}
      label={`${percentile} latency of each connection phase per second: ${series.map((s) => s.name).join(', ')}`}
      controls={toggle}
    />
  );
}
