// ECharts option for a run against a replicated lab: each consumer's replication lag p99 per second.
import type { ReplicationLagSecond } from '../../shared/replicationTypes.ts';
import { formatInt } from '../format/numbers.ts';
import { baseOption, LEGEND, paletteLines, tooltip, valueAxis } from './chartBase.ts';
import type { NamedSeries, RunTimeline } from './chartBase.ts';
import type { ChartOption } from './echarts.ts';

/** The consumers of `seconds`, in the order they first appear. */
export function lagConsumers(seconds: readonly ReplicationLagSecond[]): string[] {
  return [...new Set(seconds.map((s) => s.consumer))];
}

/** Each consumer's p99 lag per second, plotted mid-second like the run's samples. */
export function lagSeries(seconds: readonly ReplicationLagSecond[]): NamedSeries[] {
  return lagConsumers(seconds).map((consumer) => ({
    name: consumer,
    points: seconds
      .filter((s) => s.consumer === consumer)
      .map((s): [number, number] => [s.second + 0.5, s.p99Ms]),
  }));
}

/** One line per consumer, phases shaded, milliseconds in the tooltip. */
export function lagOption(timeline: RunTimeline, series: readonly NamedSeries[]): ChartOption {
  return {
    ...baseOption(timeline, 30),
    legend: { ...LEGEND, type: 'scroll', show: series.length > 1 },
    yAxis: { ...valueAxis(false, 'ms'), min: 0 },
    tooltip: tooltip(timeline, (value) => `${formatInt(value)} ms`),
    series: paletteLines(timeline, series, false),
  };
}
