import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import { checkAgentNames, MAX_AGENTS, parseAgentNames } from './agentNames.ts';

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ApiError);
    assert.equal(err.kind, 'validation');
    return err;
  }
  return assert.fail('expected a validation error');
}

test('no --agents gives agent-1..agent-4; a count gives that many', () => {
  assert.deepEqual(parseAgentNames(undefined), ['agent-1', 'agent-2', 'agent-3', 'agent-4']);
  assert.deepEqual(parseAgentNames('2'), ['agent-1', 'agent-2']);
  assert.equal(parseAgentNames(String(MAX_AGENTS)).length, MAX_AGENTS);
});

test('a list of names is kept in order, spaces around commas ignored', () => {
  assert.deepEqual(parseAgentNames('rack1, rack_2,Rack-3'), ['rack1', 'rack_2', 'Rack-3']);
  assert.deepEqual(parseAgentNames('x'.repeat(40)), ['x'.repeat(40)]);
});

test('a name with a dot, wildcard, space or too many characters is refused, naming it', () => {
  for (const bad of ['a.b', 'a*', 'a>', 'a b', 'é', 'x'.repeat(41), 'a,,b']) {
    const err = refusal(() => parseAgentNames(bad, '--agents'));
    assert.equal(err.field, '--agents');
    assert.match(err.message, /1-40 letters, digits, _ or -/);
  }
});

test('counts out of range, duplicates (ignoring case), the coordinator and an empty list are refused', () => {
  assert.match(refusal(() => parseAgentNames('0')).message, /between 1 and/);
  assert.match(refusal(() => parseAgentNames(String(MAX_AGENTS + 1))).message, /between 1 and/);
  assert.match(refusal(() => parseAgentNames('a,b,A')).message, /"A" is named twice/);
  assert.match(refusal(() => parseAgentNames('coordinator')).message, /coordinator's user/);
  assert.match(refusal(() => checkAgentNames([])).message, /at least one/);
});
