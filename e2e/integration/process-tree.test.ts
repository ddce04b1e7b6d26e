// One process tree: a `dirbench run` on a lab SIGKILLed mid-run leaves no process behind within
// 5 s - started on an older Node through bin.mjs (killing the launcher), or killed itself.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { processCommandLine } from '../../src/core/lab/processes.ts';
import { runCli } from './cliHarness.ts';
import {
  BIN,
  descendantPids,
  lightLoadArgs,
  pidsNaming,
  startCli,
  storedRuns,
  waitForSampleRows,
  waitUntilExited,
} from './fault-harness.ts';
import type { CliChild, CliEntry } from './fault-harness.ts';
import { olderNode } from './fixtures/olderNode.ts';

/** The Node of a machine with Node 20 (null: none here, so there is no relaunch to test). */
const OLDER_NODE = olderNode();
/** How long, after the kill, every process of the run has to be gone (the bound). */
const GONE_WITHIN_MS = 5_000;

let dataDir: string;

before(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dirbench-process-tree-'));
});
after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** A 30 s read run on a 1,000-entry OpenLDAP lab of its own, in this file's data folder. */
function labRunArgs(dbFile: string): string[] {
  return [
    'run',
    '--lab',
    'openldap',
    '--entries',
    '1000',
    '--workload',
    'salford/S.1',
    ...lightLoadArgs(dbFile, 30),
  ];
}

/** Starts the run and waits until it measures; returns the CLI and every process below it then. */
async function measuringRun(dbFile: string, entry?: CliEntry): Promise<[CliChild, number[]]> {
  const cli = startCli(labRunArgs(dbFile), dataDir, 120_000, entry);
  // The lab is built (generate, slapadd, start) before the first second is stored.
  await waitForSampleRows(dbFile, 1, 90_000).catch((err: unknown) => {
    throw new Error(`${(err as Error).message}; stderr: ${cli.stderr().slice(-2000)}`);
  });
  return [cli, descendantPids(cli.pid)];
}

/** Names the processes of `pids` by their command lines, to show what a run was made of. */
function commandLines(pids: readonly number[]): string[] {
  return pids.map((pid) => processCommandLine(pid) ?? '');
}

/** Asserts that the run's processes include one whose command line has each of `parts`. */
function assertMadeOf(tree: readonly number[], parts: readonly string[]): void {
  const lines = commandLines(tree);
  for (const part of parts)
    assert.ok(
      lines.some((l) => l.includes(part)),
      `${part} in\n${lines.join('\n')}`,
    );
}

/** SIGKILLs the CLI and waits (at most 5 s) until no process of the run is left. */
async function killAndExpectNothingLeft(cli: CliChild, tree: readonly number[]): Promise<void> {
  cli.child.kill('SIGKILL');
  await waitUntilExited(tree, GONE_WITHIN_MS);
  assert.deepEqual(commandLines(pidsNaming(dataDir)), [], 'nothing of the run is left');
}

/** Kills by PID whatever of `pids` (and of this file's data folder) a failed test left running. */
function killLeftovers(pids: readonly number[]): void {
  for (const pid of new Set([...pids, ...pidsNaming(dataDir)])) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

test(
  'started on an older Node, SIGKILL of the launcher stops the run, its workers and its lab within 5 s',
  {
    skip:
      OLDER_NODE === null
        ? 'no Node older than 22.18 here: bin.mjs has nothing to relaunch'
        : false,
  },
  async () => {
    const dbFile = path.join(dataDir, 'launcher.sqlite');
    const [cli, tree] = await measuringRun(dbFile, { node: OLDER_NODE ?? '', script: BIN });
    try {
      assertMadeOf(tree, [
        'src/cli/main.ts run',
        'loadgen/worker.ts',
        'slapd -f',
        'dirbench-watchdog',
      ]);
      await killAndExpectNothingLeft(cli, tree);

      // The relaunched process ended the run itself, as on SIGTERM: stopped, with the cause.
      const [run] = storedRuns(dbFile);
      assert.equal(run?.status, 'stopped');
      assert.equal(
        run?.endReason,
        `stopped: the launching dirbench process (PID ${cli.pid}) ended`,
      );
      assert.ok((run?.sampleRows ?? 0) >= 1);
    } finally {
      killLeftovers(tree);
    }
  },
);

test('SIGKILL of the dirbench process itself: its workers and lab are gone within 5 s, the run shows interrupted', async () => {
  const dbFile = path.join(dataDir, 'direct.sqlite');
  const [cli, tree] = await measuringRun(dbFile);
  try {
    assertMadeOf(tree, ['loadgen/worker.ts', 'slapd -f', 'dirbench-watchdog']);
    await killAndExpectNothingLeft(cli, tree);

    // Nothing could store its end; the next start (any command) marks it interrupted.
    const list = await runCli(['runs', 'list', '--db', dbFile, '--json'], dataDir, 30_000);
    assert.equal(list.code, 0, list.stderr);
    const [run] = storedRuns(dbFile);
    assert.equal(run?.status, 'interrupted');
  } finally {
    killLeftovers(tree);
  }
});
