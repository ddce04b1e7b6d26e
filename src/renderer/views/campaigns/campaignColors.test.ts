import assert from 'node:assert/strict';
import { test } from 'node:test';
import { threeServerCampaign } from '../../../shared/charts/campaignFixtures.ts';
import { serverColors } from '../../../shared/charts/serverColors.ts';
import type { CampaignCell, CampaignDetail } from '../../../shared/matrix.ts';
import { campaignColors, liveCellColor } from './campaignColors.ts';

const runs = threeServerCampaign();

function cell(index: number, lab: 'openldap' | '389ds' | 'opendj', runId: string | null) {
  return {
    index,
    server: { lab },
    entries: 2_000,
    indexProfile: 'salford-indexed',
    workload: 'salford/S.1',
    connections: 4,
    policy: { kind: 'persistent' },
    repeat: 1,
    status: runId ? 'done' : 'pending',
    runId,
    error: null,
    opsPerSec: null,
    latencyUs: null,
  } as CampaignCell;
}

/** OpenLDAP and 389 DS measured once each; OpenDJ still to come. */
const campaign = {
  id: 'campaign-1',
  cells: [
    cell(0, 'openldap', 'openldap-salford/S.1-2000-1'),
    cell(1, '389ds', '389ds-salford/S.1-2000-1'),
    cell(2, 'openldap', null),
    cell(3, 'opendj', null),
  ],
} as CampaignDetail;
const measured = runs.filter((r) => r.labKind !== 'opendj');

test('colours are those of the finished campaign from its first cell on', () => {
  const final = serverColors(runs);
  const early = campaignColors(campaign, measured.slice(0, 1));
  // Only OpenLDAP measured: 389 DS and OpenDJ are placed by their family names already.
  assert.deepEqual([...early.colors.values()], [...final.values()]);
  assert.deepEqual([...early.colors.keys()], ['389 DS', 'OpenDJ', 'OpenLDAP 2.5.13']);
});

test("the live cell's server has the colour the results give it, measured or not", () => {
  const palette = campaignColors(campaign, measured);
  const final = serverColors(runs);
  assert.equal(liveCellColor(palette, 2), final.get('OpenLDAP 2.5.13'));
  assert.equal(liveCellColor(palette, 3), final.get('OpenDJ 4.9.4'));
  assert.equal(liveCellColor(palette, null), null);
});
