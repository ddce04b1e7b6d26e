import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LOST_TAIL_S, ServerLossWatch } from './serverLoss.ts';
import type { LossSecond } from './serverLoss.ts';

/** A watch fed `seconds` in order. */
function watched(seconds: LossSecond[]): ServerLossWatch {
  const watch = new ServerLossWatch();
  for (const s of seconds) watch.add(s);
  return watch;
}

const ok = (phase: LossSecond['phase'] = 'measured'): LossSecond => ({
  phase,
  ops: 900,
  errors: 0,
});
const lost = (phase: LossSecond['phase'] = 'measured'): LossSecond => ({
  phase,
  ops: 0,
  errors: 12,
});
const silent = (phase: LossSecond['phase'] = 'measured'): LossSecond => ({
  phase,
  ops: 0,
  errors: 0,
});

test('a clean run and a run with scattered errors did not lose their server', () => {
  assert.equal(watched([ok(), ok(), ok()]).verdict(), null);
  assert.equal(
    watched([ok(), { phase: 'measured', ops: 500, errors: 40 }, ok(), lost(), ok()]).verdict(),
    null,
  );
});

test('the issue case: killed 4 s into 10 s, every later second fails, the run is lost by its tail', () => {
  const verdict = watched([
    ok(),
    ok(),
    ok(),
    ok(),
    ...Array.from({ length: 6 }, () => lost()),
  ]).verdict();
  assert.match(
    verdict ?? '',
    /^the server was lost: no operation succeeded in the last 6 s of load while 72 failed/,
  );
});

test(`the tail needs ${LOST_TAIL_S} s: a server restarting in the last two seconds is not yet lost`, () => {
  const base = Array.from({ length: 8 }, () => ok());
  assert.equal(watched([...base, lost(), lost()]).verdict(), null);
  assert.notEqual(watched([...base, lost(), lost(), lost()]).verdict(), null);
});

test('a tail of silent seconds without failures is a slow server, not a lost one', () => {
  // An un-indexed scan of a big directory may complete nothing within a second.
  assert.equal(watched([silent(), silent(), silent(), silent()]).verdict(), null);
  assert.equal(watched([ok(), silent(), silent(), silent(), silent()]).verdict(), null);
});

test('silent seconds count in the tail once a failure shows the server is gone', () => {
  const verdict = watched([ok(), ok(), ok(), ok(), ok(), silent(), lost(), silent()]).verdict();
  assert.match(verdict ?? '', /last 3 s of load while 12 failed/);
});

test('more than half of the measured seconds lost fails the run even when it recovered', () => {
  const verdict = watched([ok('warmup'), lost(), lost(), lost(), ok(), ok()]).verdict();
  assert.match(
    verdict ?? '',
    /^the server was lost: 3 of 5 measured seconds had failures and no success/,
  );
  assert.equal(watched([ok(), lost(), lost(), ok()]).verdict(), null, 'exactly half is not more');
});

test('warm-up seconds do not count toward the half; a one-second run that failed entirely is lost', () => {
  assert.equal(watched([lost('warmup'), lost('warmup'), ok(), ok()]).verdict(), null);
  assert.notEqual(watched([lost()]).verdict(), null);
});

test('a server lost during cool-down still fails the run by its tail', () => {
  const verdict = watched([
    ok(),
    ok(),
    lost('cooldown'),
    lost('cooldown'),
    lost('cooldown'),
  ]).verdict();
  assert.notEqual(verdict, null);
});
