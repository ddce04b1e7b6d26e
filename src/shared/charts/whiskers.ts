// 95% confidence-interval whiskers over bars: a custom series drawn at each bar's centre, also when
// several bars share a category (it repeats ECharts' own placement of grouped bars).
import type { CustomSeriesOption } from 'echarts';
import { CHART_COLORS } from './palette.ts';

/** Half the width of a whisker's cap, in pixels (capped at a third of the bar on narrow bars). */
const CAP_HALF_PX = 8;

/** How grouped bars share a category, as given to the bar series (`barCategoryGap`, `barGap`). */
export interface BarGroupLayout {
  /** Bars per category. */
  count: number;
  /** Space left free around a category's bars, as a fraction of the category's width. */
  categoryGap: number;
  /** Space between neighbouring bars, as a fraction of a bar's width. */
  barGap: number;
  maxBarWidthPx: number;
}

/** One whisker: its category, its bar's place among the category's bars, and its ends. */
export interface Whisker {
  category: number;
  slot: number;
  low: number | null;
  high: number | null;
}

/** Width of each bar and centre of the `slot`-th one from the category's centre, as ECharts lays them out. */
export function barOffsetPx(
  layout: BarGroupLayout,
  bandPx: number,
  slot: number,
): { widthPx: number; offsetPx: number } {
  const { count, barGap } = layout;
  const auto = (bandPx * (1 - layout.categoryGap)) / (count + (count - 1) * barGap);
  const widthPx = Math.max(0, Math.min(auto, layout.maxBarWidthPx));
  const totalPx = count * widthPx + (count - 1) * barGap * widthPx;
  return { widthPx, offsetPx: -totalPx / 2 + slot * widthPx * (1 + barGap) + widthPx / 2 };
}

/** The whiskers of `points` as a custom series; without `layout`, one bar per category. */
export function whiskerSeries(
  points: readonly Whisker[],
  layout: BarGroupLayout | null = null,
): CustomSeriesOption {
  return {
    type: 'custom',
    name: '95% confidence interval',
    silent: true,
    tooltip: { show: false },
    // Kept inside the plot: a wide interval never strokes across the axis labels.
    clip: true,
    z: 10,
    // Both ends map to y, so the axis grows to show whole whiskers.
    encode: { x: 0, y: [2, 3] },
    // Throughput and latency are never negative: an interval reaching below zero stops at the axis.
    data: points.map((p) => [
      p.category,
      p.slot,
      p.low === null ? null : Math.max(0, p.low),
      p.high,
    ]),
    itemStyle: { color: CHART_COLORS.target },
    renderItem: (_params, api) => {
      const low = api.value(2);
      const high = api.value(3);
      if (typeof low !== 'number' || typeof high !== 'number' || Number.isNaN(low)) return null;
      const category = api.value(0);
      const [center, yLow] = api.coord([category, low]) as [number, number];
      const [, yHigh] = api.coord([category, high]) as [number, number];
      const bandPx = (api.size?.([1, 0]) as number[] | undefined)?.[0] ?? 0;
      const bar = layout ? barOffsetPx(layout, bandPx, Number(api.value(1))) : null;
      const x = center + (bar?.offsetPx ?? 0);
      const cap = bar ? Math.min(CAP_HALF_PX, bar.widthPx / 3) : CAP_HALF_PX;
      const style = { stroke: CHART_COLORS.target, lineWidth: 1.5 };
      const line = (x1: number, y1: number, x2: number, y2: number) => ({
        type: 'line' as const,
        shape: { x1, y1, x2, y2 },
        style,
      });
      return {
        type: 'group',
        children: [
          line(x, yLow, x, yHigh),
          line(x - cap, yLow, x + cap, yLow),
          line(x - cap, yHigh, x + cap, yHigh),
        ],
      };
    },
  };
}
