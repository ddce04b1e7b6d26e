// The load loop against single hostile answers (src/core/testing/hostileServer.ts), on the lean
// path and on ldapts' path: each fault ends its operation with a named cause, and a connection the
// server ended is reopened for the next operation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FaultMode } from '../../testing/hostileFaults.ts';
import { startHostileServer } from '../../testing/hostileServer.ts';
import type { HostileServer } from '../../testing/hostileServer.ts';
import { runSession } from '../../testing/hostileSession.ts';
import type { ClientPath, SessionOp } from '../../testing/hostileSession.ts';

let server: HostileServer;
before(async () => {
  server = await startHostileServer();
});
after(() => server.close());

const PATHS: ClientPath[] = ['lean', 'ldapts'];

/** The ends of three operations when the server's second operation answer has `mode`. */
function threeOps(
  mode: FaultMode,
  seed: number,
  path: ClientPath,
  op: SessionOp,
): Promise<string[]> {
  const limits = { opTimeoutMs: 2000, connectTimeoutMs: 2000, ends: 3 };
  return runSession(server.url, { plan: { mode, at: 2, seed }, path, op }, limits);
}

test('a Notice of Disconnection fails the operation in flight at once and the next one runs on a new connection', async () => {
  for (const path of PATHS) {
    // Seeds cover the notice's codes and what the server does after it: close, reset, nothing, go on answering.
    for (let seed = 1; seed <= 8; seed++) {
      assert.deepEqual(
        await threeOps('notice', seed, path, 'search'),
        ['ok', 'noticeOfDisconnection', 'ok'],
        `${path} ${seed}`,
      );
    }
  }
});

test('a message over the size limit, or a length claiming gigabytes, closes the connection at its header', async () => {
  for (const path of PATHS) {
    for (let seed = 1; seed <= 4; seed++) {
      assert.deepEqual(
        await threeOps('oversize', seed, path, 'compare'),
        ['ok', 'messageTooLarge', 'ok'],
        `${path} ${seed}`,
      );
    }
  }
});

test('a 16 MiB answer is read whole on both paths', async () => {
  for (const path of PATHS)
    assert.deepEqual(await threeOps('huge', 1, path, 'search'), ['ok', 'ok', 'ok']);
});

test('an answer of the wrong kind fails its operation as decodingError, never as a success, and the connection goes on', async () => {
  for (const path of PATHS) {
    for (const op of ['compare', 'modify', 'delete', 'base'] as const) {
      for (let seed = 1; seed <= 6; seed++) {
        const ends = await threeOps('wrongType', seed, path, op);
        assert.deepEqual(ends.slice(0, 2), ['ok', 'decodingError'], `${path} ${op} ${seed}`);
      }
    }
  }
});

test('an entry whose length lies inside it fails as decodingError (ldapts spun on it until the worker ran out of memory)', async () => {
  // Seed 7919 cuts the first entry's outer length short: its attribute list then runs past its end.
  for (const path of PATHS) {
    const ends = await runSession(
      server.url,
      { plan: { mode: 'lyingLength', at: 1, seed: 7919 }, path, op: 'search' },
      { opTimeoutMs: 2000, connectTimeoutMs: 2000, ends: 2 },
    );
    assert.equal(ends[0], 'decodingError', `${path}: ${ends.join()}`);
  }
});
