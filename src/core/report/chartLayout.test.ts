// The compare charts drawn headlessly with the longest vendor strings seen (three lab servers, two
// tests, two sizes: twelve bars), checked for overprinted labels and for whiskers on their bars.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { threeServerCampaign } from '../../shared/charts/campaignFixtures.ts';
import { CHART_KINDS } from '../../shared/charts/chartKinds.ts';
import type { ChartKind } from '../../shared/charts/chartKinds.ts';
import { chartTitle, compareChartOption } from '../../shared/charts/compareChart.ts';
import type { CompareRun } from '../../shared/compare.ts';
import type { CompareMetric } from '../../shared/compareSeries.ts';
import { seedIssueCampaign } from './campaignFixture.ts';
import { exportReport } from './exportFiles.ts';
import { labelOverlaps, labelsOffCanvas, svgTextBoxes } from './labelBoxes.ts';
import { memoryDb } from './reportFixtures.ts';
import { renderChartSvg } from './renderChart.ts';

const campaign = threeServerCampaign();

function draw(
  kind: ChartKind,
  runs: readonly CompareRun[],
  widthPx: number,
  heightPx = 540,
  metric: CompareMetric = 'opsPerSec',
) {
  const option = compareChartOption(kind, runs, {
    title: chartTitle(kind, metric),
    metric,
    animation: false,
    widthPx,
    heightPx,
  });
  return renderChartSvg(option, { widthPx, heightPx });
}

test('bars and grouped bars of twelve cells never overprint a label, wide or narrow', () => {
  for (const kind of ['bars', 'grouped'] as const) {
    for (const [widthPx, heightPx] of [
      [960, 540],
      [1280, 720],
      [640, 360],
      [400, 540],
    ] as const) {
      const svg = draw(kind, campaign, widthPx, heightPx);
      assert.deepEqual(labelOverlaps(svg), [], `${kind} at ${widthPx} x ${heightPx}`);
      assert.deepEqual(labelsOffCanvas(svg), [], `${kind} at ${widthPx} x ${heightPx}`);
    }
  }
});

test('the bars name every cell by short server names; the grouped legend names the three servers', () => {
  const bars = svgTextBoxes(draw('bars', campaign, 960)).map((b) => b.text);
  for (const name of ['OpenLDAP', '389 DS', 'OpenDJ', '4.9.4', 'salford/S.3', 'entries'])
    assert.ok(bars.includes(name), `${name} in ${bars.join(' | ')}`);
  assert.ok(!bars.some((t) => t.includes('Open Identity Platform')), 'no full vendor string');
  const grouped = svgTextBoxes(draw('grouped', campaign, 960)).map((b) => b.text);
  for (const name of [
    'OpenLDAP 2.5.13',
    '389 DS 2.3.1',
    'OpenDJ 4.9.4',
    'salford/S.1 · 2K entries',
  ])
    assert.ok(grouped.includes(name), `${name} in ${grouped.join(' | ')}`);
});

test('every chart kind of the campaign draws without overprinted labels, wide or narrow', () => {
  // Twenty-four runs overlaid name a legend too long to wrap: it scrolls, a page of whole items.
  // A latency figure names the y axis "p99 latency (ms)": it too stays on the chart.
  for (const [widthPx, heightPx] of [
    [960, 540],
    [640, 360],
    [400, 540],
  ] as const) {
    for (const kind of CHART_KINDS) {
      for (const metric of ['opsPerSec', 'p99Us'] as const) {
        const svg = draw(kind, campaign, widthPx, heightPx, metric);
        const what = `${kind} of ${metric} at ${widthPx} x ${heightPx}`;
        assert.deepEqual(labelOverlaps(svg), [], what);
        assert.deepEqual(labelsOffCanvas(svg), [], what);
      }
    }
  }
});

test('five servers, twenty bars: the slanted labels stay apart and on the chart', () => {
  const five = [
    ...campaign,
    ...campaign
      .filter((r) => r.labKind === 'openldap')
      .flatMap((r) => [
        {
          ...r,
          id: `${r.id}-apacheds`,
          labKind: 'apacheds' as const,
          serverVendor: 'Apache Software Foundation',
          serverVersion: 'ApacheDS 2.0.0.AM27',
        },
        {
          ...r,
          id: `${r.id}-samba`,
          labKind: 'samba-ad' as const,
          serverVendor: 'Samba Team (https://www.samba.org)',
          serverVersion: 'Samba 4.17.12-Debian',
        },
      ]),
  ];
  for (const kind of ['bars', 'grouped'] as const) {
    const svg = draw(kind, five, 960);
    assert.deepEqual(labelOverlaps(svg), [], kind);
    assert.deepEqual(labelsOffCanvas(svg), [], kind);
  }
  assert.ok(svgTextBoxes(draw('grouped', five, 960)).some((b) => b.text === 'Samba AD 4.17.12'));
});

/** Centres of the bars (series below `servers`) and x of the whiskers' upright strokes in an SVG. */
function barAndWhiskerCentres(
  svg: string,
  servers: number,
): { bars: number[]; whiskers: number[] } {
  const bars: number[] = [];
  const whiskers: number[] = [];
  for (const [path = '', series] of svg.matchAll(/<path [^>]*ecmeta_series_index="(\d+)"[^>]*>/g)) {
    if (!path.includes('ecmeta_ssr_type="chart"')) continue;
    const d = /d="([^"]*)"/.exec(path)?.[1] ?? '';
    const bar = /^M([\d.]+) [\d.]+l([\d.]+) 0/.exec(d);
    const upright = /^M([\d.]+) [\d.]+L([\d.]+) [\d.]+$/.exec(d);
    if (Number(series) < servers && bar) bars.push(Number(bar[1]) + Number(bar[2]) / 2);
    else if (Number(series) === servers && upright && upright[1] === upright[2])
      whiskers.push(Number(upright[1]));
  }
  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  return { bars: sorted(bars), whiskers: sorted(whiskers) };
}

test('grouped whiskers stand on their bars: many bars, bars at their widest, a cell not run', () => {
  const openldapOnly = campaign.filter(
    (r) => r.labKind === 'openldap' && r.workload === 'salford/S.1',
  );
  // OpenDJ never ran salford/S.3 at 10K: its bar and whisker are missing there, the others keep their place.
  const gap = campaign.filter(
    (r) => !(r.labKind === 'opendj' && r.workload === 'salford/S.3' && r.entries === 10_000),
  );
  for (const [name, runs, servers] of [
    ['twelve bars', campaign, 3],
    ['two wide bars', openldapOnly, 1],
    ['a missing cell', gap, 3],
  ] as const) {
    const { bars, whiskers } = barAndWhiskerCentres(draw('grouped', runs, 960), servers);
    assert.ok(bars.length > 0, name);
    assert.equal(whiskers.length, bars.length, name);
    bars.forEach((x, i) => assert.ok(Math.abs(x - (whiskers[i] ?? NaN)) < 0.6, `${name}: ${x}`));
  }
});

/** The report's chart titled `title`, from the report of the whole stored issue campaign. */
function reportChart(title: string): string {
  const db = memoryDb();
  try {
    seedIssueCampaign(db, 'c19');
    const html = exportReport(db, { campaignId: 'c19' }, () => []).text ?? '';
    const svg = new RegExp(`<svg [^>]*aria-label="${title}"[\\s\\S]*?</svg>`).exec(html)?.[0];
    assert.ok(svg, `no chart "${title}" in the report`);
    return svg;
  } finally {
    db.close();
  }
}

test("the report's latency chart of the whole campaign: its scrolling legend shows whole items", () => {
  // Twenty-four runs at 960 x 480: the legend scrolls; each page must hold only whole items, none
  // running under the page marker ("1/12") or cut off beside it.
  const svg = reportChart('Latency distribution \\(measured phase\\)');
  assert.match(svg, /^<svg [^>]*width="960" height="480"/);
  assert.deepEqual(labelOverlaps(svg), []);
  assert.deepEqual(labelsOffCanvas(svg), []);
  const shown = svgTextBoxes(svg);
  const whole = svgTextBoxes(svg.replace(/ clip-path="[^"]*"/g, ''));
  const key = (box: { text: string; corners: [number, number][] }) =>
    `${box.text} ${box.corners.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}`;
  const wholeKeys = new Set(whole.map(key));
  const cut = shown.filter((box) => !wholeKeys.has(key(box))).map((box) => box.text);
  assert.deepEqual(cut, [], 'texts cut by a clip');
  assert.ok(
    shown.some((box) => /^OpenLDAP 2\.5\.13 · salford\/S\.1 · 2K entries #1$/.test(box.text)),
  );
  assert.ok(
    shown.some((box) => /^1\/\d+$/.test(box.text)),
    'the page marker',
  );
});
