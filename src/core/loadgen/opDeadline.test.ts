import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { OpTimeoutError, OpWatch, watched } from './opDeadline.ts';

// The watch's sweeps run on a mocked clock, stepped 1 ms at a time: when an op fails is exact, and
// a test fails whenever the deadline logic fails an op too early, too late, or not at all.

const TIMEOUT_MS = 80;

/** How a watched op has settled so far, and at which mocked millisecond. */
interface Tracked<T> {
  settledAtMs: number | null;
  value?: T;
  error?: unknown;
}

/** A mocked clock with the ops under test: `advance` steps it and lets their callbacks run. */
interface MockedClock {
  nowMs: () => number;
  advance: (ms: number) => Promise<void>;
  track: <T>(op: Promise<T>) => Tracked<T>;
}

/** Mocks test `t`'s setInterval with a clock stepped by hand. */
function mockedClock(t: TestContext): MockedClock {
  t.mock.timers.enable({ apis: ['setInterval'] });
  let nowMs = 0;
  const advance = async (ms: number): Promise<void> => {
    for (let i = 0; i < ms; i++) {
      t.mock.timers.tick(1);
      nowMs++;
      // setImmediate is not mocked: waiting for it runs every promise callback queued by the tick.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const track = <T>(op: Promise<T>): Tracked<T> => {
    const tracked: Tracked<T> = { settledAtMs: null };
    op.then(
      (value) => Object.assign(tracked, { settledAtMs: nowMs, value }),
      (error: unknown) => Object.assign(tracked, { settledAtMs: nowMs, error }),
    );
    return tracked;
  };
  return { nowMs: () => nowMs, advance, track };
}

/** A promise the test answers by hand, as the server would. */
function pendingAnswer<T>(): {
  op: Promise<T>;
  answer: (value: T) => void;
  fail: (err: Error) => void;
} {
  let answer!: (value: T) => void;
  let fail!: (err: Error) => void;
  const op = new Promise<T>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { op, answer, fail };
}

/** When `tracked` settled, failing the test if it has not. */
function settledAt(tracked: Tracked<unknown>, what: string): number {
  assert.ok(tracked.settledAtMs !== null, what);
  return tracked.settledAtMs;
}

function assertTimedOut(tracked: Tracked<unknown>): void {
  assert.ok(tracked.error instanceof OpTimeoutError, `failed with ${String(tracked.error)}`);
  assert.equal(tracked.error.code, 'timeout');
  assert.equal(tracked.error.message, `no answer within ${TIMEOUT_MS} ms`);
}

/**
 * Asserts that `tracked`, sent now, still waits just before the timeout (`stillWaiting` says why)
 * and fails as timeout 1 to 1.25 timeouts after its send; `beforeTimeout` runs between the two.
 */
async function assertTimesOutOnTime(
  clock: MockedClock,
  tracked: Tracked<unknown>,
  stillWaiting: string,
  beforeTimeout?: () => void,
): Promise<void> {
  const sentAtMs = clock.nowMs();
  await clock.advance(TIMEOUT_MS - 1);
  assert.equal(tracked.settledAtMs, null, stillWaiting);
  beforeTimeout?.();
  await clock.advance(TIMEOUT_MS / 4 + 1);
  const waitedMs = settledAt(tracked, 'failed within 1.25 timeouts') - sentAtMs;
  assertTimedOut(tracked);
  assert.ok(waitedMs >= TIMEOUT_MS && waitedMs <= TIMEOUT_MS * 1.25, `waited ${waitedMs} ms`);
}

/** Runs `body` with a mocked clock and a watch of TIMEOUT_MS, stopping the watch after. */
async function withWatch(
  t: TestContext,
  body: (clock: MockedClock, watch: OpWatch) => Promise<void>,
): Promise<void> {
  const clock = mockedClock(t);
  const watch = new OpWatch(TIMEOUT_MS);
  try {
    await body(clock, watch);
  } finally {
    watch.stop();
  }
}

// Sweeps come every TIMEOUT_MS / 4 = 20 ms: ops sent right after one, between two and right before one.
for (const sentAtMs of [0, 1, 10, 19]) {
  test(`an op never answered fails as timeout 1 to 1.25 timeouts after it was sent (sent at ${sentAtMs} ms)`, async (t) => {
    await withWatch(t, async (clock, watch) => {
      // The answered op's slot comes first: a sweep must reach every slot, not stop at one.
      const answeredSlot = watch.slot();
      const slot = watch.slot();
      await clock.advance(sentAtMs);
      const unanswered = clock.track(watched(slot, new Promise<number>(() => undefined)));
      const answered = pendingAnswer<number>();
      const other = clock.track(watched(answeredSlot, answered.op));
      await assertTimesOutOnTime(clock, unanswered, 'still waiting just before the timeout', () =>
        answered.answer(5),
      );
      assert.equal(other.value, 5, "the other slot's answered op kept its answer");
    });
  });
}

test('an op answered just before its timeout keeps its value or error, though sweeps ran while it waited', async (t) => {
  await withWatch(t, async (clock, watch) => {
    const slot = watch.slot();
    // Sent just before a sweep: the sweeps age it fastest.
    await clock.advance(19);
    const valueOp = pendingAnswer<string>();
    const withValue = clock.track(watched(slot, valueOp.op));
    await clock.advance(TIMEOUT_MS - 1);
    valueOp.answer('entry');
    await clock.advance(1);
    assert.equal(withValue.value, 'entry');
    assert.equal(withValue.error, undefined);

    const errorOp = pendingAnswer<string>();
    const withError = clock.track(watched(slot, errorOp.op));
    await clock.advance(TIMEOUT_MS - 1);
    errorOp.fail(new Error('noSuchObject'));
    await clock.advance(1);
    assert.match(String(withError.error), /noSuchObject/);
    // Sweeps after the answers change nothing.
    await clock.advance(TIMEOUT_MS * 2);
    assert.equal(withValue.value, 'entry');
    assert.match(String(withError.error), /noSuchObject/);
  });
});

test('an answer after the timeout is ignored: the op stays failed as timeout', async (t) => {
  await withWatch(t, async (clock, watch) => {
    const late = pendingAnswer<number>();
    const tracked = clock.track(watched(watch.slot(), late.op));
    await clock.advance(TIMEOUT_MS * 1.25);
    assertTimedOut(tracked);
    late.answer(1);
    await clock.advance(1);
    assertTimedOut(tracked);
    assert.equal(tracked.value, undefined);
  });
});

test("a slot's next op gets the whole timeout from its own send, not from the previous op's", async (t) => {
  await withWatch(t, async (clock, watch) => {
    const slot = watch.slot();
    const first = pendingAnswer<number>();
    const firstTracked = clock.track(watched(slot, first.op));
    await clock.advance(70);
    first.answer(1);
    await clock.advance(1);
    assert.equal(firstTracked.value, 1);
    const second = clock.track(watched(slot, new Promise<number>(() => undefined)));
    await assertTimesOutOnTime(clock, second, 'still waiting, measured from its own send');
  });
});

test('a stopped watch fails nothing more', async (t) => {
  const clock = mockedClock(t);
  const watch = new OpWatch(TIMEOUT_MS);
  const tracked = clock.track(watched(watch.slot(), new Promise<number>(() => undefined)));
  watch.stop();
  await clock.advance(TIMEOUT_MS * 3);
  assert.equal(tracked.settledAtMs, null);
});

test('without a watch the op is returned as is', () => {
  const op = Promise.resolve(1);
  assert.equal(watched(null, op), op);
});

test('an armed op unanswered past the timeout is reported once, with the ticket it was armed with', async (t) => {
  const heard: { ticket: number; atTimeoutMs: number }[] = [];
  const listener = {
    opExpired: (ticket: number, err: OpTimeoutError) =>
      heard.push({ ticket, atTimeoutMs: Number(/\d+/.exec(err.message)?.[0]) }),
  };
  await withWatch(t, async ({ advance }, watch) => {
    const slot = watch.slot();
    slot.arm(listener, 7);
    await advance(TIMEOUT_MS - 1);
    assert.deepEqual(heard, [], 'not before the timeout');
    await advance(TIMEOUT_MS);
    assert.deepEqual(heard, [{ ticket: 7, atTimeoutMs: TIMEOUT_MS }]);
    await advance(3 * TIMEOUT_MS);
    assert.equal(heard.length, 1, 'reported once');
  });
});

test('re-arming a slot gives its next op the whole timeout and reports only that op', async (t) => {
  const tickets: number[] = [];
  const listener = { opExpired: (ticket: number) => tickets.push(ticket) };
  await withWatch(t, async ({ advance }, watch) => {
    const slot = watch.slot();
    slot.arm(listener, 1);
    await advance(TIMEOUT_MS - 10);
    // The first op was answered; the loop arms its next one.
    slot.arm(listener, 2);
    await advance(TIMEOUT_MS - 1);
    assert.deepEqual(tickets, [], "the second op's timeout runs from its own arming");
    await advance(TIMEOUT_MS);
    assert.deepEqual(tickets, [2]);
  });
});
