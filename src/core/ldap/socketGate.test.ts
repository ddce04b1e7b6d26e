import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { ConnectionCounters } from './connectionCounters.ts';
import { gatedFactories } from './socketGate.ts';

test('the first connect is handed the pre-connected socket; any later one fails with transparentReconnect', async () => {
  const counters = new ConnectionCounters();
  const pre = new net.Socket();
  const { createConnection } = gatedFactories(true, counters, { preconnected: pre });
  assert.equal(createConnection(389, '127.0.0.1'), pre);
  const second = createConnection(389, '127.0.0.1');
  assert.notEqual(second, pre);
  // ldapts must not take the refused socket for an open one.
  assert.notEqual(second.readyState, 'open');
  const err = await new Promise<NodeJS.ErrnoException>((resolve) => second.once('error', resolve));
  assert.equal(err.code, 'transparentReconnect');
  pre.destroy();
});
