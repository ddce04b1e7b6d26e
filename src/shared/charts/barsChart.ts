// Bars across servers for one cell: the mean over repeats with its 95% confidence interval as whiskers.
import type { BarSeriesOption, CustomSeriesOption, EChartsOption } from 'echarts';
import { METRIC_TITLES } from '../compareSeries.ts';
import type { BarItem, CompareMetric } from '../compareSeries.ts';
import { chartFrame, plotted, styledAxis } from './base.ts';
import type { ChartSettings } from './base.ts';
import { CHART_COLORS, seriesColor } from './palette.ts';

/** Half the width of a whisker's cap, in pixels. */
const CAP_HALF_PX = 8;

function whiskers(items: readonly BarItem[], metric: CompareMetric): CustomSeriesOption {
  const data = items.map((item, i) => {
    const mean = plotted(metric, item.mean);
    const half = plotted(metric, item.ci95HalfWidth);
    return mean === null || half === null ? [i, null, null] : [i, mean - half, mean + half];
  });
  return {
    type: 'custom',
    name: '95% confidence interval',
    silent: true,
    z: 10,
    // Both ends map to y, so the axis grows to show whole whiskers.
    encode: { x: 0, y: [1, 2] },
    data,
    itemStyle: { color: CHART_COLORS.target },
    renderItem: (_params, api) => {
      const low = api.value(1);
      const high = api.value(2);
      if (typeof low !== 'number' || typeof high !== 'number' || Number.isNaN(low)) return null;
      const [x, yLow] = api.coord([api.value(0), low]) as [number, number];
      const [, yHigh] = api.coord([api.value(0), high]) as [number, number];
      const style = { stroke: CHART_COLORS.target, lineWidth: 1.5 };
      return {
        type: 'group',
        children: [
          { type: 'line', shape: { x1: x, y1: yLow, x2: x, y2: yHigh }, style },
          {
            type: 'line',
            shape: { x1: x - CAP_HALF_PX, y1: yLow, x2: x + CAP_HALF_PX, y2: yLow },
            style,
          },
          {
            type: 'line',
            shape: { x1: x - CAP_HALF_PX, y1: yHigh, x2: x + CAP_HALF_PX, y2: yHigh },
            style,
          },
        ],
      };
    },
  };
}

/** ECharts option of the bar chart: one bar per setting, whiskers where repeats give an interval. */
export function barsChartOption(
  items: readonly BarItem[],
  metric: CompareMetric,
  settings: ChartSettings = {},
): EChartsOption {
  const bars: BarSeriesOption = {
    type: 'bar',
    name: `mean ${METRIC_TITLES[metric]}`,
    barMaxWidth: 48,
    data: items.map((item, i) => ({
      value: plotted(metric, item.mean),
      itemStyle: { color: seriesColor(i) },
    })),
    label: {
      show: true,
      position: 'insideBottom',
      color: '#ffffff',
      formatter: (p) => (items[p.dataIndex]?.n ? `n=${items[p.dataIndex]?.n}` : 'failed'),
    },
  };
  return {
    ...chartFrame(settings, []),
    legend: { show: false },
    tooltip: { trigger: 'item' },
    xAxis: {
      type: 'category',
      data: items.map((item) => item.name),
      axisLabel: { color: CHART_COLORS.legendText, interval: 0, width: 160, overflow: 'break' },
      axisLine: { lineStyle: { color: CHART_COLORS.axisLine } },
    },
    yAxis: styledAxis('y', 'value', METRIC_TITLES[metric], { min: 0 }),
    series: [bars, whiskers(items, metric)],
  };
}
