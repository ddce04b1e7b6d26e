// Bars across settings: the mean over repeats of each cell, its 95% confidence interval as whiskers,
// coloured by server; long names wrap or slant so neighbouring labels never overprint.
import type { BarSeriesOption, EChartsOption } from 'echarts';
import { METRIC_TITLES } from '../compareSeries.ts';
import type { BarItem, CompareMetric } from '../compareSeries.ts';
import { chartFrame, plotted, plottedText, styledAxis } from './base.ts';
import type { ChartSettings } from './base.ts';
import { categoryAxisLabel, layoutCategoryLabels } from './categoryLabels.ts';
import { CHART_COLORS } from './palette.ts';
import { chartColors, colorOfServer } from './serverColors.ts';
import { dejaVuSansWidthPx } from './textWidth.ts';
import { fullNameLine, tooltipText } from './tooltip.ts';
import { whiskerSeries } from './whiskers.ts';

/** Widest a bar gets, and the share of its slot it takes (ECharts' default category gap is 20%). */
const BAR_MAX_WIDTH_PX = 48;
const BAR_SHARE = 0.8;

/** The text inside a bar's foot: its repeats, or that none counted. */
function countText(item: BarItem | undefined): string {
  return item?.n ? `n=${item.n}` : 'failed';
}

/** ECharts option of the bar chart: one bar per setting, whiskers where repeats give an interval. */
export function barsChartOption(
  items: readonly BarItem[],
  metric: CompareMetric,
  settings: ChartSettings = {},
): EChartsOption {
  // Each bar in its server's colour, unshaded: the axis labels tell a server's settings apart.
  const colors = chartColors(
    settings.serverColors,
    items.map((item) => item.server),
  );
  const layout = layoutCategoryLabels(
    items.map((item) => item.name.split(' · ')),
    settings.widthPx ?? 900,
  );
  // The count goes inside the bar only where the bar is wide enough to hold it.
  const barPx = Math.min(BAR_MAX_WIDTH_PX, layout.slotPx * BAR_SHARE);
  const format = plottedText(metric);
  const bars: BarSeriesOption = {
    type: 'bar',
    name: `mean ${METRIC_TITLES[metric]}`,
    barMaxWidth: BAR_MAX_WIDTH_PX,
    data: items.map((item) => ({
      value: plotted(metric, item.mean),
      itemStyle: { color: colorOfServer(colors, item.server) },
      label: { show: dejaVuSansWidthPx(countText(item), '12px') + 4 <= barPx },
    })),
    label: {
      position: 'insideBottom',
      color: '#ffffff',
      formatter: (p) => countText(items[p.dataIndex]),
    },
  };
  return {
    ...chartFrame(settings, []),
    legend: { show: false },
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const item = items[(p as { dataIndex: number }).dataIndex];
        if (!item) return '';
        const mean = plotted(metric, item.mean);
        const half = plotted(metric, item.ci95HalfWidth);
        return [
          `<b>${tooltipText(item.name)}</b>${fullNameLine(item.server, item.serverFullName)}`,
          mean === null ? 'no run counted' : `mean ${format(mean)}`,
          half === null ? '' : `95% interval ± ${format(half)}`,
          `${item.n} run(s) counted${item.failed > 0 ? `, ${item.failed} failed` : ''}`,
        ]
          .filter(Boolean)
          .join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: items.map((item) => item.name),
      axisLabel: categoryAxisLabel(layout, CHART_COLORS.legendText),
      axisLine: { lineStyle: { color: CHART_COLORS.axisLine } },
    },
    yAxis: styledAxis('y', 'value', METRIC_TITLES[metric], { min: 0 }),
    series: [
      bars,
      whiskerSeries(
        items.map((item, i) => {
          const mean = plotted(metric, item.mean);
          const half = plotted(metric, item.ci95HalfWidth);
          const ok = mean !== null && half !== null;
          return {
            category: i,
            slot: 0,
            low: ok ? mean - half : null,
            high: ok ? mean + half : null,
          };
        }),
      ),
    ],
  };
}
