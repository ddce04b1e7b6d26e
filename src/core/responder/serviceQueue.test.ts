import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServiceQueue } from './serviceQueue.ts';
import type { ServiceTimers } from './serviceQueue.ts';

/**
 * Simulated time with timers like Node's: a timer asked for N ms fires no sooner than N ms later
 * (whole milliseconds), plus a lateness chosen by `latenessUs`. Events run in time order.
 */
class SimClock {
  nowUs = 0;
  timersArmed = 0;
  private events: { atUs: number; seq: number; run: () => void }[] = [];
  private seq = 0;
  private readonly latenessUs: (n: number) => number;

  constructor(latenessUs: (n: number) => number = () => 0) {
    this.latenessUs = latenessUs;
  }

  readonly timers: ServiceTimers = {
    nowUs: () => this.nowUs,
    schedule: (fire, delayMs) => {
      assert.ok(Number.isInteger(delayMs) && delayMs >= 1, `timer asked for ${delayMs} ms`);
      this.timersArmed++;
      const event = this.at(this.nowUs + delayMs * 1000 + this.latenessUs(this.timersArmed), fire);
      return () => {
        this.events = this.events.filter((e) => e !== event);
      };
    },
  };

  at(atUs: number, run: () => void): { atUs: number; seq: number; run: () => void } {
    const event = { atUs, seq: this.seq++, run };
    this.events.push(event);
    return event;
  }

  /** Runs events until `untilUs` (bounded: at most `maxEvents`). */
  runUntil(untilUs: number, maxEvents = 1_000_000): void {
    for (let n = 0; n < maxEvents; n++) {
      this.events.sort((a, b) => a.atUs - b.atUs || a.seq - b.seq);
      const next = this.events[0];
      if (next === undefined || next.atUs > untilUs) break;
      this.events.shift();
      this.nowUs = Math.max(this.nowUs, next.atUs);
      next.run();
    }
    this.nowUs = Math.max(this.nowUs, untilUs);
  }
}

test('answers leave at or after their completion time, in arrival order, in batches', () => {
  const sim = new SimClock();
  const queue = new ServiceQueue({ slots: 2, serviceUs: 500 }, sim.timers);
  const released: { id: number; atUs: number }[] = [];
  const done: number[] = [];
  // Six requests at once: two slots serve them in three rounds of 500 us.
  for (let id = 0; id < 6; id++)
    done.push(queue.serve(() => released.push({ id, atUs: sim.nowUs })));
  assert.deepEqual(done, [500, 500, 1000, 1000, 1500, 1500]);
  assert.equal(queue.pending, 6);
  sim.runUntil(10_000);
  assert.deepEqual(
    released.map((r) => r.id),
    [0, 1, 2, 3, 4, 5],
  );
  for (const [i, r] of released.entries())
    assert.ok(r.atUs >= (done[i] ?? 0), `answer ${i} left early`);
  // Timers come in whole milliseconds: the first, at 1 ms, releases the four answers due by then,
  // the second the last two. No timer per answer.
  assert.deepEqual(
    released.map((r) => r.atUs),
    [1000, 1000, 1000, 1000, 2000, 2000],
  );
  assert.equal(sim.timersArmed, 2);
  assert.equal(queue.pending, 0);
});

test('a timer that fires before the head is due releases nothing and is armed again', () => {
  // Timers here fire 0.6 ms early, as Node's can when its loop clock is stale.
  const sim = new SimClock(() => -600);
  const queue = new ServiceQueue({ slots: 1, serviceUs: 1500 }, sim.timers);
  const releasedAtUs: number[] = [];
  queue.serve(() => releasedAtUs.push(sim.nowUs));
  sim.runUntil(10_000);
  assert.equal(releasedAtUs.length, 1);
  assert.ok((releasedAtUs[0] ?? 0) >= 1500);
  assert.ok(sim.timersArmed >= 2);
});

test('afterQueued runs after every answer queued before it, taking no slot', () => {
  const sim = new SimClock();
  const queue = new ServiceQueue({ slots: 1, serviceUs: 1000 }, sim.timers);
  const order: string[] = [];
  queue.serve(() => order.push('a'));
  queue.serve(() => order.push('b'));
  queue.afterQueued(() => order.push('close'));
  // The next request is not delayed by the close: it is the third served (3 ms), not a fourth.
  assert.equal(
    queue.serve(() => order.push('c')),
    3000,
  );
  sim.runUntil(10_000);
  assert.deepEqual(order, ['a', 'b', 'close', 'c']);
});

test('close drops pending answers and the timer', () => {
  const sim = new SimClock();
  const queue = new ServiceQueue({ slots: 1, serviceUs: 1000 }, sim.timers);
  let released = 0;
  queue.serve(() => released++);
  queue.serve(() => queue.close());
  queue.serve(() => released++);
  sim.runUntil(10_000);
  assert.equal(released, 1);
  assert.equal(queue.pending, 0);
  queue.serve(() => released++);
  sim.runUntil(20_000);
  assert.equal(released, 1);
});

/**
 * A closed load: `clients` each send a request, wait for its answer and send the next after
 * `thinkUs` (the network and client). Returns the answers received per second over `durationS`.
 */
function closedLoad(
  queue: ServiceQueue,
  sim: SimClock,
  clients: number,
  thinkUs: number,
  durationS: number,
): number {
  let answers = 0;
  const send = (): void => {
    queue.serve(() => {
      answers++;
      sim.at(sim.nowUs + thinkUs, send);
    });
  };
  for (let i = 0; i < clients; i++) sim.at(i, send);
  sim.runUntil(durationS * 1_000_000);
  return answers / durationS;
}

test('with 1 ms timers firing up to 1.5 ms late, 4 slots of 500 us still serve 8,000 ops/s', () => {
  // Lateness from a fixed sequence: 0 to 1.5 ms, as Node's timers show on a busy machine.
  const sim = new SimClock((n) => ((n * 7919) % 1500) + 0);
  const queue = new ServiceQueue({ slots: 4, serviceUs: 500 }, sim.timers);
  const opsPerSec = closedLoad(queue, sim, 32, 50, 2);
  // Completions are paced by the slots' virtual clocks, so late timers cost latency, not capacity:
  // only the answers still queued at the end are missing.
  assert.ok(opsPerSec <= 8000, `${opsPerSec} ops/s is above the capacity`);
  assert.ok(opsPerSec >= 8000 * 0.99, `${opsPerSec} ops/s is below 99% of the capacity`);
  // Batches, not a timer per answer: about one timer per millisecond or two.
  assert.ok(sim.timersArmed < 2 * 1000 * 2, `${sim.timersArmed} timers for 2 s`);
});

test('a closed load too small to fill the slots gets what its concurrency allows, not more', () => {
  const sim = new SimClock();
  const queue = new ServiceQueue({ slots: 4, serviceUs: 500 }, sim.timers);
  // Two clients never queue: each round trip is the 500 us service, the timer's rounding to 1 ms
  // and 50 us of client, so about 2 / 1.05 ms.
  const opsPerSec = closedLoad(queue, sim, 2, 50, 1);
  assert.ok(opsPerSec < 4000, `${opsPerSec} ops/s from two clients`);
  assert.ok(opsPerSec > 1500, `${opsPerSec} ops/s from two clients`);
});
