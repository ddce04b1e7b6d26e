import assert from 'node:assert/strict';
import { test } from 'node:test';
import { phaseOfSecond } from './runPhases.ts';

test('warm-up, measured and cool-down seconds in order', () => {
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5].map((s) => phaseOfSecond(s, 2, 3)),
    ['warmup', 'warmup', 'measured', 'measured', 'measured', 'cooldown'],
  );
  assert.equal(phaseOfSecond(0, 0, 1), 'measured');
});
