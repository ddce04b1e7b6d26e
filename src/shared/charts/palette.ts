// Colours and text styles of DirBench's charts (the run charts' look), for the UI and headless exports alike.

/** Fixed colours: axes, grid lines, legend text, phase shading. */
export const CHART_COLORS = {
  ops: '#2563eb',
  target: '#0f172a',
  p50: '#0d9488',
  p99: '#ea580c',
  intended: '#7c3aed',
  axis: '#94a3b8',
  axisLine: '#cbd5e1',
  grid: '#eef1f5',
  legendText: '#475569',
  muted: '#64748b',
  title: '#0f172a',
  shading: 'rgba(100, 116, 139, 0.10)',
} as const;

/** Series colours in order (a series keeps its colour across charts of one comparison). */
export const SERIES_COLORS: readonly string[] = [
  '#2563eb',
  '#ea580c',
  '#0d9488',
  '#7c3aed',
  '#db2777',
  '#ca8a04',
  '#0891b2',
  '#65a30d',
];

/** Colour of the i-th series, cycling through the palette. */
export function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length] as string;
}

/** Font stack: the UI's sans-serif, and DejaVu Sans, which the headless PNG renderer has. */
export const CHART_FONT_FAMILY = 'DejaVu Sans, Helvetica, Arial, sans-serif';
