import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { test } from 'node:test';
import { brokerUrls, certificateHosts } from './brokerFiles.ts';

test('a broker on one address is reached there by everyone', () => {
  assert.deepEqual(brokerUrls('127.0.0.1', 4223), {
    url: 'tls://127.0.0.1:4223',
    agentUrl: 'tls://127.0.0.1:4223',
  });
  assert.deepEqual(brokerUrls('10.0.0.5', 4223).agentUrl, 'tls://10.0.0.5:4223');
  assert.deepEqual(brokerUrls('fd00::5', 4223).url, 'tls://[fd00::5]:4223');
  assert.deepEqual(certificateHosts('10.0.0.5'), ['10.0.0.5']);
});

test('a broker on every interface: the coordinator uses loopback, agents this host name', () => {
  assert.deepEqual(brokerUrls('0.0.0.0', 4223), {
    url: 'tls://127.0.0.1:4223',
    agentUrl: `tls://${hostname()}:4223`,
  });
  assert.equal(brokerUrls('::', 4223).url, 'tls://[::1]:4223');
  const hosts = certificateHosts('0.0.0.0');
  assert.equal(hosts[0], hostname());
  assert.ok(!hosts.includes('127.0.0.1'), 'loopback is always in the certificate anyway');
  assert.ok(certificateHosts('::').includes('::1'));
});
