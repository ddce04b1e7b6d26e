// The campaign-end notification's wording and the permission notes of its switch.
import assert from 'node:assert/strict';
import test from 'node:test';
import type { CampaignProgress } from '../../shared/matrix.ts';
import { campaignNotice, isNoticeWorthy, permissionNote } from './campaignNotice.ts';

function progress(overrides: Partial<CampaignProgress>): CampaignProgress {
  return {
    campaignId: 'c1',
    status: 'completed',
    currentCell: null,
    activity: '',
    cellsDone: 4,
    cellsFailed: 0,
    cellsTotal: 4,
    etaS: null,
    runId: null,
    ...overrides,
  };
}

test('a finished campaign is named with its cells done and failed', () => {
  assert.deepEqual(campaignNotice(progress({}), 'nightly', null), {
    title: 'Campaign finished: nightly',
    body: '4 of 4 cells done, none failed',
  });
  assert.deepEqual(campaignNotice(progress({ cellsDone: 3, cellsFailed: 1 }), 'nightly', null), {
    title: 'Campaign finished: nightly',
    body: '3 of 4 cells done, 1 failed',
  });
});

test('a failed campaign says why', () => {
  const notice = campaignNotice(
    progress({ status: 'failed', cellsDone: 0, cellsFailed: 4 }),
    'nightly',
    'every cell failed; the first: the lab could not be prepared',
  );
  assert.equal(notice.title, 'Campaign failed: nightly');
  assert.equal(
    notice.body,
    '0 of 4 cells done, 4 failed\nevery cell failed; the first: the lab could not be prepared',
  );
});

test('ends, not pauses or cancels, are worth a notification', () => {
  assert.equal(isNoticeWorthy(progress({ status: 'completed' })), true);
  assert.equal(isNoticeWorthy(progress({ status: 'failed' })), true);
  assert.equal(isNoticeWorthy(progress({ status: 'interrupted' })), true);
  assert.equal(isNoticeWorthy(progress({ status: 'running' })), false);
  assert.equal(isNoticeWorthy(progress({ status: 'paused' })), false);
  assert.equal(isNoticeWorthy(progress({ status: 'cancelled' })), false);
});

test('a blocked or missing permission is explained; a granted one needs no note', () => {
  assert.match(permissionNote('denied', true) ?? '', /blocked.*site settings/);
  assert.match(permissionNote('unsupported', false) ?? '', /no notifications/);
  assert.equal(permissionNote('granted', true), null);
  assert.equal(permissionNote('default', false), null);
});
