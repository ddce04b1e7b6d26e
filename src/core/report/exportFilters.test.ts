import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ApiChannel, ApiRequest } from '../../shared/api.ts';
import type { ApiError } from '../../shared/errors.ts';
import { explorerHandlers } from '../api/explorerHandlers.ts';
import { API_VALIDATORS } from '../api/validators.ts';
import { seedIssueCampaign } from './campaignFixture.ts';
import { memoryDb } from './reportFixtures.ts';
import { seriesColours } from './svgSeries.ts';

function seeded() {
  const db = memoryDb();
  const ids = seedIssueCampaign(db, 'c19');
  return { db, ids, api: explorerHandlers(db, () => []) };
}

/** A request as the dispatcher hands it to the handler: through the channel's validator. */
function checked<C extends ApiChannel>(channel: C, req: unknown): ApiRequest<C> {
  return (API_VALIDATORS[channel] as (r: unknown) => ApiRequest<C>)(req);
}

test('data exports keep only the filtered runs, in campaign order', async () => {
  const { db, ids, api } = seeded();
  const file = await api['export/data'](
    checked('export/data', {
      campaignId: 'c19',
      format: 'csv',
      filter: { tests: ['salford/S.3'], sizes: [10_000], servers: ['OpenDJ 4.9.4', 'openldap'] },
    }),
  );
  const rows = file.text?.trimEnd().split('\r\n').slice(1) ?? [];
  assert.deepEqual(
    rows.map((r) => r.split(',')[0]),
    ids.filter((id) => /-(openldap|opendj)-2-10000-/.test(id)),
  );
  assert.equal(
    file.fileName,
    'dirbench-campaign-c19-salford_S.3_10K_entries_OpenDJ_4.9.4_or_openldap-summaries.csv',
  );
  db.close();
});

test('a chart of a filtered campaign: its size, the filter in the title, colours of the whole campaign', async () => {
  const { db, api } = seeded();
  const chart = async (filter: object) =>
    (
      await api['export/chart'](
        checked('export/chart', {
          campaignId: 'c19',
          chart: 'grouped',
          format: 'svg',
          widthPx: 700,
          heightPx: 420,
          filter,
        }),
      )
    ).text ?? '';
  const all = await chart({ tests: ['salford/S.1'] });
  assert.match(all, /^<svg width="700" height="420"/);
  assert.match(all, /· salford\/S\.1<\/text>|· salford\/S\.1\s*<\/text>/);
  const colours = seriesColours(all);
  assert.equal(colours.size, 3);
  for (const server of ['OpenDJ 4.9.4', '389 DS 2.3.1']) {
    const alone = seriesColours(await chart({ tests: ['salford/S.1'], servers: [server] }));
    assert.deepEqual([...alone], [[server, colours.get(server)]]);
  }
  db.close();
});

test('the report: only the filtered runs, the metric charted, the filter in its title', async () => {
  const { db, ids, api } = seeded();
  const file = await api['export/report'](
    checked('export/report', {
      campaignId: 'c19',
      filter: { servers: ['389ds'], sizes: [2_000] },
      metric: 'p99Us',
      widthPx: 640,
      heightPx: 360,
    }),
  );
  const html = file.text ?? '';
  for (const id of ids) assert.equal(html.includes(`${id}<`), /-389ds-\d-2000-/.test(id), id);
  assert.match(
    html,
    /<h1>DirBench report: campaign Issue 19: S.1 and S.3 across three servers: 2K entries · 389ds<\/h1>/,
  );
  assert.match(html, /aria-label="p99 latency \(ms\) by directory size"|aria-label="p99[^"]*"/);
  assert.ok((html.match(/<svg [^>]*width="640" height="360"/g) ?? []).length >= 2);
  db.close();
});

test('the report compares several servers in grouped bars, in the colours of the exports', async () => {
  const { db, api } = seeded();
  const html = (await api['export/report']({ campaignId: 'c19' })).text ?? '';
  const grouped = /<svg [^>]*aria-label="ops\/s across servers[^"]*"[\s\S]*?<\/svg>/.exec(
    html,
  )?.[0];
  assert.ok(grouped, 'a grouped bar chart');
  const chart = await api['export/chart']({ campaignId: 'c19', chart: 'grouped', format: 'svg' });
  assert.deepEqual([...seriesColours(grouped)].sort(), [...seriesColours(chart.text ?? '')].sort());
  assert.equal(seriesColours(grouped).size, 3);
  db.close();
});

test('filters and sizes from outside are checked by name before any query', () => {
  const refused = (channel: ApiChannel, req: object, field: string) =>
    assert.throws(
      () => checked(channel, { campaignId: 'c19', format: 'svg', chart: 'grouped', ...req }),
      (e: ApiError) => e.field === field,
    );
  refused('export/chart', { widthPx: 100 }, 'widthPx');
  refused('export/chart', { heightPx: 8001 }, 'heightPx');
  refused('export/report', { widthPx: '900' }, 'widthPx');
  refused('export/data', { filter: { tests: 'salford/S.1' } }, 'tests');
  refused('export/data', { filter: { size: [2000] } }, 'filter');
  refused('export/report', { filter: { sizes: ['2K'] } }, 'sizes');
});

test('a filter value no run has names the values there are', async () => {
  const { db, api } = seeded();
  await assert.rejects(
    api['export/report']({ campaignId: 'c19', filter: { profiles: ['unindexed'] } }),
    (e: ApiError) =>
      e.field === 'profiles' &&
      e.message ===
        'unindexed matches no run of campaign c19; its index profiles are salford-indexed',
  );
  db.close();
});
