// ECharts option of a target's own monitor over a run: the ops/s its counters show each second,
// drawn over the client's throughput chart.
import type { RunSample } from '../../shared/types.ts';
import { COLORS, LEGEND, lineSeries, midInterval } from './chartBase.ts';
import type { ChartPoint, RunTimeline } from './chartBase.ts';
import type { ChartOption } from './echarts.ts';
import { throughputOption } from './runChartOptions.ts';

/**
 * Per-second ops/s of the server's own counters, each drawn at the second it counts (the one before
 * the second it is stored with); null when no second carries a monitor reading.
 */
export function monitorPoints(samples: readonly RunSample[]): ChartPoint[] | null {
  if (!samples.some((s) => s.serverMonitor)) return null;
  return samples.map((s) => [midInterval(s) - 1, s.serverMonitor?.opsPerSec ?? null]);
}

/** The client's throughput chart with the server's count of the same seconds beside it, dashed. */
export function monitorOption(
  samples: readonly RunSample[],
  timeline: RunTimeline,
  server: ChartPoint[],
): ChartOption {
  const client = throughputOption(samples, timeline);
  const [achieved] = Array.isArray(client.series) ? client.series : [client.series];
  return {
    ...client,
    legend: LEGEND,
    series: [
      { ...achieved, name: 'client' },
      lineSeries('server (cn=monitor)', COLORS.target, server, { dashed: true, width: 1.5 }),
    ],
  };
}
