// Headless chart rendering for the CLI, exports and reports: ECharts server-side SVG, PNG through resvg.
import { Resvg } from '@resvg/resvg-js';
import * as echarts from 'echarts';
import type { EChartsOption } from 'echarts';
import { DEFAULT_CHART_SIZE } from './chartSizes.ts';
import type { ChartSize } from './chartSizes.ts';
import { dejaVuSansWidthPx } from './textMetrics.ts';

// Layout for the font the PNGs are drawn with (this process only renders charts headlessly).
echarts.setPlatformAPI({ measureText: (text, font) => ({ width: dejaVuSansWidthPx(text, font) }) });

/** Font the PNG renderer falls back to for every family (installed with the DejaVu fonts). */
const PNG_FONT = 'DejaVu Sans';

/** Draws an option as a standalone SVG document (animation off whatever the option says). */
export function renderChartSvg(
  option: EChartsOption,
  size: ChartSize = DEFAULT_CHART_SIZE,
): string {
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: size.widthPx,
    height: size.heightPx,
  });
  try {
    chart.setOption({ ...option, animation: false, backgroundColor: '#ffffff' });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** Rasterizes an SVG document to PNG bytes at its own size (scaled by `scale` for sharper images). */
export function svgToPng(svg: string, scale = 1): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: scale === 1 ? { mode: 'original' } : { mode: 'zoom', value: scale },
    font: {
      loadSystemFonts: true,
      defaultFontFamily: PNG_FONT,
      sansSerifFamily: PNG_FONT,
    },
    background: '#ffffff',
  });
  return resvg.render().asPng();
}

/** Draws an option as PNG bytes. */
export function renderChartPng(
  option: EChartsOption,
  size: ChartSize = DEFAULT_CHART_SIZE,
): Buffer {
  return svgToPng(renderChartSvg(option, size));
}
