// The sizes a chart image may be drawn at (exports and the report's charts), checked the same way for
// the API and the CLI so a bad width is named before anything is drawn.
import { invalid } from './errors.ts';
import type { ChartImageSize } from './exchange.ts';

/** Smallest and largest side of a chart image: below 320 px axes and legend do not fit; above 8000 px a PNG gets huge. */
export const CHART_SIDE_PX = { min: 320, max: 8000 } as const;

/** `value` as a size in pixels within `range`, or a validation error on `field` saying the range. */
function pixels(value: unknown, field: string, range: { min: number; max: number }): number {
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < range.min ||
    value > range.max
  )
    throw invalid(
      field,
      `${field} must be a whole number of pixels from ${range.min} to ${range.max}, got ${JSON.stringify(value) ?? String(value)}`,
    );
  return value;
}

/** Checks a request's widthPx and heightPx (each optional); returns the ones given. */
export function checkChartImageSize(req: {
  widthPx?: unknown;
  heightPx?: unknown;
}): ChartImageSize {
  return {
    ...(req.widthPx === undefined
      ? {}
      : { widthPx: pixels(req.widthPx, 'widthPx', CHART_SIDE_PX) }),
    ...(req.heightPx === undefined
      ? {}
      : { heightPx: pixels(req.heightPx, 'heightPx', CHART_SIDE_PX) }),
  };
}
