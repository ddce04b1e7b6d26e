import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SlotSchedule, capacityOpsPerSec, checkServiceModel } from './serviceSlots.ts';

test('the true capacity is slots over the service time', () => {
  assert.equal(capacityOpsPerSec({ slots: 4, serviceUs: 500 }), 8000);
  assert.equal(capacityOpsPerSec({ slots: 1, serviceUs: 1_000_000 }), 1);
  assert.equal(capacityOpsPerSec({ slots: 3, serviceUs: 7 }), 3_000_000 / 7);
});

test('an idle slot serves a request from its arrival; a busy one queues it behind its work', () => {
  const schedule = new SlotSchedule({ slots: 2, serviceUs: 100 });
  // Two slots take the first two at once; the third waits for the first slot to free.
  assert.equal(schedule.admit(0), 100);
  assert.equal(schedule.admit(10), 110);
  assert.equal(schedule.admit(20), 200);
  assert.equal(schedule.admit(30), 210);
  // After a quiet spell both slots are idle again: served from arrival.
  assert.equal(schedule.admit(1000), 1100);
  assert.equal(schedule.admit(1000), 1100);
  assert.equal(schedule.admit(1000), 1200);
});

test('requests complete in arrival order (FIFO), whatever the slot count', () => {
  for (const slots of [1, 3, 8]) {
    const schedule = new SlotSchedule({ slots, serviceUs: 250 });
    let arrivalUs = 0;
    let lastDoneUs = -Infinity;
    // A deterministic mix of bursts and gaps, so queues build up and drain.
    for (let i = 0; i < 5000; i++) {
      arrivalUs += (i * 7919) % 13 === 0 ? 2000 : (i * 31) % 97;
      const doneUs = schedule.admit(arrivalUs);
      assert.ok(
        doneUs >= lastDoneUs,
        `request ${i} with ${slots} slots completes before the one ahead`,
      );
      assert.ok(doneUs >= arrivalUs + 250, `request ${i} was served in less than the service time`);
      lastDoneUs = doneUs;
    }
  }
});

test('the ring books the slot that frees first, as a search over every slot would', () => {
  const slots = 5;
  const serviceUs = 300;
  const schedule = new SlotSchedule({ slots, serviceUs });
  const freeAtUs = new Array<number>(slots).fill(-Infinity);
  let arrivalUs = 0;
  for (let i = 0; i < 2000; i++) {
    arrivalUs += (i * 104_729) % 151;
    const first = freeAtUs.indexOf(Math.min(...freeAtUs));
    const expectedUs = Math.max(arrivalUs, freeAtUs[first] ?? 0) + serviceUs;
    freeAtUs[first] = expectedUs;
    assert.equal(schedule.admit(arrivalUs), expectedUs, `request ${i}`);
  }
});

test('overloaded, completions come at exactly the capacity', () => {
  const schedule = new SlotSchedule({ slots: 4, serviceUs: 500 });
  // 20,000 requests arrive in the first 100 ms: far more than 8,000 ops/s can serve.
  let lastDoneUs = 0;
  for (let i = 0; i < 20_000; i++) lastDoneUs = schedule.admit(i * 5);
  // The last slot started at 15 us (the fourth arrival), then served 20,000 / 4 requests of 500 us
  // back to back: 2.5 s for 20,000, i.e. 8,000 ops/s.
  assert.equal(lastDoneUs, 15 + (20_000 / 4) * 500);
});

test('a clock that steps back does not let a request start before the one ahead', () => {
  const schedule = new SlotSchedule({ slots: 2, serviceUs: 100 });
  assert.equal(schedule.admit(1000), 1100);
  assert.equal(schedule.admit(500), 1100);
  assert.equal(schedule.admit(400), 1200);
});

test('models the responder cannot run are refused', () => {
  for (const model of [
    { slots: 0, serviceUs: 500 },
    { slots: 1.5, serviceUs: 500 },
    { slots: 10_001, serviceUs: 500 },
    { slots: 4, serviceUs: 0 },
    { slots: 4, serviceUs: Number.NaN },
    { slots: 4, serviceUs: 60_000_001 },
  ]) {
    assert.throws(() => checkServiceModel(model), RangeError, JSON.stringify(model));
    assert.throws(() => new SlotSchedule(model), RangeError, JSON.stringify(model));
  }
  checkServiceModel({ slots: 10_000, serviceUs: 60_000_000 });
});
