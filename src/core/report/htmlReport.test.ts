import assert from 'node:assert/strict';
import { test } from 'node:test';
import { threeServerCampaign } from '../../shared/charts/campaignFixtures.ts';
import { firstChart } from '../../shared/charts/compareChart.ts';
import { compareRunFixture as run } from '../../shared/compareFixtures.ts';
import { reportCharts } from './htmlReport.ts';

test('the report draws the kinds whose rows say so, in the kinds order', () => {
  const campaign = threeServerCampaign();
  assert.deepEqual(reportCharts(campaign), ['trend', 'latency', 'grouped']);
  const openldap = campaign.filter((r) => r.labKind === 'openldap');
  assert.deepEqual(reportCharts(openldap), ['trend', 'latency', 'bars']);
  const imported = [run({ id: 'a', entries: null, percentiles: [] })];
  assert.deepEqual(reportCharts(imported), ['bars']);
});

test('the report and the GUI share the rule: grouped bars exactly when several servers', () => {
  const campaign = threeServerCampaign();
  const selections = [
    campaign,
    campaign.filter((r) => r.labKind === 'openldap'),
    campaign.filter((r) => r.labKind !== 'opendj'),
    [run()],
  ];
  for (const runs of selections)
    assert.equal(reportCharts(runs).includes('grouped'), firstChart(runs) === 'grouped');
});

test("a connection sweep's report ends on the latency-throughput scatter", () => {
  const sweep = [1, 8, 32].map((connections) =>
    run({ id: `c${connections}`, connections, opsPerSec: 1000 * Math.min(connections, 8) }),
  );
  assert.deepEqual(reportCharts(sweep), ['trend', 'concurrency', 'latency', 'bars', 'scatter']);
});
