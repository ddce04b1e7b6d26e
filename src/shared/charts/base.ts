// Pieces every compare chart shares: frame (title, legend, grid, tooltip), axes, published overlays.
import type { EChartsOption, LineSeriesOption } from 'echarts';
import type { ReferenceTable } from '../reference.ts';
import type { CompareMetric, SeriesServer } from '../compareSeries.ts';
import { formatLatencyMs, formatOpsPerSec } from './format.ts';
import { CHART_COLORS, CHART_FONT_FAMILY } from './palette.ts';
import { chartColors, freeColors, seriesColorsByServer } from './serverColors.ts';
import type { ServerColors } from './serverColors.ts';
import { dejaVuSansWidthPx, wrapWords } from './textWidth.ts';

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
  /** Height it will be drawn at; a legend that would take over a third of it scrolls instead. */
  heightPx?: number;
  /**
   * Server short name -> colour for the whole campaign or comparison (`serverColors` over all its
   * runs), so a server keeps its colour in every chart whatever is filtered; made from the runs
   * charted when absent.
   */
  serverColors?: ServerColors;
}

/** Legend item width: symbol (14), its gap (5), the text at 12 px and the gap to the next item (10). */
function legendItemPx(name: string): number {
  return 29 + dejaVuSansWidthPx(name, '12px');
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

/** Gap between legend items (ECharts' itemGap), and the symbol with its gap before the text. */
const LEGEND_GAP_PX = 10;
const LEGEND_SYMBOL_PX = 19;
/** Padding ECharts keeps around a legend, each side. */
const LEGEND_PADDING_PX = 5;

/**
 * Width of a scrolling legend's pager and the gap before it: ECharts lays the page marker out with
 * an 'xx/xx' placeholder between its arrows (18 px with their gaps, as it measures them). DejaVu
 * Sans is wider than the browsers' fallbacks, so a browser leaves a few spare pixels, never a cut item.
 */
function pagerPx(): number {
  return 18 + dejaVuSansWidthPx('xx/xx', '12px') + LEGEND_GAP_PX;
}

/**
 * A scrolling legend whose every page shows whole items: all items as wide as the longest name (one
 * that would not fit beside the pager ends in an ellipsis), and the legend just wide enough for as
 * many as fit plus the pager, so the next item never shows cut off beside the page marker.
 */
function scrollLegend(names: readonly string[], rowPx: number): Record<string, unknown> {
  // The items' room: the row less padding, pager and the window's 4 px to spare (below).
  const roomPx = rowPx - 2 * LEGEND_PADDING_PX - pagerPx() - 4;
  const longestPx = Math.max(...names.map((name) => dejaVuSansWidthPx(name, '12px')));
  const textPx = Math.max(20, Math.min(Math.ceil(longestPx) + 2, roomPx - LEGEND_SYMBOL_PX - 1));
  // ECharts sizes an item a pixel wider than its symbol, gap and text.
  const itemPx = LEGEND_SYMBOL_PX + textPx + 1;
  const perPage = Math.max(1, Math.floor((roomPx + LEGEND_GAP_PX) / (itemPx + LEGEND_GAP_PX)));
  return {
    type: 'scroll',
    // The window ends 4 px past the last whole item: the next one starts 10 px on, and a browser
    // font narrower than DejaVu Sans widens the window by about 5 px.
    width:
      perPage * (itemPx + LEGEND_GAP_PX) - LEGEND_GAP_PX + 4 + pagerPx() + 2 * LEGEND_PADDING_PX,
    // A (clear) background makes zrender size the text by its width rather than its words.
    textStyle: {
      color: CHART_COLORS.legendText,
      width: textPx,
      overflow: 'truncate',
      backgroundColor: 'transparent',
    },
  };
}

/** The title's font as the width table reads it, and its line height. */
const TITLE_FONT = 'bold 14px';
const TITLE_LINE_PX = 18;
/** The title's text starts this far from the left (`left: 8` plus ECharts' 5 px title padding). */
const TITLE_INSET_PX = 13;
/** Height of a legend row (12 px text, 10 px between rows). */
const LEGEND_ROW_PX = 22;
/** Height charts are drawn at when the settings do not say (the exports' default). */
const DEFAULT_HEIGHT_PX = 540;

/** Words the legend adds to every published series. */
export const PUBLISHED_SUFFIX = ' (published, other hardware)';

/** Title, legend (of `legendNames`), grid, tooltip and fonts; the plot starts below the legend. */
export function chartFrame(settings: ChartSettings, legendNames: readonly string[]): EChartsOption {
  const widthPx = settings.widthPx ?? 900;
  // A title wider than the chart wraps at its spaces, each line pushing the legend down; it keeps
  // the inset it starts at clear on the right too.
  const titleLines = settings.title
    ? (wrapWords(settings.title, widthPx - 2 * TITLE_INSET_PX, TITLE_FONT) ?? [settings.title])
    : [];
  const top = titleLines.length > 0 ? 10 + titleLines.length * TITLE_LINE_PX : 0;
  const wrappedPx = legendRows(legendNames, widthPx) * LEGEND_ROW_PX;
  // A legend of many long names would squeeze the plot away: one row with pages instead.
  const scroll = wrappedPx > (settings.heightPx ?? DEFAULT_HEIGHT_PX) / 3;
  const legendPx = scroll ? LEGEND_ROW_PX : wrappedPx;
  return {
    animation: settings.animation ?? true,
    textStyle: { fontFamily: CHART_FONT_FAMILY },
    ...(settings.title
      ? {
          title: {
            text: titleLines.join('\n'),
            left: 8,
            top: 0,
            textStyle: {
              color: CHART_COLORS.title,
              fontSize: 14,
              fontWeight: 600,
              lineHeight: TITLE_LINE_PX,
            },
          },
        }
      : {}),
    legend: {
      top,
      left: 8,
      itemWidth: 14,
      itemHeight: 8,
      itemGap: LEGEND_GAP_PX,
      ...(scroll
        ? scrollLegend(legendNames, widthPx - 16)
        : { type: 'plain', right: 8, textStyle: { color: CHART_COLORS.legendText } }),
    },
    grid: {
      left: 12,
      right: 24,
      top: top + legendPx + 30,
      bottom: 24,
      // Axis labels are measured into the plot's margins, slanted ones too (containLabel only
      // estimates from sample labels and let a slanted first label run off the left edge).
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
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
    // A y axis names itself above its top, starting at the axis (centred there, a long name such
    // as "p99 latency (ms)" ran off the chart's left edge); an x axis below its labels, centred.
    nameTextStyle: {
      color: CHART_COLORS.muted,
      fontSize: 11,
      align: direction === 'y' ? 'left' : 'center',
    },
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

/** A plotted value in words with its unit, for tooltips: "1,234 ops/s", "1.50 ms". */
export function plottedText(metric: CompareMetric | 'ms'): (value: number) => string {
  return metric === 'opsPerSec'
    ? (value) => `${formatOpsPerSec(value)} ops/s`
    : (value) => `${formatLatencyMs(value * 1000)} ms`;
}

/** Each series' colour and marker by its server (shaded when a server has several), and the map used. */
export function serverStyles(
  settings: ChartSettings,
  series: readonly SeriesServer[],
): { colors: ServerColors; styles: { color: string; symbol: string }[] } {
  const servers = series.map((s) => s.server);
  const colors = chartColors(settings.serverColors, servers);
  return { colors, styles: seriesColorsByServer(servers, colors) };
}

/** True when a published table can overlay a chart along `x` plotting `metric`: same x, same unit. */
export function overlayFits(
  table: ReferenceTable,
  x: 'entries' | 'threads',
  metric: CompareMetric,
): boolean {
  const unit = metric === 'opsPerSec' ? 'ops/s' : 'ms';
  const alongX =
    x === 'entries' ? table.xLabel === 'entries' : /thread|connection|client/i.test(table.xLabel);
  return table.unit === unit && alongX;
}

/**
 * Dashed lines of the published tables whose x is `x` (entries, or client threads for connections)
 * and whose unit matches the metric, in palette colours no server of `colors` has.
 */
export function referenceLines(
  references: readonly ReferenceTable[] | undefined,
  x: 'entries' | 'threads',
  metric: CompareMetric,
  colors: ServerColors,
): LineSeriesOption[] {
  const palette = freeColors(colors);
  const tables = (references ?? []).filter((t) => overlayFits(t, x, metric));
  const lines: LineSeriesOption[] = [];
  for (const table of tables) {
    for (const series of table.series) {
      const color = palette[lines.length % palette.length] as string;
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

/** A solid line of measured points in its server's colour and marker. */
export function measuredLine(
  name: string,
  style: { color: string; symbol: string },
  data: (number | null)[][],
): LineSeriesOption {
  const color = style.color;
  return {
    type: 'line',
    name,
    data,
    connectNulls: false,
    symbol: style.symbol,
    symbolSize: 6,
    showSymbol: true,
    lineStyle: { width: 2, color },
    itemStyle: { color },
  };
}
