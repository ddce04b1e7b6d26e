// Target groups in matrix files: the file's form and the stored form give the same server, and each
// mistake names its field.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matrixServerKey, targetGroupServer } from './matrixTargetGroup.ts';

test('{"targets": [...]} is stored as the first target and the others, and read back the same', () => {
  const stored = targetGroupServer({ targets: ['tgt-a', 'tgt-b'], serverSet: 'failover' }, 's');
  assert.deepEqual(stored, { targetId: 'tgt-a', moreTargetIds: ['tgt-b'], serverSet: 'failover' });
  assert.deepEqual(targetGroupServer({ ...stored }, 's'), stored);
  assert.equal(matrixServerKey(stored), 'targets tgt-a + tgt-b (failover)');
  assert.equal(matrixServerKey({ targetId: 'tgt-a' }), 'target tgt-a');
});

test('a group of one, a target named twice, an unknown mode or key are refused naming the field', () => {
  const refused = (value: Record<string, unknown>, field: string, message: RegExp): void =>
    assert.throws(
      () => targetGroupServer(value, 'servers[0]'),
      (err: Error & { field?: string }) => err.field === field && message.test(err.message),
    );
  refused({ targets: ['tgt-a'] }, 'servers[0].targets', /must list saved target ids/);
  refused({ targets: ['tgt-a', 'tgt-a'] }, 'servers[0]', /names tgt-a twice/);
  refused(
    { targets: ['a', 'b'], serverSet: 'random' },
    'servers[0].serverSet',
    /round-robin or failover/,
  );
  refused({ targets: ['a', 'b'], lab: 'openldap' }, 'servers[0].lab', /target group/);
  refused({ targets: ['a', 'b'], targetId: 'c' }, 'servers[0]', /targets alone/);
});
