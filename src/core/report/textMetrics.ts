// DejaVu Sans text widths for the headless renderer; the table lives in shared so the chart builders
// lay out labels with the same widths the exports are drawn with.
export { dejaVuSansWidthPx } from '../../shared/charts/textWidth.ts';
