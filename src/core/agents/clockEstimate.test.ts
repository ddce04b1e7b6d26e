import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimateClock, formatClockOffset } from './clockEstimate.ts';

test('the probe with the smallest round trip gives offset = agent time - midpoint, +- half the round trip', () => {
  const estimate = estimateClock([
    { sentMs: 1_000, receivedMs: 1_010, agentMs: 4_000 }, // rtt 10
    { sentMs: 2_000, receivedMs: 2_002, agentMs: 5_003 }, // rtt 2: midpoint 2001, offset +3002
    { sentMs: 3_000, receivedMs: 3_006, agentMs: 6_000 }, // rtt 6
  ]);
  assert.deepEqual(estimate, { offsetMs: 3_002, uncertaintyMs: 1, roundTripMs: 2 });
});

test('an agent behind us has a negative offset; the agent clock step is read as its middle', () => {
  const estimate = estimateClock([{ sentMs: 10_000, receivedMs: 10_001, agentMs: 9_500 }], 1);
  assert.deepEqual(estimate, { offsetMs: -500, uncertaintyMs: 1, roundTripMs: 1 });
});

test('no samples (or only impossible ones) give no estimate', () => {
  assert.equal(estimateClock([]), null);
  assert.equal(estimateClock([{ sentMs: 5, receivedMs: 4, agentMs: 0 }]), null);
});

test('the true offset lies within the estimate for any symmetric-or-not delays', () => {
  for (let i = 0; i < 200; i++) {
    const trueOffsetMs = ((i * 37.3) % 500) - 250;
    const samples = [0, 1, 2, 3, 4].map((k) => {
      const sentMs = 1_000 * k + 0.123 * i;
      const outMs = ((i + k) % 7) * 0.4;
      const backMs = ((i * k) % 5) * 0.3;
      return {
        sentMs,
        agentMs: sentMs + outMs + trueOffsetMs,
        receivedMs: sentMs + outMs + backMs,
      };
    });
    const e = estimateClock(samples) ?? assert.fail('no estimate');
    assert.ok(Math.abs(e.offsetMs - trueOffsetMs) <= e.uncertaintyMs + 1e-9, `case ${i}`);
  }
});

test('offsets print as +1.2 ms ± 0.3', () => {
  assert.equal(formatClockOffset(1.234, 0.31), '+1.2 ms ± 0.3');
  assert.equal(formatClockOffset(-12, 0.5), '-12.0 ms ± 0.5');
  assert.equal(formatClockOffset(null, null), '-');
});
