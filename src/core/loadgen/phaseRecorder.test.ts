import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeHistogram } from './histogram.ts';
import { PhaseRecorder } from './phaseRecorder.ts';

test('phases are recorded in microseconds, taken once, and absent when none were recorded', () => {
  const phases = new PhaseRecorder();
  assert.equal(phases.take(), undefined);
  phases.record('connect', 250_000);
  phases.record('connect', 350_000);
  phases.record('bind', 1_000_000);
  const taken = phases.take();
  assert.deepEqual(Object.keys(taken ?? {}).sort(), ['bind', 'connect']);
  const connect = decodeHistogram(taken?.connect ?? '');
  assert.equal(connect.totalCount, 2);
  assert.equal(Math.round(connect.maxValue), 350);
  assert.equal(phases.take(), undefined, 'cleared by take');
});
