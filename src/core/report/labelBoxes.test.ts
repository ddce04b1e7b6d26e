import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  labelOverlaps,
  labelsOffCanvas,
  overlappingBoxes,
  parseTransform,
  svgTextBoxes,
} from './labelBoxes.ts';
import { dejaVuSansWidthPx } from './textMetrics.ts';

function svg(...texts: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">${texts.join('')}</svg>`;
}

function text(content: string, attributes: string): string {
  return `<text style="font-size:12px;font-family:sans-serif;" ${attributes}>${content}</text>`;
}

test('transforms compose left to right as SVG applies them', () => {
  assert.deepEqual(parseTransform('translate(10 20)'), [1, 0, 0, 1, 10, 20]);
  assert.deepEqual(
    parseTransform('matrix(0.707,-0.707,0.707,0.707,202.5,228)'),
    [0.707, -0.707, 0.707, 0.707, 202.5, 228],
  );
  const [a, b, c, d, e, f] = parseTransform('translate(100 0) rotate(90)');
  // (1, 0) rotated a quarter turn is (0, 1), then moved right by 100.
  assert.deepEqual(
    [a * 1 + c * 0 + e, b * 1 + d * 0 + f].map((v) => Math.round(v * 1e9) / 1e9),
    [100, 1],
  );
  assert.throws(() => parseTransform('skewX(10)'), /unsupported SVG transform skewX/);
});

test('a box follows the anchor, the baseline, the font size and the DejaVu width of its words', () => {
  const [box] = svgTextBoxes(
    svg(
      text(
        'A &amp; B',
        'dominant-baseline="central" text-anchor="middle" transform="translate(100 50)"',
      ),
    ),
  );
  const widthPx = dejaVuSansWidthPx('A & B', '12px');
  assert.equal(box?.text, 'A & B');
  assert.deepEqual(box?.corners, [
    [100 - widthPx / 2, 44],
    [100 + widthPx / 2, 44],
    [100 + widthPx / 2, 56],
    [100 - widthPx / 2, 56],
  ]);
  const [end] = svgTextBoxes(svg(text('x', 'text-anchor="end" x="10" y="20"')));
  // No dominant-baseline: the alphabetic baseline, most of the em above it.
  const [left = NaN, top = NaN] = end?.corners[0] ?? [];
  assert.ok(Math.abs(left - (10 - dejaVuSansWidthPx('x', '12px'))) < 1e-9, String(left));
  assert.ok(Math.abs(top - (20 - 9.6)) < 1e-9, String(top));
  assert.deepEqual(svgTextBoxes(svg(text('  ', 'x="1"'))), []);
});

test('overlapping labels are found, touching lines of one wrapped label are not', () => {
  const central = 'dominant-baseline="central" text-anchor="middle"';
  assert.deepEqual(
    labelOverlaps(
      svg(
        text('first line', `${central} transform="translate(100 50)"`),
        text('second line', `${central} transform="translate(100 62)"`),
      ),
    ),
    [],
  );
  assert.deepEqual(
    labelOverlaps(
      svg(
        text('OpenDJ 4.9.4', `${central} transform="translate(100 50)"`),
        text('389 DS 2.3.1', `${central} transform="translate(140 50)"`),
      ),
    ),
    ['"OpenDJ 4.9.4" over "389 DS 2.3.1"'],
  );
});

test('rotated labels are rotated rectangles: slanted neighbours clear of each other pass', () => {
  // Two long labels slanted 45 degrees, 30 px apart: their upright bounding boxes would overlap,
  // the rotated ones are 21 px apart across the slant, more than a 12 px line.
  const slanted = (x: number) =>
    text(
      'Open Identity Platform Community OpenDJ Server 4.9.4',
      `dominant-baseline="central" text-anchor="end" transform="matrix(0.707,-0.707,0.707,0.707,${x},400)"`,
    );
  const boxes = svgTextBoxes(svg(slanted(100), slanted(130)));
  assert.equal(boxes.length, 2);
  assert.deepEqual(overlappingBoxes(boxes), []);
  // 10 px apart they are 7 px apart across the slant: overprinted.
  assert.equal(overlappingBoxes(svgTextBoxes(svg(slanted(100), slanted(110)))).length, 1);
});

test('labels cut off by the edge of the chart are named', () => {
  const central = 'dominant-baseline="central" text-anchor="middle"';
  assert.deepEqual(
    labelsOffCanvas(
      svg(
        text('inside', `${central} transform="translate(200 150)"`),
        text('cut at the left', `${central} transform="translate(10 150)"`),
        text('below', `${central} transform="translate(200 299)"`),
      ),
    ),
    ['"cut at the left"', '"below"'],
  );
});

test('text in a clipped group counts only where it shows; clipped away, not at all', () => {
  const central = 'dominant-baseline="central" text-anchor="start"';
  const clipDefs =
    '<defs><clipPath id="c1"><path d="M0 0l100 0l0 20l-100 0Z" transform="translate(10 0)" fill="#000"></path></clipPath></defs>';
  const legend = svg(
    clipDefs,
    '<g clip-path="url(#c1)">',
    text('a legend item cut at the edge', `${central} transform="translate(60 10)"`),
    text('scrolled away', `${central} transform="translate(300 10)"`),
    '</g>',
    text('1/5', `dominant-baseline="central" text-anchor="middle" transform="translate(125 10)"`),
  );
  const boxes = svgTextBoxes(legend);
  assert.deepEqual(
    boxes.map((b) => b.text),
    ['a legend item cut at the edge', '1/5'],
  );
  // Cut at the clip's right edge (10 + 100), so it clears the pager text after it.
  assert.equal(Math.max(...(boxes[0]?.corners.map(([x]) => x) ?? [])), 110);
  assert.deepEqual(labelOverlaps(legend), []);
});
