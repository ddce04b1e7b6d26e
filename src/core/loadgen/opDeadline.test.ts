import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OpTimeoutError, OpWatch, watched } from './opDeadline.ts';

test('an op unanswered past the timeout fails as timeout, between 1 and 1.25 times it (plus timer slack)', async () => {
  const watch = new OpWatch(80);
  try {
    const slot = watch.slot();
    const startedMs = performance.now();
    const never = new Promise<number>(() => undefined);
    await assert.rejects(watched(slot, never), (err) => {
      assert.ok(err instanceof OpTimeoutError);
      assert.equal(err.code, 'timeout');
      return true;
    });
    const waitedMs = performance.now() - startedMs;
    assert.ok(waitedMs >= 75 && waitedMs < 160, `waited ${waitedMs} ms`);
  } finally {
    watch.stop();
  }
});

test('answered ops pass through with their value or error; without a watch the op is returned as is', async () => {
  const watch = new OpWatch(50);
  try {
    const slot = watch.slot();
    assert.equal(await watched(slot, Promise.resolve(7)), 7);
    await assert.rejects(watched(slot, Promise.reject(new Error('noSuchObject'))), /noSuchObject/);
    // A settled op is not failed later by a sweep.
    const value = await watched(slot, new Promise<number>((r) => setTimeout(() => r(3), 10)));
    await new Promise((r) => setTimeout(r, 120));
    assert.equal(value, 3);
    const op = Promise.resolve(1);
    assert.equal(watched(null, op), op);
  } finally {
    watch.stop();
  }
});
