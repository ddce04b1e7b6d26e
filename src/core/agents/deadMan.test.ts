import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ManualClock } from '../testing/manualClock.ts';
import { DeadManSwitch } from './deadMan.ts';

function setup(): { clock: ManualClock; fired: number[]; dead: DeadManSwitch } {
  const clock = new ManualClock();
  const fired: number[] = [];
  const dead = new DeadManSwitch(5_000, (silentMs) => fired.push(silentMs), clock);
  return { clock, fired, dead };
}

test('fires once, 5 s after the broker became unreachable, with the silence measured', () => {
  const { clock, fired, dead } = setup();
  clock.advance(60_000);
  assert.deepEqual(fired, [], 'a reachable broker never fires it');
  dead.unreachable();
  clock.advance(3_000);
  dead.unreachable(); // a second disconnect notice does not restart the countdown
  assert.equal(dead.counting, true);
  clock.advance(1_999);
  assert.deepEqual(fired, []);
  clock.advance(1);
  assert.deepEqual(fired, [5_000]);
  assert.equal(dead.expired, true);
  dead.unreachable();
  clock.advance(10_000);
  assert.deepEqual(fired, [5_000], 'fires only once');
});

test('a broker back before the limit stops the countdown; the next outage counts from zero', () => {
  const { clock, fired, dead } = setup();
  dead.unreachable();
  clock.advance(4_900);
  dead.reachable();
  assert.equal(dead.counting, false);
  clock.advance(10_000);
  assert.deepEqual(fired, []);
  dead.unreachable();
  clock.advance(4_999);
  assert.deepEqual(fired, []);
  clock.advance(1);
  assert.deepEqual(fired, [5_000]);
});

test('dispose stops it for good', () => {
  const { clock, fired, dead } = setup();
  dead.unreachable();
  dead.dispose();
  dead.unreachable();
  clock.advance(20_000);
  assert.deepEqual(fired, []);
});
