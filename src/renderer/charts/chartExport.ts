// Exports a chart as SVG or PNG from its option, drawn off screen at the size it has on screen.
import { downloadBlob } from '../components/download.ts';
import { echarts } from './echarts.ts';
import type { ChartOption } from './echarts.ts';

/** Image formats a chart exports to. */
export type ChartImageKind = 'png' | 'svg';

/** The chart as a standalone SVG document (white background, no animation). */
export function chartSvg(option: ChartOption, widthPx: number, heightPx: number): string {
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: widthPx,
    height: heightPx,
  });
  try {
    chart.setOption({ ...option, animation: false, backgroundColor: '#ffffff' });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** Rasterises an SVG document to PNG at `scale` times its size. */
export async function svgToPng(
  svg: string,
  widthPx: number,
  heightPx: number,
  scale = 2,
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
    context.fillStyle = '#ffffff';
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

/** Downloads the chart as `fileBase.svg` or `fileBase.png`. */
export async function exportChart(
  option: ChartOption,
  kind: ChartImageKind,
  fileBase: string,
  widthPx: number,
  heightPx: number,
): Promise<void> {
  const svg = chartSvg(option, widthPx, heightPx);
  const blob =
    kind === 'svg'
      ? new Blob([svg], { type: 'image/svg+xml' })
      : await svgToPng(svg, widthPx, heightPx);
  downloadBlob(blob, `${fileBase}.${kind}`);
}
