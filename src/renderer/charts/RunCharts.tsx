// The two main charts of a run, live or stored: throughput (with the target rate) and latency.
import { useMemo, useState } from 'react';
import { ChartPanel } from './ChartPanel.tsx';
import {
  countNonZero,
  intendedPoints,
  latencyOption,
  latencyPoints,
  opsPoints,
  targetPoints,
  throughputOption,
} from './runChartOptions.ts';
import type { SampleChartProps } from './chartBase.ts';
import type { RunConfig } from '../../shared/types.ts';

/**
 * Throughput and latency charts; test ids are `<prefix>throughput-chart` and `<prefix>latency-chart`.
 * `color` draws the throughput in a server's colour (a campaign's cell, as its results chart it).
 */
export function RunCharts({
  samples,
  config,
  timeline,
  testIdPrefix = '',
  color,
}: SampleChartProps & { config: RunConfig; color?: string }) {
  const [logScale, setLogScale] = useState(false);
  const target = useMemo(() => targetPoints(samples, config), [samples, config]);
  const intended = useMemo(() => intendedPoints(samples, logScale), [samples, logScale]);
  const throughput = useMemo(
    () => throughputOption(samples, timeline, target, color),
    [samples, timeline, target, color],
  );
  const latency = useMemo(
    () => latencyOption(samples, timeline, logScale, intended),
    [samples, timeline, logScale, intended],
  );
  const opsCount = countNonZero(opsPoints(samples));
  const p99Count = countNonZero(latencyPoints(samples, 'p99', false));
  const targetCount = target ? countNonZero(target) : 0;
  const intendedCount = intended ? countNonZero(intended) : 0;
  const logToggle = (
    <label className="checkbox checkbox-sm">
      <input type="checkbox" checked={logScale} onChange={(e) => setLogScale(e.target.checked)} />
      Log scale
    </label>
  );
  return (
    <div className="chart-grid">
      <ChartPanel
        title={target ? 'Throughput vs target rate (ops/sec)' : 'Throughput (ops/sec)'}
        option={throughput}
        points={opsCount}
        counts={{ 'target-points': targetCount }}
        testId={`${testIdPrefix}throughput-chart`}
        label={`Operations per second, ${opsCount} seconds with completed operations${target ? ', with the target rate dashed' : ''}`}
      />
      <ChartPanel
        title={
          intended ? 'Latency (ms): from intended start and from send' : 'Latency p50 / p99 (ms)'
        }
        option={latency}
        points={p99Count}
        counts={{ 'intended-points': intendedCount }}
        testId={`${testIdPrefix}latency-chart`}
        label={`Latency p50 and p99 per second, ${p99Count} seconds with completed operations${intended ? ', and p99 from the intended start' : ''}`}
        controls={logToggle}
      />
    </div>
  );
}
