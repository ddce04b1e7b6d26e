// Pieces every compare chart shares: frame (title, legend, grid, tooltip), axes, published overlays.
import type { EChartsOption, LineSeriesOption } from 'echarts';
import type { ReferenceTable } from '../reference.ts';
import type { CompareMetric } from '../compareSeries.ts';
import { CHART_COLORS, CHART_FONT_FAMILY, seriesColor } from './palette.ts';

/** What every chart builder takes besides its series. */
export interface ChartSettings {
  /** Title drawn above the plot (exports carry it; the UI's card has its own). */
  title?: string;
  /** False for exports and tests: the option draws its final state at once. */
  animation?: boolean;
  /** Published figures to overlay, dashed, where their x and unit match the chart's. */
  references?: readonly ReferenceTable[];
  /** Width the chart will be drawn at, to leave room for a legend that wraps; about 900 px if unset. */
  widthPx?: number;
}

/** Rough legend item width: symbol, gap and about 7 px per character at the legend's font size. */
function legendItemPx(name: string): number {
  return 34 + name.length * 7;
}

/** Rows a legend of `names` takes at `widthPx` (ECharts wraps a plain legend). */
export function legendRows(names: readonly string[], widthPx: number): number {
  let rows = names.length > 0 ? 1 : 0;
  let used = 0;
  for (const name of names) {
    const item = legendItemPx(name);
    if (used > 0 && used + item > widthPx - 16) {
      rows++;
      used = 0;
    }
    used += item;
  }
  return rows;
}

/** Words the legend adds to every published series. */
export const PUBLISHED_SUFFIX = ' (published, other hardware)';

/** Title, legend (of `legendNames`), grid, tooltip and fonts; the plot starts below the legend. */
export function chartFrame(settings: ChartSettings, legendNames: readonly string[]): EChartsOption {
  const top = settings.title ? 28 : 0;
  const legendPx = legendRows(legendNames, settings.widthPx ?? 900) * 22;
  return {
    animation: settings.animation ?? true,
    textStyle: { fontFamily: CHART_FONT_FAMILY },
    ...(settings.title
      ? {
          title: {
            text: settings.title,
            left: 8,
            top: 0,
            textStyle: { color: CHART_COLORS.title, fontSize: 14, fontWeight: 600 },
          },
        }
      : {}),
    legend: {
      type: 'plain',
      top,
      left: 8,
      right: 8,
      itemWidth: 14,
      itemHeight: 8,
      textStyle: { color: CHART_COLORS.legendText },
    },
    grid: {
      left: 12,
      right: 24,
      top: top + legendPx + 30,
      bottom: 24,
      containLabel: true,
    },
    tooltip: { trigger: 'axis' },
  };
}

/** A value or log axis in the charts' style, named below (x) or above (y) its labels. */
export function styledAxis(
  direction: 'x' | 'y',
  type: 'value' | 'log',
  name: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    type,
    name,
    nameTextStyle: { color: CHART_COLORS.muted, fontSize: 11 },
    // A y axis names itself above its top; an x axis below its labels, centred.
    ...(direction === 'x' ? { nameLocation: 'middle', nameGap: 28 } : {}),
    axisLabel: { color: CHART_COLORS.axis, hideOverlap: true },
    axisLine: { show: true, lineStyle: { color: CHART_COLORS.axisLine } },
    splitLine: { lineStyle: { color: CHART_COLORS.grid } },
    ...extra,
  };
}

/** A metric's value as plotted: ops/s as is, latencies in milliseconds. */
export function plotted(metric: CompareMetric, value: number | null): number | null {
  if (value === null) return null;
  return metric === 'opsPerSec' ? value : value / 1000;
}

function unitMatches(table: ReferenceTable, metric: CompareMetric): boolean {
  return metric === 'opsPerSec' ? table.unit === 'ops/s' : table.unit === 'ms';
}

/**
 * Dashed lines of the published tables whose x is `x` (entries, or client threads for connections)
 * and whose unit matches the metric; colours continue after the chart's own `ownSeries`.
 */
export function referenceLines(
  references: readonly ReferenceTable[] | undefined,
  x: 'entries' | 'threads',
  metric: CompareMetric,
  ownSeries: number,
): LineSeriesOption[] {
  const tables = (references ?? []).filter(
    (t) =>
      unitMatches(t, metric) &&
      (x === 'entries' ? t.xLabel === 'entries' : /thread|connection|client/i.test(t.xLabel)),
  );
  const lines: LineSeriesOption[] = [];
  for (const table of tables) {
    for (const series of table.series) {
      const color = seriesColor(ownSeries + lines.length);
      lines.push({
        type: 'line',
        name: `${series.name}, ${table.table}${PUBLISHED_SUFFIX}`,
        data: series.points.filter((p) => p.value !== null).map((p) => [p.x, p.value]),
        lineStyle: { type: 'dashed', width: 1.5, color },
        itemStyle: { color },
        symbol: 'emptyCircle',
        symbolSize: 5,
      });
    }
  }
  return lines;
}

/** A solid line of measured points in the i-th colour. */
export function measuredLine(
  name: string,
  index: number,
  data: (number | null)[][],
): LineSeriesOption {
  const color = seriesColor(index);
  return {
    type: 'line',
    name,
    data,
    connectNulls: false,
    symbol: 'circle',
    symbolSize: 6,
    showSymbol: true,
    lineStyle: { width: 2, color },
    itemStyle: { color },
  };
}
