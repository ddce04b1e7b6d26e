// The kinds the UI offers replicas for are the kinds core can replicate, and counts are checked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../../shared/errors.ts';
import { LAB_KIND_CAPABILITIES, LAB_KINDS } from '../../../shared/labTypes.ts';
import { checkReplicaCount, replicaSupportOf } from './support.ts';

test('every kind whose capabilities say replicas has replica support, and only those', () => {
  for (const kind of LAB_KINDS) {
    const supported = (() => {
      try {
        replicaSupportOf(kind);
        return true;
      } catch {
        return false;
      }
    })();
    assert.equal(supported, LAB_KIND_CAPABILITIES[kind].replicas, kind);
  }
});

test('a replica count is 0 to 4, and more than 0 only for kinds that replicate', () => {
  assert.equal(checkReplicaCount(undefined, 'apacheds'), 0);
  assert.equal(checkReplicaCount(0, 'apacheds'), 0);
  assert.equal(checkReplicaCount(1, 'opendj'), 1);
  assert.equal(checkReplicaCount(2, '389ds'), 2);
  for (const [count, kind] of [
    [5, 'openldap'],
    [1.5, 'openldap'],
    [1, 'apacheds'],
  ] as const) {
    assert.throws(
      () => checkReplicaCount(count, kind),
      (err: unknown) => err instanceof ApiError && err.field === 'replicas',
    );
  }
});
