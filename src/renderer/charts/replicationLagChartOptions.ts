// ECharts options for a run that watched replication: each consumer's lag p99 per second, over
// time and against the load's rate.
import type { ReplicationLagSecond } from '../../shared/replicationTypes.ts';
import type { RunSample } from '../../shared/types.ts';
import { formatInt } from '../format/numbers.ts';
import {
  baseOption,
  COLORS,
  LEGEND,
  midInterval,
  paletteLines,
  SERIES_COLORS,
  tooltip,
  valueAxis,
} from './chartBase.ts';
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

/**
 * Each consumer's p99 lag of a second against the load's ops/sec in that second: whether lag grows
 * with the write rate. Seconds without a stored sample are left out.
 */
export function lagVsRateSeries(
  seconds: readonly ReplicationLagSecond[],
  samples: readonly RunSample[],
): NamedSeries[] {
  const rate = new Map(
    samples.map((s) => [s.second, s.intervalMs > 0 ? (s.ops * 1000) / s.intervalMs : 0]),
  );
  return lagConsumers(seconds).map((consumer) => ({
    name: consumer,
    points: seconds
      .filter((s) => s.consumer === consumer && rate.has(s.second))
      .map((s): [number, number] => [Math.round(rate.get(s.second) ?? 0), s.p99Ms]),
  }));
}

/** Ops/sec across, lag p99 up, a dot per second and consumer in the palette's colours. */
export function lagVsRateOption(series: readonly NamedSeries[]): ChartOption {
  return {
    grid: {
      left: 8,
      right: 16,
      top: 30,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    legend: { ...LEGEND, type: 'scroll', show: series.length > 1 },
    xAxis: {
      ...valueAxis(false),
      min: 0,
      axisLabel: { color: COLORS.axis, formatter: '{value} ops/s' },
    },
    yAxis: { ...valueAxis(false, 'ms'), min: 0 },
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const [ops, lag] = Array.isArray(p) ? [] : ((p.value as number[] | undefined) ?? []);
        const name = Array.isArray(p) ? '' : p.seriesName;
        return `${name}<br/>${formatInt(ops ?? 0)} ops/s · lag p99 ${formatInt(lag ?? 0)} ms`;
      },
    },
    series: series.map((s, i) => ({
      type: 'scatter' as const,
      name: s.name,
      data: s.points,
      symbolSize: 7,
      itemStyle: { color: SERIES_COLORS[i % SERIES_COLORS.length] as string, opacity: 0.8 },
    })),
  };
}

/** Each consumer's lag as each live second ended (`replicationLagMs` of the samples). */
export function liveLagSeries(samples: readonly RunSample[]): NamedSeries[] {
  const consumers = [...new Set(samples.flatMap((s) => Object.keys(s.replicationLagMs ?? {})))];
  return consumers.map((consumer) => ({
    name: consumer,
    points: samples
      .filter((s) => s.replicationLagMs !== undefined)
      .map((s): [number, number | null] => [
        midInterval(s),
        s.replicationLagMs?.[consumer] ?? null,
      ]),
  }));
}
