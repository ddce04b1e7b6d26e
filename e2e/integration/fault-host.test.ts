// `dirbench run` SIGKILLed mid-run: every second before the kill is on disk, and the next start marks the run interrupted.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { processAlive } from '../../src/core/lab/processes.ts';
import { runCli } from './cliHarness.ts';
import { startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';
import { runArgs, startCli, storedRuns, waitForSampleRows } from './fault-harness.ts';

let slapd: TestSlapd;
let dataDir: string;

before(async () => {
  slapd = await startTestSlapd(300);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dirbench-fault-host-'));
});
after(async () => {
  await slapd.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** PIDs of the processes whose parent is `pid` (the CLI's load workers). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // Fields after the command name: state, ppid, ...
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

test('the CLI killed mid-run: seconds before the kill are stored, workers exit, the next start shows the run interrupted', async () => {
  const dbFile = path.join(dataDir, 'killed.sqlite');
  const cli = startCli(runArgs(slapd.url, dbFile, 30), dataDir, 60_000);
  let workers: number[] = [];
  try {
    // Second 0 is stored just after t0 + 1 s.
    const firstRowMs = await waitForSampleRows(dbFile, 1, 30_000);
    const t0Ms = firstRowMs - 1000;
    workers = childrenOf(cli.pid);
    assert.ok(workers.length >= 1, 'the CLI runs its load in worker processes');
    await new Promise((r) => setTimeout(r, 2500));
    cli.child.kill('SIGKILL');
    const killedMs = Date.now();
    await cli.result;
    // Orphaned workers notice the closed channel and exit.
    const deadline = Date.now() + 2000;
    while (workers.some(processAlive) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(workers.filter(processAlive), [], 'no worker outlived the CLI');

    const [killed] = storedRuns(dbFile);
    assert.ok(killed !== undefined);
    assert.equal(killed.status, 'running', 'nothing could mark it: the process was killed');
    // Each second is its own committed transaction (WAL): all whole seconds before the kill are there.
    const elapsedS = (killedMs - t0Ms) / 1000;
    assert.ok(
      Math.abs(killed.sampleRows - Math.floor(elapsedS)) <= 1,
      `${killed.sampleRows} rows for ${elapsedS.toFixed(1)} s`,
    );
    assert.deepEqual(
      killed.seconds,
      killed.seconds.map((_, i) => i),
    );

    // The next start (any command) marks it interrupted and keeps its seconds.
    const list = await runCli(['runs', 'list', '--db', dbFile, '--json'], dataDir, 30_000);
    assert.equal(list.code, 0, list.stderr);
    const [after] = storedRuns(dbFile);
    assert.equal(after?.status, 'interrupted');
    assert.match(after?.endReason ?? '', /DirBench exited while the run was in progress/);
    assert.equal(after?.sampleRows, killed.sampleRows);
  } finally {
    cli.child.kill('SIGKILL');
    for (const pid of workers.filter(processAlive)) process.kill(pid, 'SIGKILL');
  }
});
