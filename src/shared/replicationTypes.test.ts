// A run request's replication topology: 1 to 8 distinct LDAP URLs, each mistake named by its index.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from './errors.ts';
import { validateReplicationTopology } from './replicationTypes.ts';
import type { ReplicationTopology } from './replicationTypes.ts';

function rejects(topology: unknown, field: string, pattern: RegExp): void {
  assert.throws(
    () => validateReplicationTopology(topology as ReplicationTopology),
    (err: unknown) => err instanceof ApiError && err.field === field && pattern.test(err.message),
  );
}

test('consumers are 1 to 8 distinct ldap:// or ldaps:// URLs', () => {
  validateReplicationTopology({ consumers: ['ldap://r1:389', 'ldaps://r2:636/'] });
  rejects({ consumers: [] }, 'replication.consumers', /1 to 8/);
  rejects({}, 'replication.consumers', /1 to 8/);
  rejects({ consumers: ['ldap://r1', 'http://r2'] }, 'replication.consumers[1]', /LDAP URL/);
  rejects({ consumers: ['ldap://r1/o=x'] }, 'replication.consumers[0]', /LDAP URL/);
  rejects({ consumers: ['ldap://R1:389', 'ldap://r1:389'] }, 'replication.consumers', /twice/);
});
