// The hostile-server fuzz: 20,000 sessions of the load worker's connection loop, half on the lean
// path and half on ldapts', against a server that breaks its answers in every mode of
// src/core/testing/hostileFaults.ts. No crash, no hang, every operation's end named, memory bounded,
// and each mode ends its operations the way it must. Seeds as for the other fuzzers (fuzzSeed.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FAULT_MODES } from '../testing/hostileFaults.ts';
import type { FaultMode } from '../testing/hostileFaults.ts';
import { HOSTILE_CI_OPTIONS, runHostileSessions } from '../testing/hostileRun.ts';
import { withFuzzSeed } from '../testing/fuzzSeed.ts';

/** Sessions per run: DIRBENCH_FUZZ_RUNS scales it (as for the other fuzzers), 20,000 by default. */
function sessionsOf(): number {
  const text = process.env.DIRBENCH_FUZZ_RUNS;
  return text === undefined || text.trim() === '' ? 20_000 : Number(text);
}

/** The ends a session of each mode may have: its fault's own, `ok` for answers before it, timeouts where nothing comes. */
const ALLOWED: Partial<Record<FaultMode, readonly string[]>> = {
  good: ['ok'],
  split: ['ok', 'timeout'],
  huge: ['ok', 'timeout', 'ETIMEDOUT'],
  oversize: ['ok', 'messageTooLarge'],
  wrongId: ['ok', 'timeout', 'ETIMEDOUT'],
  repeatedId: ['ok'],
  notice: ['ok', 'noticeOfDisconnection'],
  referral: ['ok', 'referral'],
  silent: ['ok', 'timeout', 'ETIMEDOUT'],
  closeMid: ['ok', 'connectionClosed', 'ECONNRESET'],
  stallHalf: ['ok', 'timeout', 'ETIMEDOUT'],
  wrongType: ['ok', 'decodingError', 'timeout'],
};

/** Ends that show a mode's fault was met (at least one session of the mode must have one). */
const FAULT_END: Record<FaultMode, readonly string[]> = {
  good: ['ok'],
  malformed: ['decodingError'],
  lyingLength: ['decodingError', 'timeout'],
  split: ['ok'],
  huge: ['ok'],
  oversize: ['messageTooLarge'],
  wrongId: ['timeout', 'ETIMEDOUT'],
  repeatedId: ['ok'],
  notice: ['noticeOfDisconnection'],
  referral: ['referral'],
  silent: ['timeout', 'ETIMEDOUT'],
  closeMid: ['connectionClosed', 'ECONNRESET'],
  stallHalf: ['timeout', 'ETIMEDOUT'],
  wrongType: ['decodingError'],
};

/** A cause as the worker counts it: a result code's name or a network or client cause, never `unknown`. */
const NAMED = /^(?!unknown$)[a-zA-Z][a-zA-Z0-9_]*$/;

test('hostile server: 20,000 sessions over every fault mode on both paths end named, bounded and without a crash', async () => {
  const sessions = sessionsOf();
  await withFuzzSeed('hostile-server', async (seed) => {
    const report = await runHostileSessions({ ...HOSTILE_CI_OPTIONS, sessions, seed });
    assert.deepEqual(report.crashes, [], 'no uncaught exception or unhandled rejection');
    assert.deepEqual(report.hung, [], 'every session ended within its bound');
    assert.deepEqual(report.unclassified, [], 'every end names its cause');
    assert.equal(report.sessions, sessions);
    for (const mode of FAULT_MODES) {
      for (const path of ['lean', 'ldapts']) {
        const ends = report.ends[`${mode} ${path}`] ?? {};
        const names = Object.keys(ends);
        for (const name of names) assert.match(name, NAMED, `${mode} ${path}`);
        const allowed = ALLOWED[mode];
        if (allowed !== undefined) {
          const strange = names.filter((n) => !allowed.includes(n));
          assert.deepEqual(strange, [], `${mode} ${path} ended ${JSON.stringify(ends)}`);
        }
        assert.ok(
          FAULT_END[mode].some((end) => (ends[end] ?? 0) > 0),
          `${mode} ${path} never met its fault: ${JSON.stringify(ends)}`,
        );
      }
    }
    const split = Object.values(report.ends['split lean'] ?? {}).reduce((a, b) => a + b, 0);
    assert.ok((report.ends['split lean']?.ok ?? 0) > 0.9 * split, 'a split answer is read whole');
    // 16 MiB messages pass and endless ones are cut: buffers stay far below what a flood would take.
    assert.ok(
      report.peakArrayBuffersBytes < 384 << 20,
      `peak buffers ${report.peakArrayBuffersBytes >> 20} MiB`,
    );
  });
});
