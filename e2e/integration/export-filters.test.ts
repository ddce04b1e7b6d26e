// Issue 19's campaign (salford/S.1 and S.3 on OpenLDAP, 389 DS and OpenDJ at 2,000 and 10,000
// entries, two repeats, the real vendor strings) stored in a data folder, then exported through the
// CLI: a grouped bar chart per test whose labels never overprint, in each server's trend-chart colour
// whatever the filters leave out, PNGs at the asked size, and a report of only the filtered runs.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { seedIssueCampaign } from '../../src/core/report/campaignFixture.ts';
import { labelOverlaps, labelsOffCanvas } from '../../src/core/report/labelBoxes.ts';
import { seriesColours } from '../../src/core/report/svgSeries.ts';
import { openDatabase } from '../../src/core/store/database.ts';
import { runCli } from './cliHarness.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-export-filters-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const CAMPAIGN = 'cmp-issue19';
const TESTS = ['salford/S.1', 'salford/S.3'];
const SERVERS = ['OpenLDAP 2.5.13', '389 DS 2.3.1', 'OpenDJ 4.9.4'];
let runIds: string[] = [];

before(() => {
  const db = openDatabase(path.join(dataDir, 'dirbench.sqlite'));
  try {
    runIds = seedIssueCampaign(db, CAMPAIGN);
  } finally {
    db.close();
  }
});

/** Runs `dirbench ARGS --out NAME` in the data folder, expecting success; returns the file. */
async function exported(args: string[], name: string): Promise<Buffer> {
  const file = path.join(dataDir, name);
  const result = await runCli([...args, '--out', file], dataDir, 60_000);
  assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
  return readFileSync(file);
}

async function svgOf(args: string[], name: string): Promise<string> {
  return (await exported([...args, '--format', 'svg'], name)).toString('utf8');
}

function campaignArgs(...more: string[]): string[] {
  return ['export', '--campaign', CAMPAIGN, ...more];
}

test('a grouped bar chart per test: every server, no two labels overprint, trend-chart colours', async () => {
  for (const [t, workload] of TESTS.entries()) {
    const size = ['--width', '900', '--height', '500'];
    const grouped = await svgOf(
      campaignArgs('--chart', 'grouped', '--test', workload, ...size),
      `grouped-${t}.svg`,
    );
    assert.match(grouped, /^<svg width="900" height="500"/);
    assert.deepEqual(labelOverlaps(grouped), [], `${workload}: labels overprint`);
    assert.deepEqual(labelsOffCanvas(grouped), [], `${workload}: labels cut off`);
    const bars = seriesColours(grouped);
    assert.deepEqual([...bars.keys()].sort(), [...SERVERS].sort(), workload);
    assert.equal(new Set(bars.values()).size, SERVERS.length, 'one colour per server');

    const trend = await svgOf(
      campaignArgs('--chart', 'trend', '--test', workload, ...size),
      `trend-${t}.svg`,
    );
    const lines = seriesColours(trend);
    for (const server of SERVERS)
      assert.equal(bars.get(server), lines.get(server), `${workload}: ${server} bar vs line`);
  }
});

test('the whole campaign grouped (tests and sizes as categories) stays readable when narrow', async () => {
  for (const [widthPx, heightPx] of [
    [640, 400],
    [960, 540],
  ]) {
    const svg = await svgOf(
      campaignArgs('--chart', 'grouped', '--width', String(widthPx), '--height', String(heightPx)),
      `grouped-all-${widthPx}.svg`,
    );
    assert.deepEqual(labelOverlaps(svg), [], `${widthPx} px: labels overprint`);
    assert.deepEqual(labelsOffCanvas(svg), [], `${widthPx} px: labels cut off`);
    assert.equal(seriesColours(svg).size, SERVERS.length);
  }
});

test("the campaign's whole trend chart draws each server's first test in its bar colour", async () => {
  const size = ['--width', '900', '--height', '500'];
  const bars = seriesColours(
    await svgOf(campaignArgs('--chart', 'grouped', '--test', 'salford/S.1', ...size), 's1.svg'),
  );
  // Unfiltered, a server's lines are one per test: S.1 in its colour, S.3 in a shade of it.
  const lines = seriesColours(await svgOf(campaignArgs('--chart', 'trend', ...size), 'trend.svg'));
  assert.equal(lines.size, SERVERS.length * TESTS.length);
  for (const server of SERVERS)
    assert.equal(lines.get(`${server} · salford/S.1`), bars.get(server), server);
});

test('a server keeps its colour when the filter leaves the others out', async () => {
  const all = seriesColours(
    await svgOf(campaignArgs('--chart', 'grouped', '--test', 'salford/S.1'), 'all.svg'),
  );
  for (const [i, name] of ['opendj', '389 Project 389-Directory/2.3.1 B2025.016.1616'].entries()) {
    const alone = seriesColours(
      await svgOf(
        campaignArgs('--chart', 'grouped', '--test', 'salford/S.1', '--server', name),
        `alone-${i}.svg`,
      ),
    );
    assert.equal(alone.size, 1, name);
    const [server, colour] = [...alone][0] ?? [];
    assert.equal(colour, all.get(server ?? ''), `${name}: ${server}`);
  }
});

test('PNG at the asked width and height (the header says so)', async () => {
  for (const [widthPx, heightPx] of [
    [900, 500],
    [640, 1200],
  ] as const) {
    const png = await exported(
      campaignArgs(
        '--chart',
        'grouped',
        '--test',
        'salford/S.3',
        '--size',
        '10K',
        '--format',
        'png',
        '--width',
        String(widthPx),
        '--height',
        String(heightPx),
      ),
      `s3-${widthPx}.png`,
    );
    assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [widthPx, heightPx]);
  }
});

test('the report covers only the filtered runs; CSV too', async () => {
  const html = (
    await exported(
      [
        'report',
        '--campaign',
        CAMPAIGN,
        '--test',
        'salford/S.3',
        '--server',
        'OpenDJ',
        '--server',
        '389ds',
        '--width',
        '800',
        '--height',
        '400',
      ],
      'filtered.html',
    )
  ).toString('utf8');
  const kept = runIds.filter((id) => /-(389ds|opendj)-2-/.test(id));
  assert.equal(kept.length, 8);
  for (const id of runIds) assert.equal(html.includes(`${id}<`), kept.includes(id), id);
  assert.match(html, /<h1>DirBench report: campaign .*: salford\/S\.3 · OpenDJ or 389ds<\/h1>/);
  assert.ok(!html.includes('OpenLDAP 2.5.13'), 'no OpenLDAP run, table or legend');
  const charts = html.match(/<svg [^>]*width="800" height="400"/g) ?? [];
  assert.ok(charts.length >= 2, `${charts.length} charts at 800 x 400`);

  const csv = (
    await exported(
      campaignArgs('--format', 'csv', '--size', '2,000', '--server', 'openldap'),
      'f.csv',
    )
  ).toString('utf8');
  const rows = csv.trimEnd().split('\r\n').slice(1);
  assert.deepEqual(
    rows.map((r) => r.split(',')[0]),
    runIds.filter((id) => id.includes('-openldap-') && id.includes('-2000-')),
  );
});

test('filters that match nothing, and sizes out of bounds, exit 2 naming the option and what exists', async () => {
  const cases: [string[], RegExp][] = [
    [
      campaignArgs('--chart', 'grouped', '--test', 'salford/S.9'),
      /--test: salford\/S\.9 matches no run of campaign cmp-issue19; its tests are salford\/S\.1, salford\/S\.3/,
    ],
    [
      campaignArgs('--chart', 'grouped', '--server', 'Oracle'),
      /--server: Oracle matches no run .*its servers are OpenLDAP 2\.5\.13, 389 DS 2\.3\.1, OpenDJ 4\.9\.4/,
    ],
    [
      campaignArgs('--chart', 'grouped', '--size', '5K'),
      /--size: 5K entries matches no run .*its sizes are 2K \(2,000\), 10K \(10,000\)/,
    ],
    [campaignArgs('--chart', 'grouped', '--size', 'big'), /--size is a number of entries/],
    [
      campaignArgs('--chart', 'grouped', '--width', '100'),
      /--width is a whole number of pixels from 320 to 8000; got "100"/,
    ],
    [
      campaignArgs('--chart', 'grouped', '--height', '9000'),
      /--height is a whole number of pixels/,
    ],
    [campaignArgs('--format', 'csv', '--width', '900'), /--width goes with --chart/],
  ];
  for (const [args, message] of cases) {
    const result = await runCli([...args, '--out', path.join(dataDir, 'x.out')], dataDir, 60_000);
    assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, message);
  }
});
