import assert from 'node:assert/strict';
import { test } from 'node:test';
import { threeServerCampaign } from '../../../shared/charts/campaignFixtures.ts';
import { compareRunFixture as run } from '../../../shared/compareFixtures.ts';
import { groupedCounts } from './groupedCounts.ts';
import { initialChart } from './initialChart.ts';

test('a comparison of several servers opens on the grouped bars, one server on what varies', () => {
  assert.equal(initialChart(threeServerCampaign()), 'grouped');
  const openldap = threeServerCampaign().filter((r) => r.labKind === 'openldap');
  assert.equal(initialChart(openldap), 'trend');
  assert.equal(
    initialChart([run({ id: 'a', connections: 4 }), run({ id: 'b', connections: 8 })]),
    'concurrency',
  );
  assert.equal(initialChart([run()]), 'timeseries');
});

test('the grouped chart counts a bar series per server and a bar per cell with a figure', () => {
  const campaign = threeServerCampaign();
  assert.deepEqual(groupedCounts(campaign, 'opsPerSec'), { series: 3, points: 12 });
  const oneFailed = campaign.map((r) =>
    r.labKind === 'opendj' && r.entries === 2_000 ? { ...r, status: 'failed' as const } : r,
  );
  assert.deepEqual(groupedCounts(oneFailed, 'opsPerSec'), { series: 3, points: 10 });
});
