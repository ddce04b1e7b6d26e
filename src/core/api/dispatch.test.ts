import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API_CHANNELS, isApiChannel } from '../../shared/api.ts';
import type { ApiChannel, ApiHandlers } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import { dispatchApi } from './dispatch.ts';
import { API_VALIDATORS } from './validators.ts';

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
      throw new ApiError('conflict', 'run_1 is not in progress', 'runId');
    },
    'runs/active': async () => {
      throw cause;
    },
  });
  assert.deepEqual(await dispatchApi(handlers, 'runs/stop', { runId: 'run_1' }), {
    outcome: 'refused',
    error: { kind: 'conflict', message: 'run_1 is not in progress', field: 'runId' },
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

test("a request its channel's validator refuses never reaches the handler: a field error, not a crash", async () => {
  let called = 0;
  const handlers = handlersWith({
    'runs/stop': async () => {
      called++;
    },
    'matrix/get': async () => {
      called++;
      throw new Error('not reached');
    },
  });
  const cases: [ApiChannel, unknown, string][] = [
    ['runs/stop', null, ''],
    ['runs/stop', 'run_1', ''],
    ['runs/stop', [], ''],
    ['runs/stop', { runId: 7 }, 'runId'],
    ['runs/stop', { runId: ' ' }, 'runId'],
    ['matrix/get', {}, 'id'],
  ];
  for (const [channel, req, field] of cases) {
    const result = await dispatchApi(handlers, channel, req);
    assert.equal(result.outcome, 'refused', JSON.stringify(req));
    assert.equal(result.outcome === 'refused' && result.error.kind, 'validation');
    assert.equal(result.outcome === 'refused' && (result.error.field ?? ''), field);
  }
  assert.equal(called, 0);
});

test('every channel has a validator, and list-style channels ignore what is sent', async () => {
  for (const channel of API_CHANNELS) assert.equal(typeof API_VALIDATORS[channel], 'function');
  assert.equal(API_VALIDATORS['runs/active']({ junk: true }), undefined);
  assert.deepEqual(API_VALIDATORS['lab/stop']({ id: 'lab-1', extra: 1 }), { id: 'lab-1' });
});
