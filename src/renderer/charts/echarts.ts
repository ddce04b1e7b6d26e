// Tree-shaken ECharts: the chart types and components our charts use; canvas on screen, SVG for exports.
import * as charts from 'echarts/charts';
import * as components from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

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
