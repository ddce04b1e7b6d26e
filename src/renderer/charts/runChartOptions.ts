// ECharts options for a run's two charts (throughput and latency), live or from stored samples.
import type { RunSample } from '../../shared/types.ts';
import { formatLatencyMs, formatOpsPerSec } from '../format/numbers.ts';
import type { ChartOption } from './echarts.ts';

/** Where a run's seconds sit: the warm-up span and, when known, the planned total length. */
export interface RunTimeline {
  warmupS: number;
  totalS: number | null;
}

/** One chart point: [seconds since load started, value]. */
export type ChartPoint = [number, number | null];

const COLORS = { ops: '#2563eb', p50: '#0d9488', p99: '#ea580c', axis: '#94a3b8', grid: '#eef1f5' };

/** Operations per second of a sample, scaled when the interval was shorter than a second. */
export function sampleOpsPerSec(sample: RunSample): number {
  return sample.intervalMs > 0 ? (sample.ops * 1000) / sample.intervalMs : 0;
}

/** Each second is plotted at the middle of its interval, so warm-up points sit inside the shading. */
function midInterval(sample: RunSample): number {
  return sample.second + sample.intervalMs / 2000;
}

/** Throughput points, one per second. */
export function opsPoints(samples: readonly RunSample[]): ChartPoint[] {
  return samples.map((s) => [midInterval(s), sampleOpsPerSec(s)]);
}

/** Latency points in milliseconds for one percentile; nulls on a log axis where nothing completed. */
export function latencyPoints(
  samples: readonly RunSample[],
  percentile: 'p50' | 'p99',
  logScale: boolean,
): ChartPoint[] {
  return samples.map((s) => {
    const ms = s.latencyUs[percentile] / 1000;
    return [midInterval(s), logScale && ms <= 0 ? null : ms];
  });
}

/** Number of points with a non-zero value (the charts' `data-points` test attribute). */
export function countNonZero(points: readonly ChartPoint[]): number {
  return points.filter(([, value]) => value !== null && value > 0).length;
}

function warmupArea(timeline: RunTimeline) {
  if (timeline.warmupS <= 0) return undefined;
  return {
    silent: true,
    itemStyle: { color: 'rgba(100, 116, 139, 0.10)' },
    label: { show: true, position: 'insideTopLeft' as const, color: '#64748b', fontSize: 11 },
    data: [[{ name: 'warm-up', xAxis: 0 }, { xAxis: timeline.warmupS }]] as [
      { name: string; xAxis: number },
      { xAxis: number },
    ][],
  };
}

/** Axis tooltip: "second 3-4 s (warm-up)" then one line per series with its formatted value. */
function tooltip(timeline: RunTimeline, format: (value: number) => string): ChartOption['tooltip'] {
  return {
    trigger: 'axis',
    formatter: (params) => {
      const list = Array.isArray(params) ? params : [params];
      const point = list[0]?.value;
      const x = Array.isArray(point) ? Number(point[0]) : 0;
      const start = Math.floor(x);
      const phase = start < timeline.warmupS ? ' · warm-up' : '';
      const lines = list.map((p) => {
        const value = Array.isArray(p.value) ? p.value[1] : null;
        const text = value === null || value === undefined ? '—' : format(Number(value));
        return `${String(p.marker)} ${p.seriesName ?? ''} <b style="float:right;margin-left:16px">${text}</b>`;
      });
      return [`<span style="color:#64748b">${start}–${start + 1} s${phase}</span>`, ...lines].join(
        '<br/>',
      );
    },
  };
}

function baseOption(timeline: RunTimeline): ChartOption {
  return {
    grid: {
      left: 8,
      right: 16,
      top: 32,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    xAxis: {
      type: 'value',
      min: 0,
      max: timeline.totalS ?? 'dataMax',
      minInterval: 1,
      axisLabel: { color: COLORS.axis, formatter: '{value} s', hideOverlap: true },
      axisLine: { lineStyle: { color: '#cbd5e1' } },
      splitLine: { show: false },
    },
    tooltip: { trigger: 'axis', axisPointer: { type: 'line' } },
  };
}

function valueAxis(logScale: boolean): ChartOption['yAxis'] {
  return {
    type: logScale ? 'log' : 'value',
    axisLabel: { color: COLORS.axis },
    splitLine: { lineStyle: { color: COLORS.grid } },
  };
}

/** Throughput chart: ops/sec per second with the warm-up shaded. */
export function throughputOption(
  samples: readonly RunSample[],
  timeline: RunTimeline,
): ChartOption {
  return {
    ...baseOption(timeline),
    yAxis: valueAxis(false),
    tooltip: tooltip(timeline, (value) => `${formatOpsPerSec(value)} ops/sec`),
    series: [
      {
        type: 'line',
        name: 'ops/sec',
        data: opsPoints(samples),
        // A lone point has no line to draw; show it as a dot until the second sample arrives.
        showSymbol: samples.length < 2,
        lineStyle: { width: 2, color: COLORS.ops },
        itemStyle: { color: COLORS.ops },
        areaStyle: { color: 'rgba(37, 99, 235, 0.08)' },
        markArea: warmupArea(timeline),
      },
    ],
  };
}

/** Latency chart: p50 and p99 in ms per second, optionally on a log axis. */
export function latencyOption(
  samples: readonly RunSample[],
  timeline: RunTimeline,
  logScale: boolean,
): ChartOption {
  const line = (name: string, color: string, data: ChartPoint[]) => ({
    type: 'line' as const,
    name,
    data,
    showSymbol: data.length < 2,
    connectNulls: false,
    lineStyle: { width: 2, color },
    itemStyle: { color },
  });
  return {
    ...baseOption(timeline),
    legend: { top: 0, right: 8, itemWidth: 14, itemHeight: 8, textStyle: { color: '#475569' } },
    yAxis: valueAxis(logScale),
    tooltip: tooltip(timeline, (value) => `${formatLatencyMs(value * 1000)} ms`),
    series: [
      {
        ...line('p99', COLORS.p99, latencyPoints(samples, 'p99', logScale)),
        markArea: warmupArea(timeline),
      },
      line('p50', COLORS.p50, latencyPoints(samples, 'p50', logScale)),
    ],
  };
}
