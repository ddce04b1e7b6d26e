import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../shared/errors.ts';
import { agentsRequestFromOptions, inAgentOptionTerms } from './agentRunOptions.ts';

test("--broker, --agents, --on-agent-loss and the broker files make the request's agents", () => {
  assert.equal(agentsRequestFromOptions({}), undefined);
  assert.deepEqual(agentsRequestFromOptions({ broker: 'broker-1' }), {
    broker: 'broker-1',
    names: 'all',
  });
  assert.deepEqual(
    agentsRequestFromOptions({
      broker: 'tls://10.0.0.5:4222',
      agents: 'rack1, rack2',
      'on-agent-loss': 'continue',
      'broker-ca-file': 'ca.pem',
      'broker-credentials-file': 'coordinator.creds.json',
    }),
    {
      broker: 'tls://10.0.0.5:4222',
      names: ['rack1', 'rack2'],
      onAgentLoss: 'continue',
      caFile: 'ca.pem',
      credentialsFile: 'coordinator.creds.json',
    },
  );
});

test('agent options without --broker, or a wrong loss policy, are refused naming the option', () => {
  for (const [options, option] of [
    [{ agents: 'rack1' }, '--agents'],
    [{ 'on-agent-loss': 'continue' }, '--on-agent-loss'],
    [{ broker: 'b', 'on-agent-loss': 'retry' }, '--on-agent-loss'],
  ] as const)
    assert.throws(
      () => agentsRequestFromOptions(options),
      (err: unknown) => err instanceof ApiError && err.field === option,
    );
});

test("errors about the request's agents name the run's options", () => {
  const named = (field: string) =>
    (inAgentOptionTerms(new ApiError('unavailable', 'x', field)) as ApiError).field;
  assert.equal(named('agents.names'), '--agents');
  assert.equal(named('agents.broker'), '--broker');
  assert.equal(named('agents.credentialsFile'), '--broker-credentials-file');
  assert.equal(named('targetId'), 'targetId');
});
