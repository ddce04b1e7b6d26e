import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import type { CampaignProgress } from '../../shared/matrix.ts';
import type { RunRequest } from '../../shared/types.ts';
import type { RunService } from '../runs/runService.ts';
import type { RunsRepo } from '../store/runsRepo.ts';
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
  const handlers = runsHandlers(service, {} as RunsRepo, () => progress('running'));
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
    const handlers = runsHandlers(service, {} as RunsRepo, () => active);
    assert.deepEqual(await handlers['runs/start'](REQUEST), { runId: 'run_1' });
    assert.equal(started.length, 1);
  }
});
