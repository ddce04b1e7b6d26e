// The start-lab form's reading of its start: by the answered id, whatever order answer and end come in.
import assert from 'node:assert/strict';
import test from 'node:test';
import type { LabEnded, LabInfo } from '../../../shared/labTypes.ts';
import { IDLE_START, labStartStatus, outcomeOfEnd } from './labStartOutcome.ts';

const LAB = { id: 'lab-aaaaaa', kind: 'openldap', state: 'loading' } as LabInfo;
const READY: LabEnded = {
  labId: LAB.id,
  status: 'ready',
  lab: { ...LAB, state: 'running', targetId: 'tgt_1' },
};

test('a start runs from the request until its own lab ends, even when the end came first', () => {
  assert.deepEqual(labStartStatus(IDLE_START, {}), { running: false, outcome: null });
  const requesting = { ...IDLE_START, requesting: true };
  // The end of a lab heard before the answer is not taken for this start's until the id is known.
  assert.equal(labStartStatus(requesting, { [LAB.id]: READY }).running, true);
  const answered = { requesting: false, lab: LAB, local: null };
  assert.deepEqual(labStartStatus(answered, {}), { running: true, outcome: null });
  const other: LabEnded = { ...READY, labId: 'lab-bbbbbb' };
  assert.equal(labStartStatus(answered, { 'lab-bbbbbb': other }).running, true);
  assert.deepEqual(labStartStatus(answered, { [LAB.id]: READY }), {
    running: false,
    outcome: { kind: 'started', lab: READY.lab },
  });
});

test('a cancel is told from a failure by its code, never by its words', () => {
  const failed = (code?: 'cancelled'): LabEnded => ({
    labId: LAB.id,
    status: 'failed',
    error: { kind: 'failed', message: 'Lab lab-aaaaaa was cancelled', ...(code ? { code } : {}) },
  });
  assert.deepEqual(outcomeOfEnd(failed('cancelled')), {
    kind: 'cancelled',
    message: 'Lab lab-aaaaaa was cancelled',
  });
  assert.deepEqual(outcomeOfEnd(failed()), {
    kind: 'failed',
    message: 'Lab lab-aaaaaa was cancelled',
  });
});

test('a cancel that failed shows until the lab ends; a refusal ends the start at once', () => {
  const local = { kind: 'failed', message: 'conflict' } as const;
  const cancelFailed = { requesting: false, lab: LAB, local };
  assert.deepEqual(labStartStatus(cancelFailed, {}), { running: true, outcome: local });
  assert.equal(labStartStatus(cancelFailed, { [LAB.id]: READY }).outcome?.kind, 'started');
  const refused = {
    requesting: false,
    lab: null,
    local: { kind: 'refused', message: 'entries: too many', field: 'entries' } as const,
  };
  assert.deepEqual(labStartStatus(refused, {}), { running: false, outcome: refused.local });
});
