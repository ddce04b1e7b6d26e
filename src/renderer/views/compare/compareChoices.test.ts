import assert from 'node:assert/strict';
import { test } from 'node:test';
import { threeServerCampaign } from '../../../shared/charts/campaignFixtures.ts';
import { runsOfTest, testChoices } from './compareChoices.ts';

test('the Test picker offers the tests in run order and keeps the runs of the one picked', () => {
  const runs = threeServerCampaign();
  assert.deepEqual(testChoices(runs), ['salford/S.1', 'salford/S.3']);
  const s3 = runsOfTest(runs, 'salford/S.3');
  assert.ok(s3.length > 0 && s3.length < runs.length);
  assert.ok(s3.every((r) => r.workload === 'salford/S.3'));
  assert.equal(runsOfTest(runs, '').length, runs.length);
  assert.equal(runsOfTest(runs, 'salford/S.9').length, 0);
});
