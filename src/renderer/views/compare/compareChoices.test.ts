import assert from 'node:assert/strict';
import { test } from 'node:test';
import { salfordTable5, threeServerCampaign } from '../../../shared/charts/campaignFixtures.ts';
import type { ChartKind } from '../../../shared/charts/chartKinds.ts';
import type { CompareMetric } from '../../../shared/compareSeries.ts';
import { overlayCandidates, runsOfTest, testChoices } from './compareChoices.ts';

test('the Test picker offers the tests in run order and keeps the runs of the one picked', () => {
  const runs = threeServerCampaign();
  assert.deepEqual(testChoices(runs), ['salford/S.1', 'salford/S.3']);
  const s3 = runsOfTest(runs, 'salford/S.3');
  assert.ok(s3.length > 0 && s3.length < runs.length);
  assert.ok(s3.every((r) => r.workload === 'salford/S.3'));
  assert.equal(runsOfTest(runs, '').length, runs.length);
  assert.equal(runsOfTest(runs, 'salford/S.9').length, 0);
});

test('published tables overlay the charts along their x in their unit, and no other chart', () => {
  const salford = salfordTable5();
  const threads = { ...salford, id: 'threads', xLabel: 'client threads' };
  const tables = [salford, threads];
  const ids = (chart: ChartKind, metric: CompareMetric) =>
    overlayCandidates(tables, chart, metric).map((t) => t.id);
  assert.deepEqual(ids('trend', 'opsPerSec'), ['salford/table-5']);
  assert.deepEqual(ids('concurrency', 'opsPerSec'), ['threads']);
  assert.deepEqual(ids('trend', 'p99Us'), []);
  for (const chart of ['timeseries', 'latency', 'grouped', 'bars'] as const)
    assert.deepEqual(ids(chart, 'opsPerSec'), [], chart);
});
