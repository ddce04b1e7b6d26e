import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Resvg } from '@resvg/resvg-js';
import { compareRunFixture as run } from '../../shared/compareFixtures.ts';
import { CHART_KINDS } from '../../shared/charts/chartKinds.ts';
import { chartTitle, compareChartOption } from '../../shared/charts/compareChart.ts';
import { threeServerCampaign } from '../../shared/charts/campaignFixtures.ts';
import { renderChartPng, renderChartSvg } from './renderChart.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const runs = [
  run({ id: 'a', entries: 10_000, opsPerSec: 5000 }),
  run({ id: 'b', entries: 100_000, opsPerSec: 3000, serverVersion: '2.6.0' }),
];

test('every chart renders to an SVG document that parses as XML, with its series text', () => {
  for (const kind of CHART_KINDS) {
    const svg = renderChartSvg(compareChartOption(kind, runs, { title: `chart ${kind}` }), {
      widthPx: 640,
      heightPx: 360,
    });
    assert.match(svg, /^<svg[\s>]/, kind);
    assert.match(svg, /<\/svg>\s*$/, kind);
    // resvg parses with a strict XML parser: a malformed document throws here.
    const parsed = new Resvg(svg);
    assert.deepEqual([parsed.width, parsed.height], [640, 360], kind);
    assert.ok(svg.includes(`chart ${kind}`), kind);
  }
});

test('PNG exports carry the PNG signature and the requested size', () => {
  const png = renderChartPng(compareChartOption('trend', runs), { widthPx: 800, heightPx: 450 });
  assert.deepEqual(png.subarray(0, 8), PNG_SIGNATURE);
  // IHDR: width and height as big-endian 32-bit integers at bytes 16..24.
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [800, 450]);
  // A drawn chart, not a blank page: lines and text compress to more than a few hundred bytes.
  assert.ok(png.length > 5000, `PNG is only ${png.length} bytes`);
});

/** Right edge of the ink of `svg`'s title lines (its weight-600 texts) as resvg draws them in DejaVu Sans. */
function titleInkRightPx(svg: string): number {
  const titles = svg.match(/<text\b[^>]*font-weight:600;[^>]*>[^<]*<\/text>/g) ?? [];
  const alone = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="200">${titles.join('')}</svg>`;
  const font = {
    loadSystemFonts: true,
    defaultFontFamily: 'DejaVu Sans',
    sansSerifFamily: 'DejaVu Sans',
  };
  const box = new Resvg(alone, { font }).innerBBox();
  return box === undefined ? 0 : box.x + box.width;
}

test('titles wrap before they reach the right edge, measured as resvg draws them', () => {
  const campaign = threeServerCampaign();
  // 507 px: the grouped title's estimate just fits one line there, its bold glyphs do not.
  for (const widthPx of [400, 507, 640])
    for (const kind of CHART_KINDS)
      for (const metric of ['opsPerSec', 'p99Us'] as const) {
        const size = { widthPx, heightPx: 400 };
        const option = compareChartOption(kind, campaign, {
          title: chartTitle(kind, metric),
          metric,
          animation: false,
          ...size,
        });
        const right = titleInkRightPx(renderChartSvg(option, size));
        assert.ok(
          right > 0 && right <= widthPx - 8,
          `${kind} of ${metric} at ${widthPx}: ${right}`,
        );
      }
});
