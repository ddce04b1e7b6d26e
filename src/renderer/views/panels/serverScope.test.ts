import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunSample } from '../../../shared/types.ts';
import { samplesOfServer } from './serverScope.ts';

test("a run on several servers is seen from one server's share; a run on one as it is", () => {
  const second = {
    second: 0,
    ops: 30,
    errors: 2,
    operations: { search: { ops: 30 } },
    servers: { 'ldap://a': { ops: 20, errors: 2 }, 'ldap://b': { ops: 10, errors: 0 } },
    serverMonitor: { opsPerSec: 21 },
  } as unknown as RunSample;
  const [scoped] = samplesOfServer([second], 'ldap://a');
  assert.equal(scoped?.ops, 20);
  assert.equal(scoped?.errors, 2);
  assert.equal(scoped?.operations, undefined, 'labels are not kept per server');
  assert.equal(scoped?.serverMonitor?.opsPerSec, 21);
  assert.equal(samplesOfServer([second], 'ldap://c')[0]?.ops, 0);
  const all = [second];
  assert.equal(samplesOfServer(all, undefined), all);
});
