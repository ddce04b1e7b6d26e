// Category axis labels that never overprint: each label is wrapped (at its " · " parts, then at spaces)
// to the width of its slot, or, when a single word is wider than the slot, drawn on one rotated line
// whose slant leaves a line's height between neighbours. Widths are DejaVu Sans's, as exports draw.
import { dejaVuSansWidthPx, wrapWords } from './textWidth.ts';

/** Font size of category labels (ECharts' default axis label size). */
export const CATEGORY_LABEL_PX = 12;
/**
 * Spacing of wrapped lines. Set, not left to zrender, which takes the width of "国" as the line
 * height: a browser without a CJK font measures a narrow fallback and stacks lines into each other.
 */
const LINE_HEIGHT_PX = 15;
/** Room kept free between neighbouring labels. */
const GAP_PX = 6;
/** Chart width taken by the y axis (labels and name) and the grid's margins, not by categories. */
const Y_AXIS_AND_MARGINS_PX = 110;

/** Labels as the axis draws them, and how. */
export interface CategoryLabels {
  /** One per category: lines joined by "\n" when wrapped, one line when rotated. */
  texts: string[];
  /** 0 (wrapped, horizontal), 45 or 90 degrees. */
  rotateDeg: 0 | 45 | 90;
  /** Width of one category's slot on the axis, as estimated. */
  slotPx: number;
}

function widthPx(text: string): number {
  return dejaVuSansWidthPx(text, `${CATEGORY_LABEL_PX}px`);
}

/** Width of one category's slot when `count` categories share a chart `chartWidthPx` wide. */
export function categorySlotPx(chartWidthPx: number, count: number): number {
  return Math.max(1, chartWidthPx - Y_AXIS_AND_MARGINS_PX) / Math.max(1, count);
}

/** A label's parts joined with " · " into lines no wider than `maxPx`; null if that cannot be done. */
export function wrapParts(parts: readonly string[], maxPx: number): string[] | null {
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines[lines.length - 1];
    if (last !== undefined && widthPx(`${last} · ${part}`) <= maxPx) {
      lines[lines.length - 1] = `${last} · ${part}`;
      continue;
    }
    const wrapped = wrapWords(part, maxPx, `${CATEGORY_LABEL_PX}px`);
    if (wrapped === null) return null;
    lines.push(...wrapped);
  }
  return lines;
}

/**
 * How to draw categories named by `parts` (e.g. ["OpenDJ 4.9.4", "salford/S.3", "10K entries"]) on a
 * chart `chartWidthPx` wide: wrapped to the slot when every word fits it, else rotated.
 */
export function layoutCategoryLabels(
  parts: readonly (readonly string[])[],
  chartWidthPx: number,
): CategoryLabels {
  const slotPx = categorySlotPx(chartWidthPx, parts.length);
  const wrapped = parts.map((p) => wrapParts(p, slotPx - GAP_PX));
  if (wrapped.every((lines) => lines !== null))
    return { texts: wrapped.map((lines) => (lines ?? []).join('\n')), rotateDeg: 0, slotPx };
  // Slanted lines are slot * sin(angle) apart, measured across them: that must hold a line.
  const rotateDeg = slotPx * Math.SQRT1_2 >= CATEGORY_LABEL_PX + GAP_PX ? 45 : 90;
  return { texts: parts.map((p) => p.join(' · ')), rotateDeg, slotPx };
}

/** The ECharts axisLabel settings for labels laid out by `layoutCategoryLabels`. */
export function categoryAxisLabel(layout: CategoryLabels, color: string): Record<string, unknown> {
  return {
    color,
    fontSize: CATEGORY_LABEL_PX,
    lineHeight: LINE_HEIGHT_PX,
    interval: 0,
    rotate: layout.rotateDeg,
    // ECharts would otherwise re-wrap or hide labels by its own estimate.
    hideOverlap: false,
    formatter: (_value: string, index: number) => layout.texts[index] ?? '',
  };
}
