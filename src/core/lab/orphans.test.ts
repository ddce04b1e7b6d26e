import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { ownerGone } from './orphans.ts';
import { procStat } from './processes.ts';

test('an owner that is alive, absent, or this process is not gone; no owner is not gone', () => {
  assert.equal(ownerGone(null), false);
  assert.equal(ownerGone(process.pid), false);
  assert.equal(ownerGone(process.ppid), false);
  assert.equal(ownerGone(2 ** 22 + 7), true);
});

test('an owner killed but not yet reaped (a zombie) is gone', async (t) => {
  // sh starts a short sleep, prints its PID and becomes a long sleep that never reaps it.
  const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 5'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  t.after(() => parent.kill('SIGKILL'));
  const lines = createInterface({ input: parent.stdout });
  const [line] = (await once(lines, 'line')) as [string];
  lines.close();
  const zombiePid = Number(line);
  const deadlineMs = Date.now() + 3_000;
  while (procStat(zombiePid)?.state !== 'Z' && Date.now() < deadlineMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.equal(procStat(zombiePid)?.state, 'Z', 'the short sleep did not become a zombie');
  assert.equal(ownerGone(zombiePid), true);
});
