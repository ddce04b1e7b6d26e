import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError, invalid } from './errors.ts';
import { checkSelection } from './exchange.ts';
import {
  checkDn,
  checkId,
  checkInteger,
  parseLdapUrl,
  validateRunRequest,
  validateTargetInput,
} from './validation.ts';

/** Asserts that `fn` throws a validation ApiError naming `field`. */
function rejects(fn: () => void, field: string, pattern: RegExp): void {
  assert.throws(
    fn,
    (err: unknown) => err instanceof ApiError && err.field === field && pattern.test(err.message),
  );
}

test('LDAP URLs: scheme, host, default and explicit ports', () => {
  assert.deepEqual(parseLdapUrl('ldap://127.0.0.1:1389'), {
    scheme: 'ldap',
    host: '127.0.0.1',
    port: 1389,
  });
  assert.deepEqual(parseLdapUrl('ldaps://dir.example.com'), {
    scheme: 'ldaps',
    host: 'dir.example.com',
    port: 636,
  });
  assert.deepEqual(parseLdapUrl('ldap://[::1]:389/'), { scheme: 'ldap', host: '[::1]', port: 389 });
  rejects(() => parseLdapUrl('http://x'), 'url', /not an LDAP URL/);
  rejects(() => parseLdapUrl('ldap://x:70000'), 'url', /out of range/);
});

test('DNs: attribute=value RDNs, escaped commas allowed', () => {
  checkDn('cn=Smith\\, John,ou=People,o=Salford,c=gb', 'baseDn', false);
  checkDn('', 'bindDn', true);
  rejects(() => checkDn('', 'baseDn', false), 'baseDn', /required/);
  rejects(() => checkDn('o=Salford,,c=gb', 'baseDn', false), 'baseDn', /not a DN/);
  rejects(() => checkDn('Salford', 'baseDn', false), 'baseDn', /attribute=value/);
  rejects(
    () => checkDn('o=x,\u001b[2J', 'baseDn', false),
    'baseDn',
    /^bytes 0-7: 6f 3d 78 2c 1b 5b 32 4a is not a DN: bytes 0-3: 1b 5b 32 4a should look like/,
  );
});

test('targets: StartTLS over ldaps is refused, name required', () => {
  const ok = { name: 'x', url: 'ldap://h', startTls: true, bindDn: '', baseDn: 'o=x' };
  validateTargetInput(ok);
  rejects(() => validateTargetInput({ ...ok, url: 'ldaps://h' }), 'startTls', /already TLS/);
  rejects(() => validateTargetInput({ ...ok, name: ' ' }), 'name', /required/);
});

test('targets: a SASL bind names a user, not a DN; an unknown mechanism is refused', () => {
  const ok = { name: 'x', url: 'ldap://h', startTls: false, bindDn: 'jdoe', baseDn: 'o=x' };
  rejects(() => validateTargetInput(ok), 'bindDn', /DN/);
  validateTargetInput({ ...ok, bindMechanism: 'DIGEST-MD5' });
  validateTargetInput({ ...ok, bindMechanism: 'CRAM-MD5' });
  validateTargetInput({ ...ok, bindMechanism: 'SCRAM-SHA-256' });
  rejects(
    () => validateTargetInput({ ...ok, bindDn: ' ', bindMechanism: 'CRAM-MD5' }),
    'bindDn',
    /CRAM-MD5 bind needs the user name/,
  );
  rejects(
    () => validateTargetInput({ ...ok, bindMechanism: 'GSSAPI' as 'simple' }),
    'bindMechanism',
    /one of simple, DIGEST-MD5, CRAM-MD5, SCRAM-SHA-1, SCRAM-SHA-256; got GSSAPI/,
  );
});

test('run requests: numbers out of range name their field', () => {
  const ok = {
    targetId: 't',
    workload: 'read-random' as const,
    connections: 8,
    depth: 2,
    warmupS: 0,
    durationS: 10,
  };
  validateRunRequest(ok);
  rejects(() => validateRunRequest({ ...ok, connections: 0 }), 'connections', /between 1 and/);
  rejects(() => validateRunRequest({ ...ok, depth: 1.5 }), 'depth', /whole number/);
  rejects(() => validateRunRequest({ ...ok, durationS: -1 }), 'durationS', /between/);
  rejects(() => validateRunRequest({ ...ok, workload: ' ' }), 'workload', /choose a workload/);
  validateRunRequest({ ...ok, opTimeoutS: 5 });
  rejects(() => validateRunRequest({ ...ok, opTimeoutS: 0 }), 'opTimeoutS', /between 1 and/);
});

// Found by validation.fuzz.test.ts: JSON from an HTTP client may hold any type, and these threw TypeError.
test('a target with a non-text url, name or DN is a field error, not a crash', () => {
  const target = { name: 't', url: 'ldap://h', startTls: false, bindDn: '', baseDn: 'o=x' };
  rejects(
    () => validateTargetInput({ ...target, url: NaN as unknown as string }),
    'url',
    /must be text/,
  );
  rejects(
    () => validateTargetInput({ ...target, name: 5 as unknown as string }),
    'name',
    /must be text/,
  );
  rejects(
    () => validateTargetInput({ ...target, bindDn: [] as unknown as string }),
    'bindDn',
    /must be text/,
  );
  rejects(
    () => validateTargetInput({ ...target, startTls: 'yes' as unknown as boolean }),
    'startTls',
    /true or false/,
  );
});

test('a null policy or rate step is a field error, not a crash', () => {
  const req = {
    targetId: 't',
    workload: 'read-random',
    connections: 1,
    depth: 1,
    warmupS: 0,
    durationS: 1,
  };
  rejects(
    () => validateRunRequest({ ...req, policy: null as never }),
    'policy',
    /unknown connection policy/,
  );
  rejects(
    () => validateRunRequest({ ...req, rateProfile: [null as never] }),
    'rateProfile',
    /step 1 must be/,
  );
});

test('ids and selections from requests are text, or a validation error naming the field', () => {
  assert.equal(checkId('run-1', 'runId'), 'run-1');
  for (const bad of [undefined, null, 7, {}, [], true, ' ']) {
    assert.throws(
      () => checkId(bad, 'runId'),
      (err: unknown) => err instanceof ApiError && err.field === 'runId',
    );
  }
  assert.deepEqual(checkSelection({ runIds: ['a', 'b'] }), { runIds: ['a', 'b'] });
  assert.deepEqual(checkSelection({ campaignId: 'c' }), { campaignId: 'c' });
  assert.throws(() => checkSelection({}), /choose runs/);
  assert.throws(() => checkSelection(null), /choose runs/);
  assert.throws(
    () => checkSelection({ runIds: ['a', { x: 1 }] }),
    (err: unknown) => err instanceof ApiError && err.field === 'runIds[1]',
  );
});

test('a field error carries the rule without the field, and a blank number is required', () => {
  const caught = (fn: () => unknown): ApiError => {
    try {
      fn();
    } catch (err) {
      if (err instanceof ApiError) return err;
      throw err;
    }
    throw new Error('expected an ApiError');
  };
  const range = caught(() => checkInteger(70, 'depth', 1, 64));
  assert.equal(range.message, 'depth must be between 1 and 64, got 70');
  assert.equal(range.detail, 'must be between 1 and 64');
  assert.equal(range.code, undefined);
  for (const blank of [null, undefined, NaN]) {
    const error = caught(() => checkInteger(blank, 'connections', 1, 10));
    assert.equal(error.code, 'required', String(blank));
    assert.equal(error.detail, 'must be a whole number');
  }
  assert.equal(caught(() => checkInteger('7', 'connections', 1, 10)).code, undefined);
  const step = caught(() =>
    validateRunRequest({
      targetId: 't',
      workload: 'read-random',
      connections: 1,
      depth: 1,
      warmupS: 0,
      durationS: 2,
      rateProfile: [{ durationS: 0, fromOpsPerSec: 1, toOpsPerSec: 1 }],
    }),
  );
  assert.deepEqual(
    [step.field, step.detail],
    ['rateProfile', 'step 1 must be between 1 and 86400'],
  );
  // Messages opening with the field (then a space or a colon) give the rest; others give none.
  assert.equal(invalid('baseDn', 'baseDn is required').detail, 'is required');
  assert.equal(invalid('filter', 'filter: unclosed (').detail, 'unclosed (');
  assert.equal(invalid('targetId', 'choose a target').detail, undefined);
  assert.equal(invalid('name', 'names must differ').detail, undefined);
});

test('code and detail cross the wire and back; unknown codes are dropped', () => {
  const error = invalid('depth', 'depth must be a whole number, got null', { code: 'required' });
  const body = error.toBody();
  assert.deepEqual(body, {
    kind: 'validation',
    message: 'depth must be a whole number, got null',
    field: 'depth',
    detail: 'must be a whole number, got null',
    code: 'required',
  });
  const back = ApiError.fromBody(JSON.parse(JSON.stringify(body)));
  assert.deepEqual([back.field, back.detail, back.code], ['depth', body.detail, 'required']);
  const about = ApiError.fromBody(
    new ApiError('not-found', 'no run', 'runId', { subject: 'run' }).toBody(),
  );
  assert.equal(about.subject, 'run');
  const odd = ApiError.fromBody({
    message: 'x',
    code: 'explode',
    detail: 5,
    field: 7,
    subject: 'cat',
  });
  assert.deepEqual(
    [odd.kind, odd.code, odd.detail, odd.field],
    ['failed', undefined, undefined, undefined],
  );
});
