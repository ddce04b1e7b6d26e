// Tree-shaken ECharts: the chart types and components our charts use; canvas on screen, SVG for exports.
import * as charts from 'echarts/charts';
import * as components from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import {
  DARK_CHART_BACKGROUND,
  DARK_CHART_PALETTE,
  DARK_TOOLTIP,
} from '../theme/darkChartOption.ts';

echarts.use([
  charts.LineChart,
  charts.BarChart,
  charts.ScatterChart,
  charts.CustomChart,
  components.GridComponent,
  components.LegendComponent,
  components.MarkAreaComponent,
  components.MarkLineComponent,
  components.MarkPointComponent,
  components.TitleComponent,
  components.TooltipComponent,
  CanvasRenderer,
  SVGRenderer,
]);

/**
 * ECharts theme of charts on a dark page: the dark variant of the project's palette for whatever an
 * option leaves to the theme (axis lines and ticks, labels, split lines, legend, tooltip).
 */
export const DARK_CHART_THEME = 'dirbench-dark';

const darkAxis = {
  axisLine: { lineStyle: { color: DARK_CHART_PALETTE.axisLine } },
  axisTick: { lineStyle: { color: DARK_CHART_PALETTE.axisLine } },
  axisLabel: { color: DARK_CHART_PALETTE.axis },
  splitLine: { lineStyle: { color: DARK_CHART_PALETTE.grid } },
  nameTextStyle: { color: DARK_CHART_PALETTE.axis },
};

echarts.registerTheme(DARK_CHART_THEME, {
  backgroundColor: DARK_CHART_BACKGROUND,
  textStyle: { color: DARK_CHART_PALETTE.text },
  title: { textStyle: { color: DARK_CHART_PALETTE.title } },
  legend: { textStyle: { color: DARK_CHART_PALETTE.text } },
  tooltip: DARK_TOOLTIP,
  categoryAxis: darkAxis,
  valueAxis: darkAxis,
  logAxis: darkAxis,
  timeAxis: darkAxis,
});

/** The option type accepted by our charts (only the registered parts). */
export type ChartOption = ComposeOption<
  | charts.LineSeriesOption
  | charts.BarSeriesOption
  | charts.ScatterSeriesOption
  | charts.CustomSeriesOption
  | components.GridComponentOption
  | components.LegendComponentOption
  | components.MarkAreaComponentOption
  | components.MarkLineComponentOption
  | components.MarkPointComponentOption
  | components.TitleComponentOption
  | components.TooltipComponentOption
>;

/** The configured ECharts core. */
export { echarts };
