// The shared start rules on a run over several servers: heavy load on any of them needs the yes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import type { RunRequest } from '../../shared/types.ts';
import type { Target } from '../../shared/targetTypes.ts';
import { startGuardedRun } from './guardedStart.ts';
import type { GuardedStartDeps } from './guardedStart.ts';

const TARGETS: Record<string, Pick<Target, 'id' | 'name' | 'url'>> = {
  local: { id: 'local', name: 'loopback replica', url: 'ldap://127.0.0.1:3890' },
  remote: { id: 'remote', name: 'production replica', url: 'ldap://dir.example:389' },
};

function deps(started: RunRequest[]): GuardedStartDeps {
  return {
    service: {
      start: (req: RunRequest) => {
        started.push(req);
        return Promise.resolve({ runId: 'run-1', done: new Promise(() => undefined), notes: [] });
      },
    },
    activeCampaign: () => null,
    targets: { get: (id: string) => TARGETS[id] as ReturnType<GuardedStartDeps['targets']['get']> },
    limits: () => ({ confirmAboveConnections: 64, confirmAboveOpsPerSec: 1000, maxRunS: 3600 }),
  };
}

const HEAVY = {
  targetId: 'local',
  moreTargetIds: ['remote'],
  workload: 'read-random',
  connections: 200,
  depth: 1,
  warmupS: 0,
  durationS: 5,
};

test('a second server off loopback needs the yes as the first would, naming it', async () => {
  const started: RunRequest[] = [];
  await assert.rejects(
    startGuardedRun(deps(started), HEAVY),
    (err: unknown) =>
      err instanceof ApiError &&
      err.code === 'needs-confirmation' &&
      /production replica/.test(err.message),
  );
  assert.equal(started.length, 0, 'nothing started');
  await startGuardedRun(deps(started), { ...HEAVY, confirmed: true });
  await startGuardedRun(deps(started), { ...HEAVY, moreTargetIds: ['local'] });
  assert.equal(started.length, 2);
});
