import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ApiEventMessage } from '../src/shared/api.ts';
import type { CampaignProgress, CampaignStatus } from '../src/shared/matrix.ts';
import type { RunStatus } from '../src/shared/types.ts';
import { CampaignNotifier, campaignNotice } from './notifications.ts';
import type { NoticeText } from './notifications.ts';
import { PowerSaveGuard } from './powerSave.ts';
import type { PowerSaveBlocker } from './powerSave.ts';
import { bringToFront, claimSingleInstance } from './singleInstance.ts';
import type { FocusableWindow, SingleInstanceApp } from './singleInstance.ts';

function fakeApp(gotLock: boolean) {
  const listeners: (() => void)[] = [];
  const exits: (number | undefined)[] = [];
  const app: SingleInstanceApp = {
    requestSingleInstanceLock: () => gotLock,
    on: (_event, listener) => listeners.push(listener),
    exit: (code) => exits.push(code),
  };
  return { app, listeners, exits };
}

function fakeWindow(minimized: boolean) {
  const calls: string[] = [];
  const window: FocusableWindow = {
    isMinimized: () => minimized,
    restore: () => calls.push('restore'),
    show: () => calls.push('show'),
    focus: () => calls.push('focus'),
  };
  return { window, calls };
}

test('the first instance keeps the lock and a second launch brings its window to the front', () => {
  const { app, listeners, exits } = fakeApp(true);
  const { window, calls } = fakeWindow(true);
  let current: FocusableWindow | null = null;
  assert.equal(
    claimSingleInstance(app, () => current),
    true,
  );
  assert.deepEqual(exits, []);
  assert.equal(listeners.length, 1);
  listeners[0]?.(); // a second launch before the window exists: nothing to focus, no error
  current = window;
  listeners[0]?.();
  assert.deepEqual(calls, ['restore', 'show', 'focus']);
});

test('a second instance exits with status 0 and opens nothing', () => {
  const { app, listeners, exits } = fakeApp(false);
  assert.equal(
    claimSingleInstance(app, () => assert.fail('no window is looked up')),
    false,
  );
  assert.deepEqual(exits, [0]);
  assert.equal(listeners.length, 0);
});

test('a window that is not minimized is shown and focused without a restore', () => {
  const { window, calls } = fakeWindow(false);
  bringToFront(window);
  assert.deepEqual(calls, ['show', 'focus']);
});

function fakeBlocker() {
  const held = new Set<number>();
  const log: string[] = [];
  let next = 1;
  const blocker: PowerSaveBlocker = {
    start(type) {
      log.push(`start ${type}`);
      held.add(next);
      return next++;
    },
    stop(id) {
      assert.ok(held.delete(id), `stop ${id} was started`);
      log.push(`stop ${id}`);
    },
  };
  return { blocker, held, log };
}

const started = (runId: string): ApiEventMessage =>
  ({ event: 'run/started', payload: { runId, active: {} } }) as ApiEventMessage;
const ended = (runId: string, status: RunStatus): ApiEventMessage => ({
  event: 'run/ended',
  payload: { runId, status, endReason: status === 'failed' ? 'server went away' : null },
});

function progress(status: CampaignStatus, extra: Partial<CampaignProgress> = {}): CampaignProgress {
  return {
    campaignId: 'c1',
    status,
    currentCell: null,
    activity: '',
    cellsDone: 3,
    cellsFailed: 0,
    cellsTotal: 12,
    etaS: null,
    runId: null,
    ...extra,
  };
}
const campaign = (status: CampaignStatus): ApiEventMessage => ({
  event: 'campaign/progress',
  payload: progress(status),
});

test('the blocker holds from a run start to its end, and survives a failed run', () => {
  const { blocker, held, log } = fakeBlocker();
  const guard = new PowerSaveGuard(blocker);
  guard.onEvent({ event: 'history/changed', payload: {} });
  assert.equal(guard.blocking, false);
  guard.onEvent(started('r1'));
  guard.onEvent(started('r1')); // repeated: still one blocker
  assert.equal(guard.blocking, true);
  assert.deepEqual(log, ['start prevent-app-suspension']);
  guard.onEvent(ended('r1', 'failed'));
  assert.equal(guard.blocking, false);
  assert.equal(held.size, 0);
  guard.onEvent(ended('r1', 'failed')); // repeated end: no second stop
  guard.onEvent(ended('never-started', 'stopped'));
  guard.onEvent(started('r2'));
  assert.equal(guard.blocking, true, 'the next run blocks again after a failure');
  guard.onEvent(ended('r2', 'completed'));
  assert.deepEqual(log, [
    'start prevent-app-suspension',
    'stop 1',
    'start prevent-app-suspension',
    'stop 2',
  ]);
});

test('a campaign holds the blocker between its cells and lets go when it pauses or ends', () => {
  const { blocker, held, log } = fakeBlocker();
  const guard = new PowerSaveGuard(blocker);
  guard.onEvent(campaign('running'));
  guard.onEvent(started('cell-1'));
  guard.onEvent(ended('cell-1', 'completed'));
  assert.equal(guard.blocking, true, 'between two cells the campaign is still active');
  guard.onEvent(campaign('paused'));
  assert.equal(guard.blocking, false);
  guard.onEvent(campaign('running'));
  guard.onEvent(started('cell-2'));
  guard.onEvent(campaign('failed'));
  assert.equal(guard.blocking, true, 'the cell still runs');
  guard.onEvent(ended('cell-2', 'failed'));
  assert.equal(guard.blocking, false);
  guard.onEvent(campaign('completed'));
  assert.equal(held.size, 0);
  assert.equal(log.filter((l) => l.startsWith('start')).length, 2);
});

test('release lets the machine sleep when the app quits mid-run', () => {
  const { blocker, held } = fakeBlocker();
  const guard = new PowerSaveGuard(blocker);
  guard.onEvent(started('r1'));
  guard.onEvent(campaign('running'));
  guard.release();
  guard.release();
  assert.equal(guard.blocking, false);
  assert.equal(held.size, 0);
});

test('a campaign notification says how it ended and how many cells ran', () => {
  assert.deepEqual(campaignNotice(progress('completed', { cellsDone: 12 }), 'Salford trend'), {
    title: 'Campaign finished',
    body: '“Salford trend” finished: 12 cells of 12 done.',
  });
  assert.deepEqual(campaignNotice(progress('failed', { cellsDone: 1, cellsFailed: 2 }), null), {
    title: 'Campaign failed',
    body: 'The campaign stopped early: 1 cell of 12 done, 2 cells failed. Open it in DirBench to see why.',
  });
  for (const status of ['running', 'paused', 'cancelled', 'interrupted'] as const) {
    assert.equal(campaignNotice(progress(status), 'x'), null, status);
  }
});

test('each end is notified once, and again after a resume', () => {
  const shown: [string, NoticeText][] = [];
  const notifier = new CampaignNotifier((id, notice) => shown.push([id, notice]));
  notifier.onProgress(progress('running'), 'A');
  notifier.onProgress(progress('failed'), 'A');
  notifier.onProgress(progress('failed'), 'A');
  assert.equal(shown.length, 1);
  notifier.onProgress(progress('running'), 'A');
  notifier.onProgress(progress('completed'), 'A');
  notifier.onProgress(progress('completed', { campaignId: 'c2' }), 'B');
  assert.deepEqual(
    shown.map(([id, n]) => `${id} ${n.title}`),
    ['c1 Campaign failed', 'c1 Campaign finished', 'c2 Campaign finished'],
  );
});
