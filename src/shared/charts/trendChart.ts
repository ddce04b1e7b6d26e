// Trend chart: a metric against directory size on a log axis of entries, one line per series.
import type { EChartsOption } from 'echarts';
import { METRIC_TITLES } from '../compareSeries.ts';
import type { CompareMetric, XYSeries } from '../compareSeries.ts';
import { chartFrame, styledAxis } from './base.ts';
import type { ChartSettings } from './base.ts';
import { formatEntries } from './format.ts';
import { CHART_COLORS } from './palette.ts';
import { xyLines } from './xyLines.ts';

/** Sizes people read on a log axis: 1, 2 and 5 of each decade, or 1 alone over many decades. */
function roundSizes(min: number, max: number): number[] {
  const steps = Math.log10(max / min) > 2 ? [1] : [1, 2, 5];
  const sizes: number[] = [];
  for (let decade = Math.floor(Math.log10(min)); 10 ** decade <= max; decade++)
    for (const step of steps) {
      const size = step * 10 ** decade;
      if (size >= min && size <= max) sizes.push(size);
    }
  return sizes;
}

/** A log axis of directory sizes: its ends and the sizes it labels. */
export interface SizeAxis {
  min: number;
  max: number;
  ticks: number[];
}

/**
 * The x axis over `sizes` (entries, measured and published): a little beyond the smallest and the
 * largest so no point sits on the frame (half a decade each way for a single size), labelled at
 * the measured sizes and at round sizes (1, 2, 5 x 10^n) not too close to one of them.
 */
export function sizeAxis(sizes: readonly number[]): SizeAxis {
  const drawn = [...new Set(sizes.filter((x) => x > 0))].sort((a, b) => a - b);
  if (drawn.length === 0) return { min: 1_000, max: 10_000_000, ticks: roundSizes(1_000, 1e7) };
  const [smallest, largest] = [drawn[0] as number, drawn[drawn.length - 1] as number];
  const spanDecades = Math.log10(largest / smallest);
  const marginDecades = spanDecades === 0 ? 0.5 : Math.max(0.06, spanDecades * 0.06);
  const min = smallest / 10 ** marginDecades;
  const max = largest * 10 ** marginDecades;
  // A round size within a factor of 1.5 of a drawn one would crowd its label.
  const round = roundSizes(min, max).filter((r) =>
    drawn.every((x) => Math.max(r / x, x / r) >= 1.5),
  );
  return { min, max, ticks: [...drawn, ...round].sort((a, b) => a - b) };
}

/** ECharts option of the trend chart (x: entries, log; y: the metric). */
export function trendChartOption(
  series: readonly XYSeries[],
  metric: CompareMetric,
  settings: ChartSettings = {},
): EChartsOption {
  const { lines: all, tooltip } = xyLines(
    series,
    metric,
    settings,
    'entries',
    (x) => `${formatEntries(x)} entries`,
  );
  // The axis spans what is drawn, measured and published.
  const axis = sizeAxis(
    all.flatMap((line) => (line.data ?? []) as [number, number | null][]).map(([x]) => x),
  );
  return {
    ...chartFrame(
      settings,
      all.map((line) => String(line.name)),
    ),
    tooltip,
    xAxis: styledAxis('x', 'log', 'entries', {
      logBase: 10,
      min: axis.min,
      max: axis.max,
      axisLabel: {
        color: CHART_COLORS.axis,
        hideOverlap: true,
        customValues: axis.ticks,
        formatter: (value: number) => formatEntries(value),
      },
      axisTick: { customValues: axis.ticks },
      splitLine: { show: false },
    }),
    yAxis: styledAxis('y', 'value', METRIC_TITLES[metric], { min: 0 }),
    series: all,
  };
}
