// Pieces every run chart shares: the time axis, phase shading, the axis tooltip and line series.
import { CHART_COLORS, SERIES_COLORS } from '../../shared/charts/palette.ts';
import type { RunSample } from '../../shared/types.ts';
import type { ChartOption } from './echarts.ts';

/** Where a run's seconds sit: warm-up, the start of cool-down (if any) and the planned total. */
export interface RunTimeline {
  warmupS: number;
  /** Second at which cool-down starts; null when the run has no cool-down. */
  cooldownFromS: number | null;
  totalS: number | null;
}

/** One chart point: [seconds since load started, value]. */
export type ChartPoint = [number, number | null];

/** One named line of a chart (a worker, a phase, an operation label) and its points. */
export interface NamedSeries {
  name: string;
  points: ChartPoint[];
}

/** Props of a chart panel drawn from a run's samples; `testIdPrefix` tells two runs' panels apart. */
export interface SampleChartProps {
  samples: readonly RunSample[];
  timeline: RunTimeline;
  testIdPrefix?: string;
}

/** Palette shared by the charts, the same in the UI and the headless exports. */
export const COLORS = CHART_COLORS;
export { SERIES_COLORS };

/** Each second is plotted at the middle of its interval, so warm-up points sit inside the shading. */
export function midInterval(sample: RunSample): number {
  return sample.second + sample.intervalMs / 2000;
}

/** Number of points with a non-zero value (the charts' `data-points` test attribute). */
export function countNonZero(points: readonly ChartPoint[]): number {
  return points.filter(([, value]) => value !== null && value > 0).length;
}

/** `countNonZero` over every line of a chart. */
export function countSeriesNonZero(series: readonly NamedSeries[]): number {
  return countNonZero(series.flatMap((s) => s.points));
}

type AreaPoint = [{ name: string; xAxis: number }, { xAxis: number | 'max' }];

/** Grey shading over warm-up and cool-down, the seconds excluded from the results; compact charts omit the labels. */
export function phaseArea(timeline: RunTimeline, labels = true) {
  const data: AreaPoint[] = [];
  if (timeline.warmupS > 0) data.push([{ name: 'warm-up', xAxis: 0 }, { xAxis: timeline.warmupS }]);
  if (timeline.cooldownFromS !== null) {
    data.push([
      { name: 'cool-down', xAxis: timeline.cooldownFromS },
      { xAxis: timeline.totalS ?? 'max' },
    ]);
  }
  if (data.length === 0) return undefined;
  return {
    silent: true,
    itemStyle: { color: 'rgba(100, 116, 139, 0.10)' },
    label: { show: labels, position: 'insideTopLeft' as const, color: '#64748b', fontSize: 11 },
    data,
  };
}

function phaseOf(timeline: RunTimeline, start: number): string {
  if (start < timeline.warmupS) return ' · warm-up';
  if (timeline.cooldownFromS !== null && start >= timeline.cooldownFromS) return ' · cool-down';
  return '';
}

/** Axis tooltip: "3–4 s (warm-up)" then one line per series with its formatted value. */
export function tooltip(
  timeline: RunTimeline,
  format: (value: number, seriesName: string) => string,
): ChartOption['tooltip'] {
  return {
    trigger: 'axis',
    formatter: (params) => {
      const list = Array.isArray(params) ? params : [params];
      const point = list[0]?.value;
      const x = Array.isArray(point) ? Number(point[0]) : 0;
      const start = Math.floor(x);
      const lines = list.map((p) => {
        const value = Array.isArray(p.value) ? p.value[1] : null;
        const name = p.seriesName ?? '';
        const text = value === null || value === undefined ? '—' : format(Number(value), name);
        return `${String(p.marker)} ${name} <b style="float:right;margin-left:16px">${text}</b>`;
      });
      const head = `<span style="color:#64748b">${start}–${start + 1} s${phaseOf(timeline, start)}</span>`;
      return [head, ...lines].join('<br/>');
    },
  };
}

/** Grid and time axis; `top` leaves room for a legend. */
export function baseOption(timeline: RunTimeline, top = 32): ChartOption {
  return {
    grid: {
      left: 8,
      right: 16,
      top,
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

/** A value axis, linear or log. */
export function valueAxis(logScale: boolean, name?: string) {
  return {
    type: logScale ? ('log' as const) : ('value' as const),
    axisLabel: { color: COLORS.axis },
    splitLine: { lineStyle: { color: COLORS.grid } },
    ...(name
      ? { name, nameTextStyle: { color: COLORS.axis, fontSize: 11, align: 'left' as const } }
      : {}),
  };
}

/** Legend in the top-right corner, compact. */
export const LEGEND: ChartOption['legend'] = {
  top: 0,
  right: 8,
  itemWidth: 14,
  itemHeight: 8,
  textStyle: { color: '#475569' },
};

/** A line series; a lone point shows as a dot until the second arrives. */
export function lineSeries(
  name: string,
  color: string,
  data: ChartPoint[],
  style: { dashed?: boolean; width?: number; yAxisIndex?: number } = {},
) {
  return {
    type: 'line' as const,
    name,
    data,
    showSymbol: data.length < 2,
    connectNulls: false,
    yAxisIndex: style.yAxisIndex ?? 0,
    lineStyle: {
      width: style.width ?? 2,
      color,
      type: style.dashed ? ('dashed' as const) : ('solid' as const),
    },
    itemStyle: { color },
  };
}

/**
 * Thin lines in the palette's colours, one per series; the first carries the phase shading (with its
 * labels when `phaseLabels`).
 */
export function paletteLines(
  timeline: RunTimeline,
  series: readonly NamedSeries[],
  phaseLabels: boolean,
) {
  return series.map((s, i) => ({
    ...lineSeries(s.name, SERIES_COLORS[i % SERIES_COLORS.length] as string, s.points, {
      width: 1.5,
    }),
    ...(i === 0 ? { markArea: phaseArea(timeline, phaseLabels) } : {}),
  }));
}
