// Text widths of DejaVu Sans, the font PNG exports are drawn with, so ECharts lays out legends and
// labels for the glyphs resvg will actually draw (its built-in estimate assumes narrower Arial), and
// the chart builders can wrap or rotate axis labels before they collide (in the UI too: DejaVu runs
// wider than the UI's sans-serif, so a label that fits here fits there).

/** Printable ASCII and a few punctuation marks the charts use, in order of DEJAVU_SANS_ADVANCE_EM. */
const CHARS =
  ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~·–—…';

/** Advance widths in em, read from DejaVuSans.ttf (hmtx through its cmap, 2048 units per em). */
const DEJAVU_SANS_ADVANCE_EM = [
  0.318, 0.401, 0.46, 0.838, 0.636, 0.95, 0.78, 0.275, 0.39, 0.39, 0.5, 0.838, 0.318, 0.361, 0.318,
  0.337, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.337, 0.337, 0.838,
  0.838, 0.838, 0.531, 1.0, 0.684, 0.686, 0.698, 0.77, 0.632, 0.575, 0.775, 0.752, 0.295, 0.295,
  0.656, 0.557, 0.863, 0.748, 0.787, 0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685,
  0.611, 0.685, 0.39, 0.337, 0.39, 0.838, 0.5, 0.5, 0.613, 0.635, 0.55, 0.635, 0.615, 0.352, 0.635,
  0.634, 0.278, 0.278, 0.579, 0.278, 0.974, 0.634, 0.612, 0.635, 0.635, 0.411, 0.521, 0.392, 0.634,
  0.592, 0.818, 0.592, 0.592, 0.525, 0.636, 0.337, 0.636, 0.838, 0.318, 0.5, 1.0, 1.0,
];

const ADVANCE = new Map([...CHARS].map((c, i) => [c, DEJAVU_SANS_ADVANCE_EM[i] as number]));

/** Width of characters outside the table (accented letters and the like): a typical letter. */
const OTHER_EM = 0.65;
/**
 * CJK ideographs are a full em wide. zrender takes the width of "国" as the line height of
 * multi-line text, so without this wrapped labels would be spaced 0.65 em apart and overprint.
 */
const WIDE_EM = 1;
const WIDE = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;
/** DejaVu Sans Bold runs about this much wider than the regular face (resvg draws chart titles 1.13 wider). */
const BOLD_FACTOR = 1.13;

/** Width in pixels of `text` in a CSS `font` such as "bold 14px sans-serif" (12 px by default). */
export function dejaVuSansWidthPx(text: string, font = ''): number {
  const sizePx = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 12);
  const bold = /\bbold\b|\b[6-9]00\b/.test(font);
  let em = 0;
  for (const c of text) em += ADVANCE.get(c) ?? (WIDE.test(c) ? WIDE_EM : OTHER_EM);
  return em * sizePx * (bold ? BOLD_FACTOR : 1);
}

/** Words of `text` greedily joined into lines no wider than `maxPx` in `font`; null if one word is wider. */
export function wrapWords(text: string, maxPx: number, font: string): string[] | null {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    if (dejaVuSansWidthPx(word, font) > maxPx) return null;
    const joined = line === '' ? word : `${line} ${word}`;
    if (dejaVuSansWidthPx(joined, font) <= maxPx) line = joined;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
