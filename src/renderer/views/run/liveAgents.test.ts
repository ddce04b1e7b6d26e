import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentNames, agentSeries } from '../../charts/agentChartOptions.ts';
import { agentSample } from './agentSampleFixture.ts';
import { agentBadge, liveAgents, reportingText } from './liveAgents.ts';

test('badges: late is amber, lost is red, an agent in time has none', () => {
  assert.deepEqual(agentBadge('late'), { label: 'late', tone: 'warning' });
  assert.deepEqual(agentBadge('lost'), { label: 'lost', tone: 'danger' });
  assert.equal(agentBadge('reported'), null);
});

test('the reporting line appears only when an agent is lost, late ones still report', () => {
  const a = (state: 'reported' | 'late' | 'lost') => ({ name: 'x', ops: 1, errors: 0, state });
  assert.equal(reportingText([a('reported'), a('late')]), null);
  assert.equal(reportingText([a('reported'), a('lost')]), '1 of 2 agents reporting');
  assert.equal(reportingText([a('lost'), a('lost'), a('late')]), '1 of 3 agents reporting');
  assert.equal(reportingText([a('lost')]), '0 of 1 agent reporting');
});

test('a run on this machine shows nothing', () => {
  const local = { ...agentSample(0, []) };
  delete local.agents;
  assert.equal(liveAgents([]), null);
  assert.equal(liveAgents([local]), null);
  assert.deepEqual(agentSeries([local]), []);
});

/** Three seconds on two agents: rack1 late in the second, rack2 lost in the third (a stopped run's half second). */
const samples = [
  agentSample(0, [
    ['rack1', 1500, 2, 'reported'],
    ['rack2', 1500, 1, 'reported'],
  ]),
  agentSample(1, [
    ['rack1', 1200, 0, 'late'],
    ['rack2', 1800, 3, 'reported'],
  ]),
  agentSample(
    2,
    [
      ['rack1', 750, 1, 'reported'],
      ['rack2', 0, 0, 'lost'],
    ],
    500,
  ),
];

test('the newest second per agent: ops/s, share, errors now and so far; a lost agent has no rate', () => {
  const live = liveAgents(samples);
  assert.ok(live);
  assert.equal(live.second, 3);
  assert.equal(live.reporting, '1 of 2 agents reporting');
  assert.deepEqual(live.rows, [
    { name: 'rack1', opsPerSec: 1500, share: 1, errors: 1, state: 'reported', errorsSoFar: 3 },
    { name: 'rack2', opsPerSec: null, share: 0, errors: 0, state: 'lost', errorsSoFar: 4 },
  ]);
  const middle = liveAgents(samples.slice(0, 2));
  assert.deepEqual(
    middle?.rows.map((r) => [r.name, r.share, r.state]),
    [
      ['rack1', 0.4, 'late'],
      ['rack2', 0.6, 'reported'],
    ],
  );
  assert.equal(middle?.reporting, null);
});

test('per-agent series: ops/s at each second, a gap (not a zero) where the agent was lost', () => {
  assert.deepEqual(agentNames(samples), ['rack1', 'rack2']);
  assert.deepEqual(agentSeries(samples), [
    {
      name: 'rack1',
      points: [
        [0.5, 1500],
        [1.5, 1200],
        [2.25, 1500],
      ],
    },
    {
      name: 'rack2',
      points: [
        [0.5, 1500],
        [1.5, 1800],
        [2.25, null],
      ],
    },
  ]);
});
