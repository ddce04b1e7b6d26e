// The kinds the UI offers replicas for are the kinds core can replicate, and counts are checked.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { test } from 'node:test';
import { ApiError } from '../../../shared/errors.ts';
import { LAB_KIND_LIST, LAB_KINDS } from '../../../shared/labKinds.ts';
import { LAB_DRIVERS } from '../drivers.ts';
import { checkReplicaCount, replicaSupportOf } from './support.ts';

test('every kind whose capabilities say replicas has replica support, and only those', () => {
  for (const kind of LAB_KIND_LIST) {
    const driver = LAB_DRIVERS[kind].createDriver(tmpdir());
    const supported = (() => {
      try {
        replicaSupportOf(driver);
        return true;
      } catch {
        return false;
      }
    })();
    assert.equal(supported, LAB_KINDS[kind].capabilities.replicas, kind);
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

test('a kind without replicas is refused naming the kinds that have them', () => {
  assert.throws(
    () => checkReplicaCount(1, 'samba-ad'),
    /samba-ad labs cannot have replicas yet; use openldap, 389ds, opendj, or leave replicas out/,
  );
});
