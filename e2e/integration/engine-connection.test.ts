// LDAP connection helpers against a real slapd: test connection, Nagle, failures in words, DN collection.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { salfordPersonDn } from '../../src/core/datagen/salford.ts';
import { SALFORD_BASE_DN } from '../../src/core/datagen/salfordWords.ts';
import { collectEntryDns } from '../../src/core/ldap/collectDns.ts';
import { clientNoDelay, closeQuietly, openBoundClient } from '../../src/core/ldap/connection.ts';
import type { LdapConnectionParams } from '../../src/core/ldap/connection.ts';
import { testConnection } from '../../src/core/ldap/testConnection.ts';
import { startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';

const ENTRIES = 300;
let slapd: TestSlapd;
let anonymous: LdapConnectionParams;

before(async () => {
  slapd = await startTestSlapd(ENTRIES);
  anonymous = { url: slapd.url, startTls: false, bindDn: '', password: '', tcpNoDelay: true };
});
after(async () => {
  await slapd.stop();
});

test('test connection reads the root DSE and times the bind', async () => {
  const result = await testConnection(anonymous);
  assert.ok(result.ok, JSON.stringify(result));
  assert.deepEqual(result.rootDse.namingContexts, ['c=gb']);
  assert.ok(result.rootDse.supportedLDAPVersion.includes('3'));
  assert.ok(result.rootDse.supportedControl.includes('1.2.840.113556.1.4.319'), 'paged results');
  assert.ok(result.bindMs > 0 && result.bindMs < 5000);
  const asRoot = await testConnection({
    ...anonymous,
    bindDn: slapd.rootDn,
    password: slapd.rootPw,
  });
  assert.ok(asRoot.ok);
});

test('test connection explains bad credentials, refused StartTLS and an empty password', async () => {
  const wrong = await testConnection({ ...anonymous, bindDn: slapd.rootDn, password: 'nope' });
  assert.ok(!wrong.ok);
  assert.equal(wrong.error.resultCode, 49);
  assert.equal(wrong.error.codeName, 'invalidCredentials');

  const tls = await testConnection({ ...anonymous, startTls: true });
  assert.ok(!tls.ok);
  assert.match(tls.error.message, /StartTLS/);

  const empty = await testConnection({ ...anonymous, bindDn: slapd.rootDn, password: '' });
  assert.ok(!empty.ok);
  assert.equal(empty.error.codeName, 'unwillingToPerform');
  assert.match(empty.error.message, /empty password/);
});

test('ldaps:// against the plain port is explained as a TLS mismatch', async () => {
  const result = await testConnection({ ...anonymous, url: slapd.url.replace('ldap:', 'ldaps:') });
  assert.ok(!result.ok);
  assert.match(result.error.message, /TLS/);
});

test('openBoundClient turns Nagle off (or leaves it on) as asked', async () => {
  for (const tcpNoDelay of [true, false]) {
    const client = await openBoundClient({ ...anonymous, tcpNoDelay });
    try {
      assert.equal(clientNoDelay(client), tcpNoDelay);
      const { searchEntries } = await client.search(salfordPersonDn(slapd, 5), { scope: 'base' });
      assert.equal(searchEntries.length, 1);
    } finally {
      await closeQuietly(client, 1000);
    }
  }
});

test('a bound client takes many concurrent searches right after openBoundClient', async () => {
  const client = await openBoundClient(anonymous);
  try {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        client.search(salfordPersonDn(slapd, i), { scope: 'base' }),
      ),
    );
    assert.ok(results.every((r) => r.searchEntries.length === 1));
  } finally {
    await closeQuietly(client, 1000);
  }
});

test('collectEntryDns pages through the subtree, skips the base and honours the limit', async () => {
  const all = await collectEntryDns(anonymous, SALFORD_BASE_DN, 1_000_000);
  // Every person plus the units under the organization, never the base itself.
  assert.ok(all.length > ENTRIES, String(all.length));
  assert.ok(!all.some((dn) => dn.toLowerCase() === SALFORD_BASE_DN.toLowerCase()));
  assert.ok(all.every((dn) => dn.toLowerCase().endsWith(',o=salford,c=gb')));
  const people = new Set(all);
  for (let i = 0; i < ENTRIES; i += 37) assert.ok(people.has(salfordPersonDn(slapd, i)));
  const some = await collectEntryDns(anonymous, SALFORD_BASE_DN, 25);
  assert.equal(some.length, 25);
});
