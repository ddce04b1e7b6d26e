// Boxes of the text an SVG chart draws, to check that no two labels overprint: each <text> becomes a
// rectangle from its position, anchor, baseline and font size, the DejaVu Sans width of its words (the
// font the exports are drawn with) and its transform (rotated labels give rotated rectangles).
// Test support for chart and CLI tests, kept beside the renderer whose output it reads.
import { dejaVuSansWidthPx } from './textMetrics.ts';

/** A drawn text's box: its words and the four corners of its rectangle in SVG coordinates. */
export interface TextBox {
  text: string;
  corners: [number, number][];
}

/** An affine transform [a, b, c, d, e, f] as SVG writes it: x' = a x + c y + e, y' = b x + d y + f. */
type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** An SVG transform list (matrix, translate, rotate, scale) as one matrix. */
export function parseTransform(text: string | undefined): Matrix {
  let result = IDENTITY;
  for (const [, name, args] of (text ?? '').matchAll(/(\w+)\s*\(([^)]*)\)/g)) {
    const v = (args ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    const [p = 0, q, r = 0, s = 0] = v;
    let step: Matrix;
    if (name === 'matrix') step = [p, q ?? 0, r, s, v[4] ?? 0, v[5] ?? 0];
    else if (name === 'translate') step = [1, 0, 0, 1, p, q ?? 0];
    else if (name === 'scale') step = [p, 0, 0, q ?? p, 0, 0];
    else if (name === 'rotate') {
      const rad = (p * Math.PI) / 180;
      const [cos, sin] = [Math.cos(rad), Math.sin(rad)];
      const [cx, cy] = [q ?? 0, r];
      step = [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy];
    } else throw new Error(`unsupported SVG transform ${name ?? ''}`);
    result = multiply(result, step);
  }
  return result;
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

function styleValue(tag: string, name: string): string | undefined {
  return new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`).exec(attribute(tag, 'style') ?? '')?.[1];
}

function decode(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Top and bottom of a line of `sizePx` text around its y, by `dominant-baseline`. */
function verticalExtent(baseline: string | undefined, sizePx: number): [number, number] {
  if (baseline === 'central' || baseline === 'middle') return [-sizePx / 2, sizePx / 2];
  if (baseline === 'hanging' || baseline === 'text-before-edge') return [0, sizePx];
  if (baseline === 'text-after-edge' || baseline === 'ideographic') return [-sizePx, 0];
  return [-0.8 * sizePx, 0.2 * sizePx];
}

/** An upright rectangle: left, top, right, bottom. */
type Rect = [number, number, number, number];

/**
 * The clip rectangles an SVG defines (zrender writes each as one rectangular path, perhaps moved by
 * a translate), by id; other shapes are left out, so what they clip counts in full.
 */
function clipRects(svg: string): Map<string, Rect> {
  const rects = new Map<string, Rect>();
  const pattern =
    /<clipPath id="([^"]+)">\s*<path d="M(-?[\d.]+) (-?[\d.]+)l(-?[\d.]+) 0l0 (-?[\d.]+)l-?[\d.]+ 0Z"([^>]*)>/g;
  for (const [, id = '', x, y, w, h, rest = ''] of svg.matchAll(pattern)) {
    const m = parseTransform(attribute(rest, 'transform'));
    if (m[0] !== 1 || m[1] !== 0 || m[2] !== 0 || m[3] !== 1) continue;
    const [left, top] = [Number(x) + m[4], Number(y) + m[5]];
    rects.set(id, [left, top, left + Number(w), top + Number(h)]);
  }
  return rects;
}

function intersect(a: Rect | null, b: Rect): Rect {
  if (a === null) return b;
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

/** The part of an upright box inside `clip`; null when nothing of it shows. Slanted boxes stay whole. */
function clipped(corners: [number, number][], clip: Rect | null): [number, number][] | null {
  if (clip === null) return corners;
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const upright =
    new Set(xs.map((x) => x.toFixed(6))).size <= 2 &&
    new Set(ys.map((y) => y.toFixed(6))).size <= 2;
  if (!upright) return corners;
  const [left, top, right, bottom] = intersect(
    [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
    clip,
  );
  if (right <= left || bottom <= top) return null;
  return [
    [left, top],
    [right, top],
    [right, bottom],
    [left, bottom],
  ];
}

/** A <text>'s box before clipping: position, anchor, baseline, font size, DejaVu width, transform. */
function textCorners(tag: string, text: string): [number, number][] {
  const style = attribute(tag, 'style') ?? '';
  const sizePx = Number(/([\d.]+)px/.exec(styleValue(tag, 'font-size') ?? style)?.[1] ?? 12);
  const weight = styleValue(tag, 'font-weight') ?? (/\bbold\b/.test(style) ? 'bold' : '');
  const widthPx = dejaVuSansWidthPx(text, `${weight} ${sizePx}px`);
  const x = Number(attribute(tag, 'x') ?? 0);
  const y = Number(attribute(tag, 'y') ?? 0);
  const anchor = attribute(tag, 'text-anchor');
  const left = x - (anchor === 'middle' ? widthPx / 2 : anchor === 'end' ? widthPx : 0);
  const [top, bottom] = verticalExtent(attribute(tag, 'dominant-baseline'), sizePx);
  const m = parseTransform(attribute(tag, 'transform'));
  const local: [number, number][] = [
    [left, y + top],
    [left + widthPx, y + top],
    [left + widthPx, y + bottom],
    [left, y + bottom],
  ];
  return local.map(([px, py]) => [m[0] * px + m[2] * py + m[4], m[1] * px + m[3] * py + m[5]]);
}

/**
 * Every non-blank <text> of `svg` as a box (glyph em boxes: a line is as tall as its font size),
 * cut to the rectangles its groups clip it to (a scrolling legend's last, half-shown item); text
 * clipped away entirely is left out.
 */
export function svgTextBoxes(svg: string): TextBox[] {
  const rects = clipRects(svg);
  const boxes: TextBox[] = [];
  // The clip in force at each open <g>, innermost last.
  const clips: (Rect | null)[] = [];
  for (const [element = ''] of svg.matchAll(/<\/g>|<g\b[^>]*>|<text\b[^>]*>[\s\S]*?<\/text>/g)) {
    const current = clips[clips.length - 1] ?? null;
    if (element === '</g>') {
      clips.pop();
      continue;
    }
    if (element.startsWith('<g')) {
      const id = /clip-path="url\(#([^)]+)\)"/.exec(element)?.[1];
      const rect = id === undefined ? undefined : rects.get(id);
      clips.push(rect === undefined ? current : intersect(current, rect));
      continue;
    }
    const [, tag = '', body = ''] = /^<text\b([^>]*)>([\s\S]*?)<\/text>$/.exec(element) ?? [];
    const text = decode(body);
    if (text.trim() === '') continue;
    const corners = clipped(textCorners(tag, text), current);
    if (corners !== null) boxes.push({ text, corners });
  }
  return boxes;
}

/** How far two convex polygons overlap along one axis (negative: a gap). */
function overlapAlong(a: TextBox, b: TextBox, axis: [number, number]): number {
  const project = (box: TextBox) => box.corners.map(([x, y]) => x * axis[0] + y * axis[1]);
  const [pa, pb] = [project(a), project(b)];
  return Math.min(Math.max(...pa), Math.max(...pb)) - Math.max(Math.min(...pa), Math.min(...pb));
}

function edgeNormals(box: TextBox): [number, number][] {
  return box.corners.slice(0, 2).map((corner, i) => {
    const next = box.corners[i + 1] as [number, number];
    const [dx, dy] = [next[0] - corner[0], next[1] - corner[1]];
    const length = Math.hypot(dx, dy) || 1;
    return [-dy / length, dx / length];
  });
}

/**
 * Pairs of boxes that overlap by more than `tolerancePx` on every axis (separating axis test on the
 * rectangles' edges), so touching lines of one wrapped label do not count.
 */
export function overlappingBoxes(
  boxes: readonly TextBox[],
  tolerancePx = 0.5,
): [TextBox, TextBox][] {
  const pairs: [TextBox, TextBox][] = [];
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) {
      const axes = [...edgeNormals(a), ...edgeNormals(b)];
      if (axes.every((axis) => overlapAlong(a, b, axis) > tolerancePx)) pairs.push([a, b]);
    }
  });
  return pairs;
}

/** Texts of an SVG chart drawn partly outside its own width and height (cut off), in words. */
export function labelsOffCanvas(svg: string, tolerancePx = 0.5): string[] {
  const widthPx = Number(/<svg\b[^>]*\swidth="([\d.]+)/.exec(svg)?.[1] ?? Infinity);
  const heightPx = Number(/<svg\b[^>]*\sheight="([\d.]+)/.exec(svg)?.[1] ?? Infinity);
  return svgTextBoxes(svg)
    .filter((box) =>
      box.corners.some(
        ([x, y]) =>
          x < -tolerancePx ||
          y < -tolerancePx ||
          x > widthPx + tolerancePx ||
          y > heightPx + tolerancePx,
      ),
    )
    .map((box) => JSON.stringify(box.text));
}

/** The overprinted labels of an SVG chart in words ("'a' over 'b'"); empty when none overlap. */
export function labelOverlaps(svg: string, tolerancePx = 0.5): string[] {
  return overlappingBoxes(svgTextBoxes(svg), tolerancePx).map(
    ([a, b]) => `${JSON.stringify(a.text)} over ${JSON.stringify(b.text)}`,
  );
}
