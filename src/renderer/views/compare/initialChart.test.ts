import assert from 'node:assert/strict';
import { test } from 'node:test';
import { threeServerCampaign } from '../../../shared/charts/campaignFixtures.ts';
import { compareRunFixture as run } from '../../../shared/compareFixtures.ts';
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
