import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { tcpConnectFactory } from './connection.ts';
import { testConnection } from './testConnection.ts';

/** Node's record of the TCP_NODELAY setting it applies to the socket handle. */
function socketNoDelay(socket: net.Socket): boolean | undefined {
  const key = Object.getOwnPropertySymbols(socket).find((s) => s.description === 'kSetNoDelay');
  return key === undefined
    ? undefined
    : Boolean((socket as unknown as Record<symbol, unknown>)[key]);
}

test('the connection factory sets TCP_NODELAY as asked', async (t) => {
  const server = net.createServer((s) => s.on('error', () => undefined));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const address = server.address();
  assert.ok(typeof address === 'object' && address !== null);
  for (const noDelay of [true, false]) {
    const connect = tcpConnectFactory(noDelay);
    const socket: net.Socket = connect(address.port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    assert.equal(socketNoDelay(socket), noDelay);
    socket.destroy();
  }
});

test('a server that accepts but never answers is reported in bounded time', async (t) => {
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => {
    sockets.push(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    for (const s of sockets) s.destroy();
    server.close();
  });
  const address = server.address();
  assert.ok(typeof address === 'object' && address !== null);
  const url = `ldap://127.0.0.1:${address.port}`;
  const started = Date.now();
  const result = await testConnection({
    url,
    startTls: false,
    bindDn: '',
    password: '',
    tcpNoDelay: true,
    connectTimeoutMs: 200,
  });
  assert.ok(Date.now() - started < 2000);
  assert.ok(!result.ok);
  assert.equal(result.error.codeName, 'ETIMEDOUT');
  assert.match(result.error.message, /accepted the connection but gave no answer to bind/);
  assert.match(result.error.message, new RegExp(`127\\.0\\.0\\.1:${address.port}`));
});
