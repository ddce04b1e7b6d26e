import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openParentPort } from './port.ts';

test('under Electron utilityProcess the port uses process.parentPort and unwraps event.data', async () => {
  const posted: unknown[] = [];
  let listener: ((event: { data: unknown }) => void) | null = null;
  const fake = {
    postMessage: (m: unknown) => posted.push(m),
    on: (_event: 'message', l: (event: { data: unknown }) => void) => {
      listener = l;
    },
  };
  const proc = process as unknown as { parentPort?: unknown };
  proc.parentPort = fake;
  try {
    const port = openParentPort();
    assert.ok(port !== null);
    assert.equal(port.kind, 'utility');
    const received: unknown[] = [];
    port.onMessage((m) => received.push(m));
    (listener as ((event: { data: unknown }) => void) | null)?.({ data: { type: 'stop' } });
    assert.deepEqual(received, [{ type: 'stop' }]);
    await port.post({ type: 'done', reason: 'stopped' });
    assert.deepEqual(posted, [{ type: 'done', reason: 'stopped' }]);
  } finally {
    delete proc.parentPort;
  }
});

test('without a parent channel there is no port', (t) => {
  if (typeof process.send === 'function') {
    t.skip('this test process has an IPC channel');
    return;
  }
  assert.equal(openParentPort(), null);
});
