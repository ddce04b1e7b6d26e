import assert from 'node:assert/strict';
import { test } from 'node:test';
import { subjectAltNames } from './labTls.ts';

test('labs get 127.0.0.1 and localhost; extra hosts are added once, IPs as IP:', () => {
  assert.equal(subjectAltNames(), 'IP:127.0.0.1,DNS:localhost');
  assert.equal(
    subjectAltNames(['10.0.0.5', 'build-host', 'fd00::5', '127.0.0.1']),
    'IP:127.0.0.1,DNS:localhost,IP:10.0.0.5,DNS:build-host,IP:fd00::5',
  );
});
