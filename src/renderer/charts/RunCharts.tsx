// The two charts of a run, live or stored: throughput and latency per second.
import { useMemo, useState } from 'react';
import type { RunSample } from '../../shared/types.ts';
import { ChartPanel } from './ChartPanel.tsx';
import {
  countNonZero,
  latencyOption,
  latencyPoints,
  opsPoints,
  throughputOption,
} from './runChartOptions.ts';
import type { RunTimeline } from './runChartOptions.ts';

/** Throughput and latency charts; test ids are `<prefix>throughput-chart` and `<prefix>latency-chart`. */
export function RunCharts({
  samples,
  timeline,
  testIdPrefix = '',
}: {
  samples: readonly RunSample[];
  timeline: RunTimeline;
  testIdPrefix?: string;
}) {
  const [logScale, setLogScale] = useState(false);
  const { warmupS, totalS } = timeline;
  const throughput = useMemo(
    () => throughputOption(samples, { warmupS, totalS }),
    [samples, warmupS, totalS],
  );
  const latency = useMemo(
    () => latencyOption(samples, { warmupS, totalS }, logScale),
    [samples, warmupS, totalS, logScale],
  );
  const opsCount = countNonZero(opsPoints(samples));
  const p99Count = countNonZero(latencyPoints(samples, 'p99', false));
  const logToggle = (
    <label className="checkbox checkbox-sm">
      <input type="checkbox" checked={logScale} onChange={(e) => setLogScale(e.target.checked)} />
      Log scale
    </label>
  );
  return (
    <div className="chart-grid">
      <ChartPanel
        title="Throughput (ops/sec)"
        option={throughput}
        points={opsCount}
        testId={`${testIdPrefix}throughput-chart`}
        label={`Operations per second, ${opsCount} seconds with completed operations`}
      />
      <ChartPanel
        title="Latency p50 / p99 (ms)"
        option={latency}
        points={p99Count}
        testId={`${testIdPrefix}latency-chart`}
        label={`Latency p50 and p99 per second, ${p99Count} seconds with completed operations`}
        controls={logToggle}
      />
    </div>
  );
}
