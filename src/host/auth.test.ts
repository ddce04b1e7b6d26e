import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { test } from 'node:test';
import { allowedHostsFor, isAuthorized, isTrustedOrigin, newToken } from './auth.ts';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

test('the token is accepted from the cookie or a bearer header, and nothing else', () => {
  const token = newToken();
  assert.equal(isAuthorized(request({ cookie: `a=b; dirbench_token=${token}` }), token), true);
  assert.equal(isAuthorized(request({ authorization: `Bearer ${token}` }), token), true);
  assert.equal(isAuthorized(request({ cookie: 'dirbench_token=wrong' }), token), false);
  assert.equal(isAuthorized(request({}), token), false);
});

test('Host and Origin must name this server (DNS rebinding protection)', () => {
  const allowed = allowedHostsFor('127.0.0.1', 7389);
  assert.equal(isTrustedOrigin(request({ host: '127.0.0.1:7389' }), allowed), true);
  assert.equal(
    isTrustedOrigin(request({ host: 'localhost:7389', origin: 'http://localhost:7389' }), allowed),
    true,
  );
  assert.equal(isTrustedOrigin(request({ host: 'evil.example:7389' }), allowed), false);
  assert.equal(
    isTrustedOrigin(request({ host: '127.0.0.1:7389', origin: 'http://evil.example' }), allowed),
    false,
  );
  assert.equal(
    isTrustedOrigin(request({ host: '127.0.0.1:7389', origin: 'not a url' }), allowed),
    false,
  );
});

test('listening everywhere accepts the machine own addresses and loopback names, nothing else', () => {
  const allowed = allowedHostsFor('0.0.0.0', 7389, () => ['192.0.2.7', 'fe80::1']);
  for (const host of [
    '0.0.0.0:7389',
    '127.0.0.1:7389',
    'localhost:7389',
    '192.0.2.7:7389',
    '[fe80::1]:7389',
  ]) {
    assert.equal(isTrustedOrigin(request({ host }), allowed), true, host);
  }
  assert.equal(isTrustedOrigin(request({ host: 'rebound.example:7389' }), allowed), false);
  const loopbackOnly = allowedHostsFor('127.0.0.1', 7389, () => ['192.0.2.7']);
  assert.equal(isTrustedOrigin(request({ host: '192.0.2.7:7389' }), loopbackOnly), false);
  assert.equal(
    isTrustedOrigin(
      request({ host: '127.0.0.1:7389', origin: 'https://127.0.0.1:7389' }),
      loopbackOnly,
    ),
    false,
  );
});
