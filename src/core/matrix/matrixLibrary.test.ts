import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import { openDatabase } from '../store/database.ts';
import { MatrixRepo } from '../store/matrixRepo.ts';
import { TargetsRepo } from '../store/targetsRepo.ts';
import { WorkloadsRepo } from '../store/workloadsRepo.ts';
import { matrixSpecFixture } from '../testing/matrixSpecFixture.ts';
import { WorkloadLibrary } from '../workload/library.ts';
import { writesEntries } from './cellExecution.ts';
import { MatrixLibrary } from './matrixLibrary.ts';

function library(): MatrixLibrary {
  const db = openDatabase(':memory:');
  return new MatrixLibrary(
    new MatrixRepo(db),
    new WorkloadLibrary(new WorkloadsRepo(db)),
    new TargetsRepo(db),
  );
}

function rejects(fn: () => unknown, field: string, pattern: RegExp): void {
  assert.throws(
    fn,
    (err: unknown) => err instanceof ApiError && err.field === field && pattern.test(err.message),
  );
}

const SMALL = matrixSpecFixture();

test('the built-in matrices are valid and listed with cells and estimates', () => {
  const lib = library();
  const items = lib.list();
  assert.deepEqual(
    items.map((m) => m.id),
    ['builtin/mvault', 'builtin/salford', 'builtin/unboundid-threads'],
  );
  const salfordSpec = lib.get('builtin/salford');
  // Every lab kind DirBench can build.
  const servers = salfordSpec.servers.length;
  assert.ok(servers >= 4, `${servers} servers`);
  const salford = lib.check(salfordSpec);
  // 11 tests x 4 sizes x 2 profiles x the servers, each at its Table 2 concurrency.
  assert.equal(salford.cells.length, 11 * 4 * 2 * servers);
  assert.equal(salford.labBuilds, 4 * 2 * servers);
  const byTest = new Map(salford.cells.map((c) => [c.workload, c.connections]));
  assert.equal(byTest.get('salford/S.1'), 50);
  assert.equal(byTest.get('salford/M.1'), 10);
  assert.equal(byTest.get('salford/A.1a'), 1);
  const threads = lib.check(lib.get('builtin/unboundid-threads'));
  assert.deepEqual(
    [...new Set(threads.cells.map((c) => c.connections))],
    [1, 2, 4, 8, 16, 32, 64, 128],
  );
  const mvault = lib.check(lib.get('builtin/mvault'));
  assert.ok(mvault.cells.every((c) => c.entries === 1_000_000 || c.entries === 10_000_000));
  assert.ok(items.every((m) => m.builtin && m.estimatedS > 0));
});

test('check names unknown workloads, index profiles, targets and mismatched shapes', () => {
  const lib = library();
  rejects(
    () => lib.check({ ...SMALL, workloads: ['read-random', 'salford/S.99'] }),
    'workloads[1]',
    /unknown workload/,
  );
  rejects(
    () => lib.check({ ...SMALL, indexProfiles: ['salford-indexed', 'fast'] }),
    'indexProfiles[1]',
    /unknown index profile/,
  );
  rejects(
    () => lib.check({ ...SMALL, servers: [{ targetId: 'tgt-nope' }] }),
    'servers[0].targetId',
    /no target/,
  );
  rejects(
    () => lib.check({ ...SMALL, workloads: ['mvault/modify'] }),
    'workloads[0]',
    /"shape": "flat"/,
  );
  assert.equal(lib.check({ ...SMALL, indexProfiles: ['cn:eq;uid:eq'] }).cells.length, 1);
});

test('saved matrices come back by id; built-in ones cannot be deleted', () => {
  const lib = library();
  const item = lib.save({ ...SMALL, name: 'My sweep' });
  assert.equal(item.id, 'user/My-sweep');
  assert.equal(item.builtin, false);
  assert.equal(lib.get('user/My-sweep').name, 'My sweep');
  assert.throws(
    () => lib.delete('builtin/salford'),
    (err: unknown) => err instanceof ApiError && err.kind === 'conflict',
  );
  lib.delete('user/My-sweep');
  assert.throws(
    () => lib.get('user/My-sweep'),
    (err: unknown) => err instanceof ApiError && err.kind === 'not-found',
  );
});

test('workloads that add, delete or rename entries are recognised as writing', () => {
  const workloads = new WorkloadLibrary(new WorkloadsRepo(openDatabase(':memory:')));
  assert.equal(writesEntries(workloads.get('salford/A.1a')), true);
  assert.equal(writesEntries(workloads.get('salford/D.1a')), true);
  assert.equal(writesEntries(workloads.get('salford/S.1')), false);
  assert.equal(writesEntries(workloads.get('salford/M.1')), false);
});

test('matrix thresholds are checked by grammar and against every workload they judge', () => {
  const lib = library();
  const spec = lib.check({ ...SMALL, thresholds: ['p99<50ms', 'errorRate<1%'] }).spec;
  assert.deepEqual(spec.thresholds, ['p99<50ms', 'errorRate<1%']);
  rejects(() => lib.check({ ...SMALL, thresholds: ['p99<50'] }), 'thresholds[0]', /time unit/);
  rejects(
    () => lib.check({ ...SMALL, thresholds: ['p99<50ms', 'modify.p99<1ms'] }),
    'thresholds[1]',
    /no operation labelled "modify".*\(in workloads\[0\] read-random\)$/,
  );
});
