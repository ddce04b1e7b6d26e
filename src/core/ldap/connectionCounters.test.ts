import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type net from 'node:net';
import { test } from 'node:test';
import { ConnectionCounters } from './connectionCounters.ts';

/** Just enough of a socket: connect/close events and the byte counters. */
class FakeSocket extends EventEmitter {
  connecting = true;
  readyState = 'opening';
  bytesWritten = 0;
  bytesRead = 0;
}

function fake(): FakeSocket & net.Socket {
  return new FakeSocket() as FakeSocket & net.Socket;
}

test('opened counts at connect, closed at close, bytes as deltas per take', () => {
  const counters = new ConnectionCounters();
  const a = fake();
  const b = fake();
  counters.track(a);
  counters.track(b);
  assert.equal(counters.take().connectionsOpened, 0, 'not connected yet');
  a.emit('connect');
  b.emit('connect');
  a.bytesWritten = 100;
  a.bytesRead = 400;
  b.bytesWritten = 10;
  assert.deepEqual(counters.take(), {
    connectionsOpened: 2,
    connectionsClosed: 0,
    reconnects: 0,
    bytesSent: 110,
    bytesReceived: 400,
  });
  assert.equal(counters.openNow, 2);
  a.bytesWritten = 150;
  a.bytesRead = 500;
  a.emit('close');
  counters.reconnected();
  assert.deepEqual(counters.take(), {
    connectionsOpened: 0,
    connectionsClosed: 1,
    reconnects: 1,
    bytesSent: 50,
    bytesReceived: 100,
  });
  assert.equal(counters.openNow, 1);
  assert.equal(counters.take().bytesSent, 0, 'nothing moved since');
});

test('a socket handed over already connected counts at once; one that never connects never counts', () => {
  const counters = new ConnectionCounters();
  const up = fake();
  up.connecting = false;
  up.readyState = 'open';
  counters.track(up);
  const refused = fake();
  counters.track(refused);
  refused.emit('close');
  const counts = counters.take();
  assert.equal(counts.connectionsOpened, 1);
  assert.equal(counts.connectionsClosed, 0);
});
