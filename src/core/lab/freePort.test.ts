import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { freePort } from './freePort.ts';

test('the port returned can be listened on at once', async () => {
  const port = await freePort();
  assert.ok(Number.isInteger(port) && port > 0 && port < 65536);
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('successive calls give usable, mostly different ports', async () => {
  const ports = new Set<number>();
  for (let i = 0; i < 5; i++) ports.add(await freePort());
  assert.ok(ports.size >= 2);
});
