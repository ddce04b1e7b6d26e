import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { CLOSE_CODE, clientFrameRefusal, refuseOnSocket } from './eventSocket.ts';

test('every client frame is refused, with the close code for what it was', () => {
  const binary = clientFrameRefusal(Buffer.from([1, 2, 3]), true);
  assert.equal(binary.code, CLOSE_CODE.unsupportedData);
  assert.equal(binary.kind, 'ws-binary');
  for (const text of ['hello', '{', '', "{'a':1}"]) {
    const refusal = clientFrameRefusal(Buffer.from(text), false);
    assert.equal(refusal.code, CLOSE_CODE.invalidPayload, text);
    assert.equal(refusal.kind, 'ws-not-json');
  }
  for (const text of ['{"type":"subscribe"}', '[1]', '5', 'null', '{"event":"run/sample"}']) {
    const refusal = clientFrameRefusal(Buffer.from(text), false);
    assert.equal(refusal.code, CLOSE_CODE.policyViolation, text);
    assert.equal(refusal.kind, 'ws-unknown-type');
  }
  // Fragmented messages arrive as a list of buffers.
  const parts = [Buffer.from('{"type":'), Buffer.from('"x"}')];
  assert.match(clientFrameRefusal(parts, false).reason, /unknown message type "x"/);
});

test('close reasons fit the 123 bytes a close frame allows, whatever the client sent', () => {
  for (const data of [
    `{"type":"${'x'.repeat(500)}"}`,
    `{"type":"${'é'.repeat(40)}"}`,
    'x'.repeat(5000),
  ]) {
    const { reason } = clientFrameRefusal(Buffer.from(data), false);
    assert.ok(Buffer.byteLength(reason) <= 123, reason);
  }
  assert.ok(Buffer.byteLength(clientFrameRefusal(Buffer.alloc(9), true).reason) <= 123);
});

test('a refusal on a raw socket is one complete HTTP response, then the socket ends', async () => {
  const socket = new PassThrough();
  const written: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => written.push(chunk));
  const ended = new Promise((resolve) => socket.once('finish', resolve));
  refuseOnSocket(socket, 404, 'WebSocket upgrades go to /api/events only.', { 'X-A': '1' });
  await ended;
  const text = Buffer.concat(written).toString('latin1');
  assert.match(text, /^HTTP\/1\.1 404 Not Found\r\n/);
  assert.match(text, /\r\nConnection: close\r\n/);
  assert.match(text, /\r\nX-A: 1\r\n/);
  assert.match(text, /\r\nContent-Length: 42\r\n/);
  assert.match(text, /\r\n\r\nWebSocket upgrades go to \/api\/events only\.$/);
  // A reset arriving now is swallowed, not thrown.
  socket.emit('error', Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
});

test('an already closed socket is only destroyed', () => {
  const socket = new PassThrough();
  socket.end();
  socket.resume();
  refuseOnSocket(socket, 400, '');
  assert.equal(socket.destroyed, true);
});
