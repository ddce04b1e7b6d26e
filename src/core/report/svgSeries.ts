// Which colour each series of a rendered ECharts SVG is drawn in, by the name its legend shows: how
// tests check that a server keeps its colour from chart to chart (test support beside labelBoxes.ts).

/**
 * Legend name -> colour of the series' first mark (bar or marker fill, else line stroke). ECharts
 * writes a legend item's text and then its hit area, which carries the series index; the marks of the
 * plot carry the same index.
 */
export function seriesColours(svg: string): Map<string, string> {
  const colours = new Map<string, string>();
  const legend =
    /<text\b[^>]*>([^<]+)<\/text>\s*<path\b[^>]*ecmeta_series_index="(\d+)"[^>]*ecmeta_ssr_type="legend"/g;
  for (const [, name = '', index] of svg.matchAll(legend)) {
    const mark = new RegExp(
      `<path\\b[^>]*(?:fill|stroke)="(#[0-9a-f]{6})"[^>]*ecmeta_series_index="${index}"[^>]*ecmeta_ssr_type="chart"`,
      'i',
    ).exec(svg);
    if (mark?.[1]) colours.set(name.trim(), mark[1].toLowerCase());
  }
  return colours;
}
