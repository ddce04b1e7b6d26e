import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AgentListing } from '../../../shared/agentTypes.ts';
import { defaultRunValues, runFieldErrors, toRunRequest } from '../run/runForm.ts';
import { summary } from '../run/runFormSummary.ts';
import { clockTone, defaultBrokerId, lastSeenText } from './agentFacts.ts';
import { describeLoadFrom, isAgentsField, toggleAgent, withBroker } from './loadFrom.ts';

function agent(name: string, state: AgentListing['state']): AgentListing {
  return {
    name,
    host: 'h',
    version: '0.1.0',
    state,
    lastSeenMs: 500,
    clockOffsetMs: 0.2,
    clockUncertaintyMs: 0.5,
    cores: 2,
    cpuPercent: 3,
    eventLoopUtilization: 0.01,
  };
}

test('the run request carries the agents chosen, and only when load comes from agents', () => {
  const local = defaultRunValues('t1');
  assert.equal(toRunRequest(local).agents, undefined);
  const agents = { broker: 'b-1', names: 'all' as const, onAgentLoss: 'continue' as const };
  assert.deepEqual(toRunRequest({ ...local, agents }).agents, agents);
  assert.equal(
    summary({ ...local, agents }, 'read-random'),
    'read-random · 16 requests in flight · 12 s in total · load from every connected agent via broker b-1, going on without a lost one',
  );
  assert.equal(
    summary(local, 'read-random'),
    'read-random · 16 requests in flight · 12 s in total',
  );
});

test('the form names a bad agents choice under Load from', () => {
  const values = defaultRunValues('t1');
  assert.match(
    runFieldErrors({ ...values, agents: { broker: '', names: 'all' } }).agents ?? '',
    /^Choose a broker/,
  );
  assert.match(
    runFieldErrors({ ...values, agents: { broker: 'b-1', names: [] } }).agents ?? '',
    /name the agents to run on/i,
  );
  assert.deepEqual(runFieldErrors({ ...values, agents: { broker: 'b-1', names: ['a1'] } }), {});
  for (const field of ['agents.names', 'broker', 'names', 'url', 'credentialsFile'])
    assert.ok(isAgentsField(field), field);
  for (const field of [undefined, 'connections', 'targetId']) assert.ok(!isAgentsField(field));
});

test('choosing agents: from "all", unticking one keeps the other connected ones; another broker means all again', () => {
  const connected = [agent('a1', 'idle'), agent('a2', 'running')];
  const all = { broker: 'b-1', names: 'all' as const };
  const two = toggleAgent(all, 'a2', connected);
  assert.deepEqual(two.names, ['a1']);
  assert.deepEqual(toggleAgent(two, 'a2', connected).names, ['a1', 'a2']);
  assert.deepEqual(withBroker({ ...two, onAgentLoss: 'continue' }, { broker: 'b-2' }), {
    broker: 'b-2',
    names: 'all',
    onAgentLoss: 'continue',
  });
  const byUrl = withBroker(two, { broker: 'tls://h:4222', credentialsFile: '/c.json' });
  assert.deepEqual(byUrl, { broker: 'tls://h:4222', credentialsFile: '/c.json', names: 'all' });
  assert.equal(withBroker(byUrl, { broker: 'tls://h:4222' }).credentialsFile, undefined);
  assert.equal(describeLoadFrom(undefined), null);
  assert.equal(
    describeLoadFrom({ broker: 'tls://h:4222', names: ['a1'] }),
    'load from agent a1 via h:4222',
  );
});

test('clock tones: green under 5 ms, amber under 50, red beyond, counting the uncertainty', () => {
  assert.equal(clockTone({ clockOffsetMs: -1, clockUncertaintyMs: 0.5 }), 'good');
  assert.equal(clockTone({ clockOffsetMs: 4.6, clockUncertaintyMs: 0.5 }), 'fair');
  assert.equal(clockTone({ clockOffsetMs: -30, clockUncertaintyMs: 19 }), 'fair');
  assert.equal(clockTone({ clockOffsetMs: 49, clockUncertaintyMs: 2 }), 'poor');
  assert.equal(clockTone({ clockOffsetMs: null, clockUncertaintyMs: null }), 'unknown');
  assert.equal(lastSeenText(450), '0.5 s ago');
  assert.equal(lastSeenText(42_000), '42 s ago');
  assert.equal(lastSeenText(600_000), '10 min ago');
  assert.equal(
    defaultBrokerId([
      { id: 'old', state: 'stopped' },
      { id: 'b-2', state: 'running' },
    ]),
    'b-2',
  );
  assert.equal(defaultBrokerId([]), '');
});
