// Grouped bars: a category per directory size (or test), a bar per server in each, coloured by server,
// the mean of the repeats with its 95% confidence interval as whiskers.
import type { BarSeriesOption, EChartsOption } from 'echarts';
import type { GroupedBars } from '../compareGrouped.ts';
import { METRIC_TITLES } from '../compareSeries.ts';
import type { CompareMetric, RepeatFigure } from '../compareSeries.ts';
import { chartFrame, plotted, plottedText, serverStyles, styledAxis } from './base.ts';
import type { ChartSettings } from './base.ts';
import { categoryAxisLabel, layoutCategoryLabels } from './categoryLabels.ts';
import { CHART_COLORS } from './palette.ts';
import { fullNameLine, tooltipText } from './tooltip.ts';
import { whiskerSeries } from './whiskers.ts';
import type { BarGroupLayout } from './whiskers.ts';

/** Gaps as fractions (ECharts takes them as percentages); the whiskers repeat this placement. */
const CATEGORY_GAP = 0.24;
const BAR_GAP = 0.08;
const BAR_MAX_WIDTH_PX = 56;

function percent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

/** A bar's figure as the tooltip words it: mean, interval and repeats. */
function figureText(figure: RepeatFigure | null, metric: CompareMetric): string {
  if (!figure) return 'not run';
  const mean = plotted(metric, figure.mean);
  if (mean === null) return `failed (${figure.failed} run(s))`;
  const format = plottedText(metric);
  const half = plotted(metric, figure.ci95HalfWidth);
  const failed = figure.failed > 0 ? `, ${figure.failed} failed` : '';
  return `<b>${format(mean)}</b>${half === null ? '' : ` ± ${format(half)}`} (n=${figure.n}${failed})`;
}

/** ECharts option of grouped bars: categories along x, one bar series per server. */
export function groupedChartOption(
  grouped: GroupedBars,
  metric: CompareMetric,
  settings: ChartSettings = {},
): EChartsOption {
  const { servers, categories, figures } = grouped;
  const { styles } = serverStyles(settings, servers);
  const layout = layoutCategoryLabels(
    categories.map((c) => c.parts),
    settings.widthPx ?? 900,
  );
  const bars: BarSeriesOption[] = servers.map((server, s) => ({
    type: 'bar',
    name: server.server,
    barCategoryGap: percent(CATEGORY_GAP),
    barGap: percent(BAR_GAP),
    barMaxWidth: BAR_MAX_WIDTH_PX,
    itemStyle: { color: styles[s]?.color },
    data: (figures[s] ?? []).map((figure) => plotted(metric, figure?.mean ?? null)),
  }));
  const group: BarGroupLayout = {
    count: servers.length,
    categoryGap: CATEGORY_GAP,
    barGap: BAR_GAP,
    maxBarWidthPx: BAR_MAX_WIDTH_PX,
  };
  const whiskers = figures.flatMap((row, s) =>
    row.map((figure, c) => {
      const mean = plotted(metric, figure?.mean ?? null);
      const half = plotted(metric, figure?.ci95HalfWidth ?? null);
      const ok = mean !== null && half !== null;
      return { category: c, slot: s, low: ok ? mean - half : null, high: ok ? mean + half : null };
    }),
  );
  return {
    ...chartFrame(
      settings,
      servers.map((s) => s.server),
    ),
    // Hiding a server would move the other bars away from their whiskers: the legend only names.
    legend: {
      ...(chartFrame(settings, []).legend as object),
      selectedMode: false,
      data: servers.map((s) => s.server),
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (raw) => {
        const params = (Array.isArray(raw) ? raw : [raw]) as { dataIndex: number }[];
        const c = params[0]?.dataIndex ?? 0;
        const rows = servers.map((server, s) => {
          const marker = `<span style="display:inline-block;width:9px;height:9px;border-radius:2px;margin-right:5px;background:${styles[s]?.color ?? ''}"></span>`;
          const figure = figures[s]?.[c] ?? null;
          return `${marker}${tooltipText(server.server)}: ${figureText(figure, metric)}${fullNameLine(server.server, server.serverFullName)}`;
        });
        return [`<b>${tooltipText(categories[c]?.name ?? '')}</b>`, ...rows].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: categories.map((c) => c.name),
      axisLabel: categoryAxisLabel(layout, CHART_COLORS.legendText),
      axisLine: { lineStyle: { color: CHART_COLORS.axisLine } },
      axisTick: { alignWithLabel: true },
    },
    yAxis: styledAxis('y', 'value', METRIC_TITLES[metric], { min: 0 }),
    series: [...bars, whiskerSeries(whiskers, group)],
  };
}
