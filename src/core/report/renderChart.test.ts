import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Resvg } from '@resvg/resvg-js';
import { compareRunFixture as run } from '../../shared/compareFixtures.ts';
import { CHART_KINDS } from '../../shared/charts/chartKinds.ts';
import { compareChartOption } from '../../shared/charts/compareChart.ts';
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
