// The run form's consumers: how typed URLs become the request's topology and how their errors read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../../shared/errors.ts';
import { validateReplicationTopology } from '../../../shared/replicationTypes.ts';
import { defaultRunValues, runFieldErrors, toRunRequest } from './runForm.ts';
import { parseReplicaConsumers, replicaConsumerMessage } from './replicaConsumers.ts';

/** The message the shared check gives for `consumers`, in the form's words. */
function messageFor(consumers: string[]): string {
  try {
    validateReplicationTopology({ consumers });
  } catch (err) {
    assert.ok(err instanceof ApiError);
    return replicaConsumerMessage(err);
  }
  return 'accepted';
}

test('consumers typed one per line or comma-separated become replication.consumers; blank sends none', () => {
  assert.deepEqual(parseReplicaConsumers(' ldap://r1:389\n\nldap://r2:389 , ldaps://r3:636 '), [
    'ldap://r1:389',
    'ldap://r2:389',
    'ldaps://r3:636',
  ]);
  const values = { ...defaultRunValues('t1'), replicaConsumers: 'ldap://r1:389\nldap://r2:389' };
  assert.deepEqual(toRunRequest(values).replication, {
    consumers: ['ldap://r1:389', 'ldap://r2:389'],
  });
  assert.equal(toRunRequest(defaultRunValues('t1')).replication, undefined);
  assert.equal(
    toRunRequest({ ...defaultRunValues('t1'), replicaConsumers: ' \n ' }).replication,
    undefined,
  );
});

test('a consumer that is no LDAP URL, a repeat, or too many show beside the field, naming which', () => {
  const errorsFor = (replicaConsumers: string) =>
    runFieldErrors({ ...defaultRunValues('t1'), replicaConsumers }).replicaConsumers;
  assert.equal(
    errorsFor('ldap://r1:389\nhttp://r2'),
    'Consumer 2 must be an LDAP URL like ldap://replica1:389, got "http://r2"',
  );
  assert.equal(
    errorsFor('ldap://r1:389, LDAP://R1:389'),
    'Replication consumers: names a consumer twice; list each once',
  );
  assert.match(
    messageFor(Array.from({ length: 9 }, (_, i) => `ldap://r${i}:389`)),
    /^Replication consumers: must list 1 to 8 consumer URLs/,
  );
  assert.equal(errorsFor('ldap://r1:389'), undefined);
});

test('a consumers error reads from its field and detail, never by cutting the field from the prose', () => {
  // A message that does not open with its field: the old text rewrite showed it with the path left in.
  const worded = new ApiError(
    'validation',
    'Replica URL rejected: ldap:/x',
    'replication.consumers[2]',
    {
      detail: 'must be an LDAP URL like ldap://replica1:389, got "ldap:/x"',
    },
  );
  assert.equal(
    replicaConsumerMessage(worded),
    'Consumer 3 must be an LDAP URL like ldap://replica1:389, got "ldap:/x"',
  );
  const whole = new ApiError(
    'validation',
    'the replication list is too long',
    'replication.consumers',
    {
      detail: 'must list 1 to 8 consumer URLs',
    },
  );
  assert.equal(
    replicaConsumerMessage(whole),
    'Replication consumers: must list 1 to 8 consumer URLs',
  );
  // Without a detail there is no rule written for the field: the message is shown whole.
  const bare = new ApiError('validation', 'replication is not allowed here', 'replication');
  assert.equal(replicaConsumerMessage(bare), 'replication is not allowed here');
});
