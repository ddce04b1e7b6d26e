import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { processMatches } from './processes.ts';
import { spawnWatched } from './watchdog.ts';
import type { WatchedProcess } from './watchdog.ts';

/** PIDs whose command line contains `marker` (Linux; elsewhere an empty list). */
function processesNaming(marker: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => pid !== process.pid && processMatches(pid, [marker]));
}

/** True once process `pid` ignores SIGTERM (its SigIgn mask in /proc, Linux). */
function ignoresSigterm(pid: number): boolean {
  try {
    const mask = /^SigIgn:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return mask?.[1] !== undefined && (BigInt(`0x${mask[1]}`) & (1n << 14n)) !== 0n;
  } catch {
    return false;
  }
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

/** Closes the pipe as the kernel does when the owner dies; resolves with the command's exit code. */
async function ownerGone(watched: WatchedProcess, marker: string): Promise<number | null> {
  watched.child.stdin?.destroy();
  assert.ok(
    await waitFor(() => !processMatches(watched.pid, [marker]), 5_000),
    'command outlived its owner',
  );
  return (await watched.exited).code;
}

test('reports the PID of the command itself and its exit status', async () => {
  const watched = await spawnWatched('/bin/sh', ['-c', 'sleep 0.2; exit 3'], 2);
  assert.notEqual(watched.pid, watched.child.pid);
  const exit = await watched.exited;
  assert.equal(exit.code, 3);
});

test('the command is terminated when the pipe from its owner closes', async (t) => {
  const marker = `dirbench-watchdog-test-${process.pid}`;
  const watched = await spawnWatched(
    process.execPath,
    ['-e', 'setInterval(() => {}, 1000)', marker],
    2,
  );
  t.after(() => {
    if (processMatches(watched.pid, [marker])) process.kill(watched.pid, 'SIGKILL');
  });
  assert.ok(processMatches(watched.pid, [marker]));
  assert.equal(await ownerGone(watched, marker), 128 + 15, 'killed by SIGTERM');
});

test('a command that ignores SIGTERM is killed once the grace has passed', async (t) => {
  const marker = `dirbench-watchdog-stubborn-${process.pid}`;
  const stubborn = 'trap "" TERM; while :; do sleep 0.05; done';
  const watched = await spawnWatched('/bin/sh', ['-c', stubborn, marker], 2, { graceMs: 300 });
  t.after(() => {
    if (processMatches(watched.pid, [marker])) process.kill(watched.pid, 'SIGKILL');
  });
  assert.ok(await waitFor(() => ignoresSigterm(watched.pid), 5_000), 'the trap is set');
  assert.equal(await ownerGone(watched, marker), 128 + 9, 'killed by SIGKILL');
});

test('when the command exits first, the watchdog leaves nothing behind', async () => {
  const marker = `dirbench-watchdog-quick-${process.pid}`;
  const watched = await spawnWatched(process.execPath, ['-e', '0', marker], 2);
  const exit = await watched.exited;
  assert.equal(exit.code, 0);
  // The shell and its reader subshell (a fork, so it shares the marker argument) are both gone.
  assert.ok(
    await waitFor(() => processesNaming(marker).length === 0, 2_000),
    'a watchdog process lingers',
  );
});
