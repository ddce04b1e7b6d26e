import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withoutPasswords } from './redact.ts';

test('exports drop every field named like a secret, at any depth, and keep the rest', () => {
  const config = {
    bindDn: 'cn=bench',
    tlsVerify: false,
    password: 'p1',
    nested: [{ passwordFile: '/x.pw', keyPassphrase: 'p2', secret_ref: '{}', label: 'ok' }],
    workloadSpec: { operations: [{ operation: { kind: 'bind', credentials: 'p3' } }] },
  };
  const out = JSON.stringify(withoutPasswords(config));
  for (const secret of ['p1', 'p2', 'p3', '/x.pw', 'secret_ref'])
    assert.equal(out.includes(secret), false);
  assert.deepEqual(JSON.parse(out), {
    bindDn: 'cn=bench',
    tlsVerify: false,
    nested: [{ label: 'ok' }],
    workloadSpec: { operations: [{ operation: { kind: 'bind' } }] },
  });
});
