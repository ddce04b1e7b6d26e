import assert from 'node:assert/strict';
import { test } from 'node:test';
import { timeToFullSpeedS } from './timeToFullSpeed.ts';

test('a slow start settles at the first second that stays within 5%', () => {
  assert.equal(timeToFullSpeedS([100, 500, 900, 980, 1000, 1010, 990, 1000]), 3);
});

test('a run at full speed from the first second gives 0', () => {
  assert.equal(timeToFullSpeedS([1000, 1020, 990, 1000]), 0);
  assert.equal(timeToFullSpeedS([7]), 0);
});

test('a dip after settling moves the figure past the dip', () => {
  assert.equal(timeToFullSpeedS([1000, 1000, 800, 1000, 1000, 1000]), 3);
});

test('the stable value is the median of the last half: one outlier there does not move it', () => {
  // Last half [1000, 2000, 1000]: median 1000; the spike is outside the band.
  assert.equal(timeToFullSpeedS([0, 1000, 1000, 2000, 1000, 1000]), 4);
});

test('null when the rate never settles, or there is no load at all', () => {
  assert.equal(timeToFullSpeedS([]), null);
  assert.equal(timeToFullSpeedS([0, 0, 0]), null);
  // Still climbing at the end: the last second is outside the band around the median.
  assert.equal(timeToFullSpeedS([100, 200, 300, 400, 500, 600]), null);
});
