import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BarSeriesOption, LineSeriesOption } from 'echarts';
import { salfordTable5, threeServerCampaign } from './campaignFixtures.ts';
import { CHART_KINDS } from './chartKinds.ts';
import { compareChartOption } from './compareChart.ts';
import { SERIES_COLORS } from './palette.ts';
import { colorOfServer, freeColors, serverColors, serverShade } from './serverColors.ts';

const campaign = threeServerCampaign();
const colors = serverColors(campaign);
const OPENLDAP = 'OpenLDAP 2.5.13';

/** Every (name, colour) a chart draws: line series, bar series, and single bars of the 'bars' kind. */
function drawnColors(kind: (typeof CHART_KINDS)[number], runs = campaign, map = colors) {
  const option = compareChartOption(kind, runs, { animation: false, serverColors: map });
  const drawn: [string, string][] = [];
  for (const s of option.series as (LineSeriesOption | BarSeriesOption)[]) {
    if ((s.type as string) === 'custom') continue;
    const color = (s.itemStyle as { color?: string } | undefined)?.color;
    if (color) drawn.push([String(s.name), color]);
    if (kind === 'bars')
      (s.data as { itemStyle: { color: string } }[]).forEach((d, i) => {
        const names = (option.xAxis as { data: string[] }).data;
        drawn.push([names[i] ?? '', d.itemStyle.color]);
      });
  }
  return drawn;
}

test('servers get palette colours in the order of their sorted short names', () => {
  assert.deepEqual(
    [...colors.entries()],
    [
      ['389 DS 2.3.1', SERIES_COLORS[0]],
      ['OpenDJ 4.9.4', SERIES_COLORS[1]],
      [OPENLDAP, SERIES_COLORS[2]],
    ],
  );
  // The order the runs come in does not matter.
  assert.deepEqual([...serverColors([...campaign].reverse())], [...colors]);
});

test('OpenLDAP has one colour in every chart kind, the first series of each server unshaded', () => {
  for (const kind of CHART_KINDS) {
    const drawn = drawnColors(kind);
    const openldap = drawn.filter(([name]) => name.startsWith(OPENLDAP)).map(([, c]) => c);
    assert.ok(openldap.length > 0, kind);
    assert.equal(openldap[0], colors.get(OPENLDAP), kind);
    // Later series of the same server are shades of its colour, never another server's colour.
    const others = [...colors.entries()].filter(([name]) => name !== OPENLDAP).map(([, c]) => c);
    assert.ok(
      openldap.every((c) => !others.includes(c)),
      `${kind}: ${openldap.join(', ')}`,
    );
  }
});

test('a chart of some servers keeps the campaign colours when given the campaign map', () => {
  const openldapOnly = campaign.filter((r) => r.labKind === 'openldap');
  for (const kind of CHART_KINDS) {
    const [first] = drawnColors(kind, openldapOnly);
    assert.equal(first?.[1], colors.get(OPENLDAP), kind);
  }
  // Without the map, the colours come from the runs charted: OpenLDAP alone takes the first one.
  const option = compareChartOption('trend', openldapOnly, { animation: false });
  const [line] = option.series as LineSeriesOption[];
  assert.equal((line?.itemStyle as { color: string }).color, SERIES_COLORS[0]);
});

test('published lines take palette colours no server has', () => {
  const table = salfordTable5();
  const option = compareChartOption('trend', campaign, {
    references: [table],
    serverColors: colors,
  });
  const published = (option.series as LineSeriesOption[]).find((s) =>
    String(s.name).includes('published'),
  );
  assert.equal((published?.itemStyle as { color: string }).color, SERIES_COLORS[3]);
  assert.deepEqual(freeColors(colors), SERIES_COLORS.slice(3));
});

test('an unknown server takes a free colour; shades step lighter and darker with other markers', () => {
  assert.equal(colorOfServer(colors, 'Samba AD 4.19.5'), SERIES_COLORS[3]);
  assert.deepEqual(serverShade('#2563eb', 0), { color: '#2563eb', symbol: 'circle' });
  const lighter = serverShade('#000000', 1);
  const darker = serverShade('#ffffff', 2);
  assert.equal(lighter.symbol, 'triangle');
  assert.ok(
    lighter.color > '#000000' && darker.color < '#ffffff',
    `${lighter.color} ${darker.color}`,
  );
});
