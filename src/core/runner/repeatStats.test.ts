import assert from 'node:assert/strict';
import { test } from 'node:test';
import { repeatStats, studentT975 } from './repeatStats.ts';

const close = (a: number, b: number, eps = 1e-3): void =>
  assert.ok(Math.abs(a - b) < eps, `${a} vs ${b}`);

test('three repeats: mean and t(2)-based half-width', () => {
  // Mean 20, sample sd 10, t(0.975, 2) = 4.303: 4.303 * 10 / sqrt(3).
  const r = repeatStats([10, 20, 30]);
  assert.equal(r.n, 3);
  assert.equal(r.mean, 20);
  close(r.ci95HalfWidth, 24.8434);
});

test('identical repeats have a zero-width interval', () => {
  assert.deepEqual(repeatStats([5, 5, 5, 5]), { mean: 5, ci95HalfWidth: 0, n: 4 });
});

test('fewer than two values give no interval', () => {
  const one = repeatStats([42]);
  assert.equal(one.mean, 42);
  assert.ok(Number.isNaN(one.ci95HalfWidth));
  const none = repeatStats([]);
  assert.equal(none.n, 0);
  assert.ok(Number.isNaN(none.mean));
});

test('t quantiles: table values, then the expansion tends to 1.96 without a jump at 30', () => {
  close(studentT975(1), 12.706);
  close(studentT975(10), 2.228);
  close(studentT975(31), 2.0395, 2e-3);
  close(studentT975(120), 1.9799, 1e-3);
  assert.ok(studentT975(30) > studentT975(31) && studentT975(31) > studentT975(1000));
  close(studentT975(100_000), 1.96, 1e-3);
});
