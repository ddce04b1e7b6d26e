import assert from 'node:assert/strict';
import { test } from 'node:test';
import { slotsToOpen } from './policyPlan.ts';

test('slots opened per policy: pipelining shares a connection, rebind and per-op sequences do not', () => {
  assert.equal(slotsToOpen({ kind: 'persistent' }, 8, 4), 8);
  assert.equal(slotsToOpen({ kind: 'reconnect', everyOps: 100 }, 8, 4), 8);
  assert.equal(slotsToOpen({ kind: 'rebind' }, 8, 4), 32);
  assert.equal(slotsToOpen({ kind: 'per-op' }, 8, 4), 0);
});
