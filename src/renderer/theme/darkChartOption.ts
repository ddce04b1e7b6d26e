// The dark variant of the project's chart palette: chart options are built with the light palette's
// fixed colours (src/shared/charts/palette.ts), which would be dark-on-dark; this swaps each for its
// dark-mode counterpart so axis text, grid lines, legends and tooltips stay readable.

/** Background of charts drawn in dark mode: the panels' surface colour (--surface in base.css). */
export const DARK_CHART_BACKGROUND = '#161d2b';

/** Light palette colour -> dark palette colour (lower-case hex). Series colours keep their hue. */
const DARK_COLORS: Readonly<Record<string, string>> = {
  '#0f172a': '#e2e8f0', // titles and the target line: near-black becomes near-white
  '#334155': '#cbd5e1',
  '#475569': '#cbd5e1', // legend text
  '#64748b': '#94a3b8', // muted names and labels
  '#cbd5e1': '#475569', // axis lines
  '#e2e8f0': '#334155',
  '#eef1f5': '#263041', // grid lines
  '#f1f5f9': '#263041',
  '#ffffff': DARK_CHART_BACKGROUND,
  '#fff': DARK_CHART_BACKGROUND,
  '#92400e': '#fbbf24', // amber notes (the reference chart's subtitle)
};

/** The dark palette's fixed colours, for the ECharts theme (charts/echarts.ts). */
export const DARK_CHART_PALETTE = {
  title: '#e2e8f0',
  text: '#cbd5e1',
  axis: '#94a3b8',
  axisLine: '#475569',
  grid: '#263041',
} as const;

/** Tooltip box of dark charts. */
export const DARK_TOOLTIP = {
  backgroundColor: '#1e2736',
  borderColor: '#334155',
  textStyle: { color: '#e2e8f0' },
};

/** Keys whose values are data points, never colours: not walked (series can hold thousands). */
const DATA_KEYS = new Set(['data', 'formatter']);

/** The dark counterpart of one colour, or the colour itself when the palette has none. */
export function darkColor(color: string): string {
  return DARK_COLORS[color.toLowerCase()] ?? color;
}

function mapColors(value: unknown): unknown {
  if (typeof value === 'string') return darkColor(value);
  if (Array.isArray(value)) return value.map(mapColors);
  if (typeof value !== 'object' || value === null) return value;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = DATA_KEYS.has(key) ? inner : mapColors(inner);
  }
  return out;
}

function darkTooltip(tooltip: unknown): unknown {
  if (Array.isArray(tooltip)) return tooltip.map(darkTooltip);
  if (typeof tooltip !== 'object' || tooltip === null) return tooltip;
  return { ...DARK_TOOLTIP, ...(tooltip as Record<string, unknown>) };
}

/**
 * `option` recoloured for a dark page: palette colours swapped (data and formatters untouched), a
 * dark background and tooltip; the caller's object is not changed.
 */
export function darkChartOption<T extends object>(option: T): T {
  const mapped = mapColors(option) as Record<string, unknown>;
  return {
    ...mapped,
    backgroundColor: DARK_CHART_BACKGROUND,
    ...('tooltip' in mapped ? { tooltip: darkTooltip(mapped['tooltip']) } : {}),
  } as T;
}
