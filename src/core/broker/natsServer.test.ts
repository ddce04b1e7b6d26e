import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import { findNatsServer, requireNatsServer } from './natsServer.ts';

test('a missing nats-server is an unavailable error saying how to install it', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-nats-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  assert.equal(findNatsServer([dir]), null);
  assert.throws(
    () => requireNatsServer([dir]),
    (err: unknown) =>
      err instanceof ApiError &&
      err.kind === 'unavailable' &&
      err.message.includes('sudo apt-get install nats-server') &&
      err.message.includes('https://nats.io/download/'),
  );
  const binary = join(dir, 'nats-server');
  writeFileSync(binary, '#!/bin/sh\n');
  chmodSync(binary, 0o755);
  assert.equal(requireNatsServer(['/nonexistent', dir]), binary);
});
