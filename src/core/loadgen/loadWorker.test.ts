import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LoadWorker } from './loadWorker.ts';
import type { ParentPort } from './port.ts';

/** A parent port that records what the worker sends; `refuse` makes every send fail. */
function recordingPort(refuse = false): { port: ParentPort; sent: unknown[] } {
  const sent: unknown[] = [];
  const port: ParentPort = {
    kind: 'fork',
    post: (message) => {
      if (refuse) return Promise.reject(new Error('the channel is closed'));
      sent.push(message);
      return Promise.resolve();
    },
    onMessage: () => undefined,
    onDisconnect: () => undefined,
  };
  return { port, sent };
}

/** The exit code `worker.fail` ends with, or null when it never exits (bounded wait). */
async function exitOf(
  worker: (exit: (code: number) => void) => LoadWorker,
): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 2_000);
    worker((code) => {
      clearTimeout(timer);
      resolve(code);
    }).fail(new TypeError('x is not a function'));
  });
}

test('an unexpected error is reported to the parent as fatal, then the worker exits 1', async () => {
  const { port, sent } = recordingPort();
  assert.equal(await exitOf((exit) => new LoadWorker(port, exit)), 1);
  assert.equal(sent.length, 1);
  const fatal = sent[0] as { type: string; stage: string; error: { message: string } };
  assert.equal(fatal.type, 'fatal');
  assert.equal(fatal.stage, 'run');
  assert.match(fatal.error.message, /x is not a function/);
});

test('a worker that cannot even report its error still exits 1 instead of hanging', async () => {
  const { port } = recordingPort(true);
  assert.equal(await exitOf((exit) => new LoadWorker(port, exit)), 1);
});
