import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BEHIND_TOLERANCE_NS, OpenScheduler } from './openScheduler.ts';
import type { OpenSchedulerHost } from './openScheduler.ts';
import { RateSchedule } from './rateSchedule.ts';

/** A host on the real monotonic clock, t0 = now, that records late counts. */
function realHost(endS: number): OpenSchedulerHost & { lates: number[] } {
  const t0 = process.hrtime.bigint();
  const lates: number[] = [];
  return {
    lates,
    endNs: endS * 1e9,
    nowNs: () => Number(process.hrtime.bigint() - t0),
    late: (_elapsedNs, count) => lates.push(count),
  };
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

test('two free loops get their share of 1000 ops/s on time, with exact intended starts', async () => {
  const host = realHost(0.3);
  // Worker 1 of 2: global ops 1, 3, 5, ... at 1 ms spacing.
  const sched = new OpenScheduler(
    new RateSchedule([{ durationS: 1, fromOpsPerSec: 1000, toOpsPerSec: 1000 }]),
    1,
    2,
    host,
  );
  const intended: number[] = [];
  const lateness: number[] = [];
  const loop = async (): Promise<void> => {
    for (let i = 0; i < 1000; i++) {
      const t = await sched.next();
      if (t === null) return;
      lateness.push(host.nowNs() - t);
      intended.push(t);
    }
  };
  const loops = Promise.all([loop(), loop()]);
  await new Promise((r) => setTimeout(r, 320));
  sched.close(host.nowNs());
  await loops;
  // Due before 0.3 s: ops 1, 3, ..., 299 -> 150, all handed out (none left to count at close).
  assert.equal(intended.length, 150);
  intended.forEach((t, k) => assert.ok(Math.abs(t - (2 * k + 1) * 1e6) < 1, `op ${k} at ${t}`));
  assert.ok(
    lateness.every((ns) => ns >= 0),
    'never before the intended start',
  );
  // Counted late only when it was: the scheduler's clock reads no later than the loop's.
  const lateSeen = lateness.filter((ns) => ns > BEHIND_TOLERANCE_NS).length;
  assert.ok(sum(host.lates) <= lateSeen, `late ${sum(host.lates)} > ${lateSeen} seen`);
  assert.equal(sched.scheduledIn(0, 0.3), 150);
  assert.equal(sched.scheduledIn(0, 1), 500);
});

test('ops nobody is free for wait, go out as soon as a loop frees, and count late', async () => {
  const host = realHost(1);
  const sched = new OpenScheduler(
    new RateSchedule([{ durationS: 1, fromOpsPerSec: 1000, toOpsPerSec: 1000 }]),
    0,
    1,
    host,
  );
  // Busy for 50 ms: about 50 ops fall due meanwhile.
  await new Promise((r) => setTimeout(r, 50));
  const first = await sched.next();
  const sentNs = host.nowNs();
  assert.equal(first, 0, 'the oldest due op comes first, with its own intended start');
  assert.ok(sentNs - (first ?? 0) > BEHIND_TOLERANCE_NS);
  const second = await sched.next();
  assert.equal(second, 1e6);
  assert.equal(sum(host.lates), 2);
  // Closing at 100 ms: the ~98 due ops never started count as late too.
  sched.close(100e6);
  assert.equal(sum(host.lates), 100);
  assert.equal(await sched.next(), null);
});

test('a waiting loop gets null when the run closes; nothing is handed out at or after the end', async () => {
  const host = realHost(0.005);
  const sched = new OpenScheduler(
    new RateSchedule([{ durationS: 10, fromOpsPerSec: 1000, toOpsPerSec: 1000 }]),
    0,
    1,
    host,
  );
  const got: (number | null)[] = [];
  const loop = (async () => {
    for (;;) {
      const t = await sched.next();
      got.push(t);
      if (t === null) return;
    }
  })();
  await new Promise((r) => setTimeout(r, 30));
  sched.close(host.nowNs());
  await loop;
  assert.deepEqual(got, [0, 1e6, 2e6, 3e6, 4e6, null]);
});
