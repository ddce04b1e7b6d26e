import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import type { CampaignProgress } from '../../shared/matrix.ts';
import type { RunRequest } from '../../shared/types.ts';
import { DEFAULT_LOAD_GUARD } from '../runs/loadGuard.ts';
import type { RunService } from '../runs/runService.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';
import { runsHandlers } from './runsHandlers.ts';

const REQUEST: RunRequest = {
  targetId: 'tgt_1',
  workload: 'read-random',
  connections: 1,
  depth: 1,
  warmupS: 0,
  durationS: 1,
};

function progress(status: CampaignProgress['status']): CampaignProgress {
  return {
    campaignId: 'cmp_1',
    status,
    currentCell: null,
    activity: '',
    cellsDone: 1,
    cellsFailed: 0,
    cellsTotal: 4,
    etaS: null,
    runId: null,
  };
}

/** A targets repo holding one target at `url` (a remote server unless told otherwise). */
function targetsWith(url = 'ldap://dir.example:389'): Pick<TargetsRepo, 'get'> {
  return {
    get: (id: string) =>
      ({ id, name: 'prod directory', url, labId: null }) as ReturnType<TargetsRepo['get']>,
  };
}

/** A run service that only records that start was called (the guard is what is tested). */
function recordingService(): { service: RunService; started: RunRequest[] } {
  const started: RunRequest[] = [];
  const service = {
    start: async (req: RunRequest) => {
      started.push(req);
      return { runId: 'run_1', done: Promise.resolve() };
    },
  } as unknown as RunService;
  return { service, started };
}

test('a run cannot start while a campaign runs its cells, and names the campaign', async () => {
  const { service, started } = recordingService();
  const handlers = runsHandlers(service, () => progress('running'), targetsWith());
  await assert.rejects(
    handlers['runs/start'](REQUEST),
    (err: unknown) =>
      err instanceof ApiError && err.kind === 'conflict' && /cmp_1.*pause it/.test(err.message),
  );
  assert.equal(started.length, 0);
});

test('a paused campaign, or none, lets a run start', async () => {
  for (const active of [progress('paused'), null]) {
    const { service, started } = recordingService();
    const handlers = runsHandlers(service, () => active, targetsWith());
    assert.deepEqual(await handlers['runs/start'](REQUEST), { runId: 'run_1' });
    assert.equal(started.length, 1);
  }
});

test('heavy load off loopback needs confirmed: true; a loopback target or a confirmed request starts', async () => {
  const heavy: RunRequest = {
    ...REQUEST,
    connections: DEFAULT_LOAD_GUARD.confirmAboveConnections + 1,
  };
  const plain = recordingService();
  const handlers = runsHandlers(plain.service, () => null, targetsWith());
  await assert.rejects(
    handlers['runs/start'](heavy),
    (err: unknown) =>
      err instanceof ApiError &&
      err.kind === 'validation' &&
      err.field === 'confirmed' &&
      /prod directory \(ldap:\/\/dir\.example:389\).*65 connections/.test(err.message),
  );
  assert.equal(plain.started.length, 0);
  assert.deepEqual(await handlers['runs/start']({ ...heavy, confirmed: true }), { runId: 'run_1' });
  const local = recordingService();
  const localHandlers = runsHandlers(
    local.service,
    () => null,
    targetsWith('ldap://127.0.0.1:389'),
  );
  assert.deepEqual(await localHandlers['runs/start'](heavy), { runId: 'run_1' });
});
