// Exports a chart as SVG or PNG from its option, drawn off screen at the size it has on screen.
import { downloadBlob } from '../components/download.ts';
import { darkChartOption, DARK_CHART_BACKGROUND } from '../theme/darkChartOption.ts';
import { darkChartExports } from '../theme/themeStore.ts';
import { loadChartLibrary } from './chartLibrary.ts';
import type { ChartLibrary } from './chartLibrary.ts';
import type { ChartOption } from './echarts.ts';

/** Image formats a chart exports to. */
export type ChartImageKind = 'png' | 'svg';

/** Background of exported images: white, whatever the page's theme, unless dark ones are asked for. */
const LIGHT_BACKGROUND = '#ffffff';

/**
 * The chart as a standalone SVG document (no animation): on white with the light palette, or on
 * the dark background with the dark palette when `dark`.
 */
export function chartSvg(
  { echarts, DARK_CHART_THEME }: ChartLibrary,
  option: ChartOption,
  widthPx: number,
  heightPx: number,
  dark = false,
): string {
  const chart = echarts.init(null, dark ? DARK_CHART_THEME : null, {
    renderer: 'svg',
    ssr: true,
    width: widthPx,
    height: heightPx,
  });
  try {
    const themed = dark ? darkChartOption(option) : option;
    chart.setOption({
      ...themed,
      animation: false,
      backgroundColor: dark ? DARK_CHART_BACKGROUND : LIGHT_BACKGROUND,
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** Rasterises an SVG document to PNG at `scale` times its size, over `background`. */
export async function svgToPng(
  svg: string,
  widthPx: number,
  heightPx: number,
  scale = 2,
  background = LIGHT_BACKGROUND,
): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(widthPx * scale);
    canvas.height = Math.round(heightPx * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('this window cannot draw images (no 2D canvas)');
    context.fillStyle = background;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be encoded'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Downloads the chart as `fileBase.svg` or `fileBase.png`; light unless the user chose dark images. */
export async function exportChart(
  option: ChartOption,
  kind: ChartImageKind,
  fileBase: string,
  widthPx: number,
  heightPx: number,
): Promise<void> {
  const dark = darkChartExports();
  const svg = chartSvg(await loadChartLibrary(), option, widthPx, heightPx, dark);
  const blob =
    kind === 'svg'
      ? new Blob([svg], { type: 'image/svg+xml' })
      : await svgToPng(svg, widthPx, heightPx, 2, dark ? DARK_CHART_BACKGROUND : LIGHT_BACKGROUND);
  downloadBlob(blob, `${fileBase}.${kind}`);
}
