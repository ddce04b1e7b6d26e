// The sizes charts are drawn at unless asked otherwise: light, so option tables can show them
// without loading the chart renderer.

/** Size of a rendered chart in pixels. */
export interface ChartSize {
  widthPx: number;
  heightPx: number;
}

/** The exports' default size: wide enough for a legend of several servers. */
export const DEFAULT_CHART_SIZE: ChartSize = { widthPx: 960, heightPx: 540 };

/** The report's charts unless asked otherwise: the width of a page of text. */
export const REPORT_CHART_SIZE: ChartSize = { widthPx: 960, heightPx: 480 };
