import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from './errors.ts';
import { validateRunAgents } from './runAgentsRequest.ts';

test("a run request's agents: the field at fault is named, with how to fix it", () => {
  const cases: [unknown, string, RegExp][] = [
    ['rack1', 'agents', /must be an object/],
    [{ names: 'all' }, 'agents.broker', /choose a broker/],
    [{ broker: 'b1', names: [] }, 'agents.names', /name the agents/],
    [{ broker: 'b1', names: ['ok', 'no.dots'] }, 'agents.names', /"no\.dots" must be 1-40 letters/],
    [
      { broker: 'b1', names: 'all', onAgentLoss: 'retry' },
      'agents.onAgentLoss',
      /"fail" .* or "continue"/,
    ],
    [{ broker: 'tls://h:4222', names: 'all' }, 'agents.credentialsFile', /credentials file/],
    [{ broker: 'b1', names: 'all', caFile: '' }, 'agents.caFile', /file path/],
  ];
  for (const [value, field, message] of cases) {
    assert.throws(
      () => validateRunAgents(value),
      (err: unknown) => err instanceof ApiError && err.field === field && message.test(err.message),
      JSON.stringify(value),
    );
  }
  validateRunAgents({ broker: 'b1', names: ['rack1', 'rack-2'], onAgentLoss: 'continue' });
  validateRunAgents({ broker: 'tls://h:4222', names: 'all', credentialsFile: '/c.json' });
});
