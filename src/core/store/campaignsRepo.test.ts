import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import { expandMatrixCells, validateMatrixSpec } from '../../shared/matrixSpec.ts';
import type { RunConfig, RunEnvironment, RunSummary } from '../../shared/types.ts';
import { matrixSpecFixture } from '../testing/matrixSpecFixture.ts';
import { READ_RANDOM } from '../workload/builtin.ts';
import { CampaignsRepo } from './campaignsRepo.ts';
import { openDatabase } from './database.ts';
import { MatrixRepo, userMatrixId } from './matrixRepo.ts';
import { RunsRepo } from './runsRepo.ts';

function tempDb(t: { after: (fn: () => void) => void }) {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-campaigns-'));
  const db = openDatabase(join(dir, 'db.sqlite'));
  t.after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return db;
}

const spec = validateMatrixSpec(matrixSpecFixture({ name: 'Two sizes', sizes: [1000, 2000] }));

const config = {
  targetId: 'tgt-1',
  targetName: 'lab',
  workload: 'read-random',
  workloadSpec: READ_RANDOM,
  connections: 2,
  depth: 1,
  warmupS: 0,
  durationS: 1,
  entries: 1000,
} as unknown as RunConfig;

const summary = {
  opsPerSec: 1234.5,
  latencyUs: { p50: 100, p90: 200, p99: 300, p999: 400, max: 500, mean: 150 },
} as unknown as RunSummary;

test('matrices are saved as user/NAME, replaced by name, listed and deleted', (t) => {
  const repo = new MatrixRepo(tempDb(t));
  assert.equal(userMatrixId(' Salford at 10K! '), 'user/Salford-at-10K');
  assert.throws(
    () => userMatrixId('!!'),
    (err: unknown) => err instanceof ApiError && err.field === 'name',
  );
  const saved = repo.save(spec);
  assert.equal(saved.id, 'user/Two-sizes');
  repo.save({ ...spec, durationS: 5 });
  assert.equal(repo.list().length, 1);
  assert.equal(repo.find('user/Two-sizes')?.durationS, 5);
  repo.delete('user/Two-sizes');
  assert.equal(repo.find('user/Two-sizes'), null);
  assert.throws(
    () => repo.delete('user/Two-sizes'),
    (err: unknown) => err instanceof ApiError && err.kind === 'not-found',
  );
});

test('campaign cells carry their run outcome; interrupted campaigns reset running cells; delete removes runs', (t) => {
  const db = tempDb(t);
  const campaigns = new CampaignsRepo(db);
  const runs = new RunsRepo(db);
  const cells = expandMatrixCells(spec);
  campaigns.create('cmp-1', spec, cells);
  runs.create('run-1', config, {} as RunEnvironment);
  runs.finish('run-1', 'completed', null, summary, null);
  campaigns.linkRun('run-1', 'cmp-1', 0);
  campaigns.setCell('cmp-1', 0, 'done', 'run-1', null);
  runs.create('run-2', config, {} as RunEnvironment);
  campaigns.linkRun('run-2', 'cmp-1', 1);
  campaigns.setCell('cmp-1', 1, 'running', 'run-2', null);

  const detail = campaigns.get('cmp-1');
  assert.equal(detail.status, 'running');
  assert.equal(detail.cellsTotal, 2);
  assert.equal(detail.cellsDone, 1);
  assert.equal(detail.cells[0]?.opsPerSec, 1234.5);
  assert.equal(detail.cells[0]?.latencyUs?.p99, 300);
  assert.equal(detail.cells[1]?.entries, 2000);

  // The owner is alive: nothing changes; once it is gone the campaign is interrupted.
  db.prepare('UPDATE campaigns SET owner_pid = 999999').run();
  assert.deepEqual(
    campaigns.markInterrupted(() => true),
    [],
  );
  assert.deepEqual(
    campaigns.markInterrupted(() => false),
    ['cmp-1'],
  );
  const after = campaigns.get('cmp-1');
  assert.equal(after.status, 'interrupted');
  assert.match(after.error ?? '', /resume/);
  assert.deepEqual(
    after.cells.map((c) => [c.status, c.runId]),
    [
      ['done', 'run-1'],
      ['pending', null],
    ],
  );
  const unlinked = db.prepare('SELECT campaign_id FROM runs WHERE id = ?').get('run-2') as {
    campaign_id: string | null;
  };
  assert.equal(unlinked.campaign_id, null);

  campaigns.claim('cmp-1');
  assert.equal(campaigns.list()[0]?.status, 'running');
  campaigns.setStatus('cmp-1', 'completed');
  assert.ok(campaigns.get('cmp-1').endedAt !== null);

  campaigns.delete('cmp-1');
  assert.throws(
    () => campaigns.get('cmp-1'),
    (err: unknown) => err instanceof ApiError && err.kind === 'not-found',
  );
  assert.throws(
    () => runs.get('run-1'),
    (err: unknown) => err instanceof ApiError && err.kind === 'not-found',
  );
  assert.equal(runs.get('run-2').id, 'run-2');
});
