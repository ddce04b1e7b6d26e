import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API_CHANNELS, isApiChannel } from '../../shared/api.ts';
import type { ApiChannel, ApiHandlers } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import { dispatchApi } from './dispatch.ts';

/** Handlers where only `runs/active` and `runs/stop` are called by these tests. */
function handlersWith(overrides: Partial<ApiHandlers>): ApiHandlers {
  const unused = async (): Promise<never> => {
    throw new Error('not called in this test');
  };
  const all = Object.fromEntries(API_CHANNELS.map((c) => [c, unused])) as unknown as ApiHandlers;
  return { ...all, ...overrides };
}

test('a call reaches its handler with the request and answers what it returns', async () => {
  const seen: unknown[] = [];
  const handlers = handlersWith({
    'runs/stop': async (req) => {
      seen.push(req);
    },
    'runs/active': async () => null,
  });
  assert.deepEqual(await dispatchApi(handlers, 'runs/stop', { runId: 'run_1' }), {
    outcome: 'answered',
    res: undefined,
  });
  assert.deepEqual(seen, [{ runId: 'run_1' }]);
  assert.deepEqual(await dispatchApi(handlers, 'runs/active', undefined), {
    outcome: 'answered',
    res: null,
  });
});

test('a channel that is not in the contract is refused as not-found, whatever its type', async () => {
  const handlers = handlersWith({});
  for (const channel of ['runs/nope', '', 'toString', '__proto__', 42, null, undefined, {}]) {
    const result = await dispatchApi(handlers, channel, undefined);
    assert.equal(result.outcome, 'refused', String(channel));
    assert.equal(result.outcome === 'refused' && result.error.kind, 'not-found');
  }
  const long = await dispatchApi(handlers, `x${'y'.repeat(500)}`, undefined);
  assert.ok(long.outcome === 'refused' && long.error.message.length < 150, 'the name is cut short');
});

test("a handler's ApiError is refused with its kind and field; any other error is unexpected", async () => {
  const cause = new TypeError('boom');
  const handlers = handlersWith({
    'runs/stop': async () => {
      throw new ApiError('validation', 'runId must be a run id', 'runId');
    },
    'runs/active': async () => {
      throw cause;
    },
  });
  assert.deepEqual(await dispatchApi(handlers, 'runs/stop', { runId: '' }), {
    outcome: 'refused',
    error: { kind: 'validation', message: 'runId must be a run id', field: 'runId' },
  });
  assert.deepEqual(await dispatchApi(handlers, 'runs/active', undefined), {
    outcome: 'unexpected',
    error: { kind: 'failed', message: 'boom' },
    cause,
  });
});

test('the channel list is the contract: every name once, each one a channel', () => {
  assert.equal(new Set(API_CHANNELS).size, API_CHANNELS.length);
  for (const channel of API_CHANNELS) assert.ok(isApiChannel(channel), channel);
  // Inherited names of the record behind the list are not channels.
  for (const name of ['constructor', 'hasOwnProperty', '__proto__']) {
    assert.equal(isApiChannel(name), false, name);
  }
  // A record of channels missing one does not type-check (the list is checked the same way).
  // @ts-expect-error 'runs/stop' and every other channel but one are missing
  const partial = { 'runs/active': true } satisfies Record<ApiChannel, true>;
  assert.ok(partial);
});
