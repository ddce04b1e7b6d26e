import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { processAlive, processCommandLine, processMatches, stopProcess } from './processes.ts';

/** A PID that certainly belonged to a process which has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await once(child, 'exit');
  return child.pid as number;
}

test('liveness and command line of this process', () => {
  assert.equal(processAlive(process.pid), true);
  const cmdline = processCommandLine(process.pid);
  assert.ok(cmdline !== null && cmdline.length > 0);
  assert.equal(processMatches(process.pid, ['certainly-not-in-my-command-line']), false);
});

test('a dead or invalid PID is not alive and has no command line', async () => {
  const pid = await deadPid();
  assert.equal(processAlive(pid), false);
  assert.equal(processCommandLine(pid), null);
  assert.equal(processAlive(-1), false);
  assert.equal(processAlive(0), false);
});

test('stopProcess terminates a matching process and leaves others alone', async (t) => {
  const marker = `dirbench-stop-test-${process.pid}`;
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', marker], {
    stdio: 'ignore',
  });
  const pid = child.pid as number;
  t.after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  assert.ok(processMatches(pid, [marker]));
  // Wrong needles: the PID might have been reused by someone else, so nothing is sent.
  assert.equal(await stopProcess(pid, ['some-other-config.conf']), 'not-running');
  assert.equal(processAlive(pid), true);
  const exited = once(child, 'exit');
  assert.equal(await stopProcess(pid, [marker], 5_000), 'stopped');
  const [, signal] = await exited;
  assert.equal(signal, 'SIGTERM');
});

test('stopProcess escalates to SIGKILL when SIGTERM is ignored', async (t) => {
  const marker = `dirbench-stubborn-${process.pid}`;
  const child = spawn(
    process.execPath,
    [
      '-e',
      "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000)",
      marker,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  t.after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  await once(child.stdout, 'data');
  const exited = once(child, 'exit');
  assert.equal(await stopProcess(child.pid as number, [marker], 300), 'killed');
  const [, signal] = await exited;
  assert.equal(signal, 'SIGKILL');
});
