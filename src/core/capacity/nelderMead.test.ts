import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nelderMead } from './nelderMead.ts';

test('finds the minimum of a curved valley (Rosenbrock) from a distant start', () => {
  const rosenbrock = ([x = 0, y = 0]: readonly number[]) => (1 - x) ** 2 + 100 * (y - x * x) ** 2;
  const [x = 0, y = 0] = nelderMead(rosenbrock, [-1.2, 1], [0.5, 0.5]);
  assert.ok(Math.abs(x - 1) < 1e-3 && Math.abs(y - 1) < 1e-3, `${x}, ${y}`);
});

test('a function without a minimum still returns, bounded by its iteration count', () => {
  const downhill = ([x = 0]: readonly number[]) => -x;
  const [x = 0] = nelderMead(downhill, [0], [1]);
  assert.ok(x > 0, String(x));
});
