import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitConnections } from './split.ts';

test('connections are spread evenly', () => {
  assert.deepEqual(splitConnections(10, 3), [4, 3, 3]);
  assert.deepEqual(splitConnections(4, 2), [2, 2]);
  assert.deepEqual(splitConnections(1, 1), [1]);
});

test('never more workers than connections', () => {
  assert.deepEqual(splitConnections(2, 8), [1, 1]);
  assert.deepEqual(splitConnections(1, 64), [1]);
});
