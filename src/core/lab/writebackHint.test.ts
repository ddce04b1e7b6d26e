import assert from 'node:assert/strict';
import { test } from 'node:test';
import { writebackHint, WRITEBACK_HINT_MIN_ENTRIES } from './writebackHint.ts';

test('no hint below the size where writeback matters', () => {
  assert.equal(writebackHint(WRITEBACK_HINT_MIN_ENTRIES - 1, 20), null);
});

test('a hint naming the setting and the command for big loads with the default limits', () => {
  const hint = writebackHint(10_000_000, 20);
  assert.ok(hint !== null);
  assert.match(hint, /vm\.dirty_ratio is 20%/);
  assert.match(hint, /sysctl -w vm\.dirty_background_ratio=40 vm\.dirty_ratio=60/);
});

test('no hint when the limits are already raised or cannot be read', () => {
  assert.equal(writebackHint(10_000_000, 60), null);
  assert.equal(writebackHint(10_000_000, null), null);
});
