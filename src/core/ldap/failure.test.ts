import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  InsufficientAccessError,
  InvalidCredentialsError,
  NoSuchObjectError,
  ProtocolError,
  SizeLimitExceededError,
  UnknownStatusCodeError,
} from 'ldapts';
import { LdapConnectError } from './connection.ts';
import { describeLdapFailure, failureCodeName } from './failure.ts';
import { resultCodeName } from './resultCodes.ts';

/** A socket-style error carrying an errno code, as Node raises them. */
function errno(code: string, message = `connect ${code} 127.0.0.1:3899`): Error {
  return Object.assign(new Error(message), { code });
}

test('LDAP result codes get their symbolic names', () => {
  assert.equal(resultCodeName(49), 'invalidCredentials');
  assert.equal(resultCodeName(32), 'noSuchObject');
  assert.equal(resultCodeName(0), 'success');
  assert.equal(resultCodeName(999), 'resultCode999');
});

test('invalid credentials are explained with the code and what to do', () => {
  const f = describeLdapFailure(
    new LdapConnectError('bind', 'ldap://127.0.0.1:389', new InvalidCredentialsError('')),
  );
  assert.equal(f.resultCode, 49);
  assert.equal(f.codeName, 'invalidCredentials');
  assert.match(f.message, /bind DN or password/);
  assert.doesNotMatch(f.message, /Server says/, 'no empty server text');
});

test('the server diagnostic text is kept, without ldapts hex code suffix', () => {
  const f = describeLdapFailure(new NoSuchObjectError('no such base'));
  assert.equal(f.codeName, 'noSuchObject');
  assert.match(f.message, /base DN/);
  assert.match(f.message, /Server says: "no such base"/);
  assert.doesNotMatch(f.message, /0x20/);
});

test('StartTLS refused by a server without TLS', () => {
  const f = describeLdapFailure(
    new LdapConnectError(
      'startTls',
      'ldap://h:389',
      new ProtocolError('unsupported extended operation'),
    ),
  );
  assert.equal(f.resultCode, 2);
  assert.match(f.message, /StartTLS/);
  assert.match(f.message, /turn StartTLS off|ldaps/);
});

test('other result codes: size limit, access, unknown', () => {
  assert.match(describeLdapFailure(new SizeLimitExceededError('')).message, /sizelimit unlimited/);
  assert.equal(
    describeLdapFailure(new InsufficientAccessError('')).codeName,
    'insufficientAccessRights',
  );
  const unknown = describeLdapFailure(new UnknownStatusCodeError(80, 'boom'));
  assert.equal(unknown.resultCode, 80);
  assert.equal(unknown.codeName, 'other');
});

test('connection refused names host and port and asks about the server', () => {
  const f = describeLdapFailure(
    new LdapConnectError('connect', 'ldap://127.0.0.1:3899', errno('ECONNREFUSED')),
  );
  assert.equal(f.resultCode, null);
  assert.equal(f.codeName, 'ECONNREFUSED');
  assert.equal(
    f.message,
    'Nothing is listening on 127.0.0.1:3899 - is the server running and is the port right?',
  );
});

test('default ports are filled in from the scheme', () => {
  assert.match(
    describeLdapFailure(errno('ECONNREFUSED'), 'ldap://dir.example').message,
    /dir\.example:389/,
  );
  assert.match(
    describeLdapFailure(errno('ECONNREFUSED'), 'ldaps://dir.example').message,
    /dir\.example:636/,
  );
});

test('DNS, timeout, unreachable and reset', () => {
  const url = 'ldap://nosuch.invalid:389';
  assert.match(
    describeLdapFailure(errno('ENOTFOUND'), url).message,
    /"nosuch\.invalid" could not be resolved/,
  );
  const timeout = describeLdapFailure(new Error('Connection timeout'), url);
  assert.equal(timeout.codeName, 'ETIMEDOUT');
  assert.match(timeout.message, /No answer from nosuch\.invalid:389/);
  assert.match(describeLdapFailure(errno('EHOSTUNREACH'), url).message, /cannot be reached/);
  assert.match(describeLdapFailure(errno('ECONNRESET'), url).message, /closed the connection/);
});

test('ldaps:// against a plain port is explained as a TLS mismatch', () => {
  const f = describeLdapFailure(new LdapConnectError('bind', 'ldaps://h:389', errno('ECONNRESET')));
  assert.match(f.message, /does not speak TLS/);
  const wrongVersion = describeLdapFailure(
    errno('ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number'),
    'ldaps://h:389',
  );
  assert.match(wrongVersion.message, /does not speak TLS/);
});

test('TLS certificate problems say what to trust', () => {
  const self = describeLdapFailure(
    errno('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'),
    'ldaps://h',
  );
  assert.equal(self.codeName, 'DEPTH_ZERO_SELF_SIGNED_CERT');
  assert.match(self.message, /self-signed/);
  assert.match(self.message, /NODE_EXTRA_CA_CERTS/);
  assert.match(describeLdapFailure(errno('CERT_HAS_EXPIRED'), 'ldaps://h').message, /validity/);
  assert.match(
    describeLdapFailure(errno('ERR_TLS_CERT_ALTNAME_INVALID'), 'ldaps://h').message,
    /not valid for the name "h"/,
  );
  assert.match(
    describeLdapFailure(errno('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), 'ldaps://h').message,
    /CA/,
  );
});

test('failure code names for counting errors per second', () => {
  assert.equal(failureCodeName(new NoSuchObjectError('')), 'noSuchObject');
  assert.equal(failureCodeName(errno('ECONNRESET')), 'ECONNRESET');
  // ldapts rejects in-flight ops with the socket error buried in the message.
  assert.equal(
    failureCodeName(new Error('Socket error. Message type: SearchRequest (0x63)\nread ECONNRESET')),
    'ECONNRESET',
  );
  assert.equal(
    failureCodeName(
      new Error(
        'Connection closed before message response was received. Message type: SearchRequest (0x63)',
      ),
    ),
    'connectionClosed',
  );
  assert.equal(
    failureCodeName(new LdapConnectError('bind', 'ldap://h', new InvalidCredentialsError(''))),
    'invalidCredentials',
  );
  assert.equal(failureCodeName('weird'), 'unknown');
});

test('an invalid URL is explained', () => {
  const f = describeLdapFailure(
    new Error('http://x is an invalid LDAP URL (protocol)'),
    'http://x',
  );
  assert.equal(f.codeName, 'invalidUrl');
  assert.match(f.message, /ldap:\/\/host:port/);
});
