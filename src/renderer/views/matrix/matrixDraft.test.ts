// Plain-Node checks of the matrix builder's pure logic and the new routes.
import assert from 'node:assert/strict';
import test from 'node:test';
import { ApiError } from '../../../shared/errors.ts';
import {
  errorField,
  exportableMatrix,
  importedMatrix,
  matrixFileName,
  NEW_MATRIX,
  parseCount,
  samePolicy,
  sameServer,
  toggleValue,
} from './matrixDraft.ts';
import { parseRoute, routeHref } from '../../hooks/useHashRoute.ts';

test('counts typed by people: digits, separators, k and M', () => {
  assert.equal(parseCount('100000'), 100_000);
  assert.equal(parseCount('100,000'), 100_000);
  assert.equal(parseCount('100k'), 100_000);
  assert.equal(parseCount('1.5M'), 1_500_000);
  assert.equal(parseCount(' 2 M '), 2_000_000);
  for (const bad of ['', 'abc', '-5', '0', '1.5', '10x', '1e6'])
    assert.equal(parseCount(bad), null, bad);
});

test('toggling axis values keeps numbers sorted and objects compared by value', () => {
  assert.deepEqual(toggleValue([10_000, 1_000_000], 100_000), [10_000, 100_000, 1_000_000]);
  assert.deepEqual(toggleValue([10_000, 100_000], 10_000), [100_000]);
  assert.deepEqual(
    toggleValue([{ lab: 'openldap' as const }], { lab: 'openldap' as const }, sameServer),
    [],
  );
  assert.deepEqual(
    toggleValue([{ kind: 'persistent' as const }], { kind: 'rebind' as const }, samePolicy),
    [{ kind: 'persistent' }, { kind: 'rebind' }],
  );
});

test('a host error lands on the builder section its field path names', () => {
  assert.equal(errorField(new ApiError('validation', 'x', 'sizes[2]')), 'sizes');
  assert.equal(errorField(new ApiError('validation', 'x', 'servers[0].lab')), 'servers');
  assert.equal(errorField(new ApiError('validation', 'x', 'durationS')), 'durationS');
  assert.equal(errorField(new ApiError('validation', 'x', 'agents.names')), 'agents');
  assert.equal(errorField(new ApiError('validation', 'x', 'somethingElse')), null);
  assert.equal(errorField(new ApiError('failed', 'x')), null);
});

test('exported matrices drop their DirBench id and get a file name from their name', () => {
  assert.equal(exportableMatrix({ ...NEW_MATRIX, id: 'user/x' }).id, undefined);
  // Load agents go with the file, in and out.
  const agents = { broker: 'b-1', names: ['rack1'], onAgentLoss: 'continue' as const };
  const exported = exportableMatrix({ ...NEW_MATRIX, id: 'user/x', agents });
  assert.deepEqual(exported.agents, agents);
  const imported = importedMatrix(JSON.parse(JSON.stringify(exported)));
  assert.deepEqual('spec' in imported ? imported.spec.agents : imported.error, agents);
  assert.equal(matrixFileName({ name: 'Salford at 1M' }), 'Salford-at-1M.matrix.json');
});

test('routes of matrices, campaigns and compare round-trip through the hash', () => {
  for (const route of [
    { name: 'matrix' as const },
    { name: 'matrix' as const, matrixId: 'builtin/salford' },
    { name: 'campaigns' as const },
    { name: 'campaign' as const, campaignId: 'cmp_1' },
    { name: 'compare' as const, runIds: ['run_a', 'run_b'] },
    { name: 'reference' as const },
  ]) {
    assert.deepEqual(parseRoute(routeHref(route)), route);
  }
  assert.deepEqual(parseRoute('#/compare'), { name: 'compare', runIds: [] });
});

test('an imported file becomes a matrix the builder can show, or says why it cannot', () => {
  const partial = importedMatrix({ name: 'mine', sizes: [1000] });
  assert.ok('spec' in partial);
  assert.deepEqual(partial.spec.sizes, [1000]);
  assert.deepEqual(partial.spec.servers, [], 'a missing list is empty, for the check to report');
  assert.equal(partial.spec.name, 'mine');
  const empty = importedMatrix({});
  assert.equal('spec' in empty && empty.spec.name, '');
  assert.deepEqual(importedMatrix([1, 2]), {
    error: 'it holds no JSON object; a matrix file is one object (servers, sizes, ...)',
  });
  assert.deepEqual(importedMatrix(null), importedMatrix('text'));
  assert.deepEqual(importedMatrix({ servers: 'openldap' }), {
    error: 'its "servers" is not a list',
  });
  assert.deepEqual(importedMatrix({ name: 7 }), { error: 'its "name" is not a string' });
  assert.deepEqual(importedMatrix(NEW_MATRIX), { spec: NEW_MATRIX });
});
