// One process tree: `dirbench run` (or `serve` running a run) on a lab, SIGKILLed mid-run, leaves no
// process behind within 5 s - started on an older Node through bin.mjs (the launcher killed), or
// killed itself.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { processCommandLine } from '../../src/core/lab/processes.ts';
import type { LabInfo } from '../../src/shared/labTypes.ts';
import { CLI, runCli } from './cliHarness.ts';
import type { CliEntry } from './cliHarness.ts';
import {
  descendantPids,
  lightLoadArgs,
  pidsNaming,
  startCli,
  storedRuns,
  waitForSampleRows,
  waitUntilExited,
} from './fault-harness.ts';
import { olderNode } from './fixtures/olderNode.ts';
import { callApi, spawnServe } from './hostServe.ts';

/** The Node of a machine with Node 20 (null: none here, so there is no relaunch to test). */
const OLDER_NODE = olderNode();
/** The launcher on that Node, as `npx dirbench` starts it there. */
const LAUNCHER: CliEntry = { node: OLDER_NODE ?? '', script: CLI };
const NO_OLDER_NODE = {
  skip:
    OLDER_NODE === null ? 'no Node older than 22.18 here: bin.mjs has nothing to relaunch' : false,
};
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

/** Waits until `dbFile` holds the run's first second; the error carries what the process said. */
async function measuring(dbFile: string, output: () => string): Promise<void> {
  // The lab is built (generate, slapadd, start) before the first second is stored.
  await waitForSampleRows(dbFile, 1, 90_000).catch((err: unknown) => {
    throw new Error(`${(err as Error).message}; output: ${output().slice(-2000)}`);
  });
}

/** Starts the run and waits until it measures; returns the CLI's PID and every process below it then. */
async function measuringRun(dbFile: string, entry?: CliEntry): Promise<[number, number[]]> {
  const cli = startCli(labRunArgs(dbFile), dataDir, 120_000, entry);
  await measuring(dbFile, cli.stderr);
  return [cli.pid, descendantPids(cli.pid)];
}

/** A load worker's command line: the sources' entry, or the bundle's when the launcher runs it. */
const WORKER = ['loadgen/worker.ts', 'dist/cli/worker.mjs'];

/** Names the processes of `pids` by their command lines, to show what a run was made of. */
function commandLines(pids: readonly number[]): string[] {
  return pids.map((pid) => processCommandLine(pid) ?? '');
}

/** Asserts that the run's processes include one whose command line has each of `parts`. */
function assertMadeOf(tree: readonly number[], parts: readonly (string | string[])[]): void {
  const lines = commandLines(tree);
  for (const part of parts) {
    // A list: any of these (the launcher runs the sources, or the bundle when it is built).
    const either = typeof part === 'string' ? [part] : part;
    assert.ok(
      lines.some((l) => either.some((p) => l.includes(p))),
      `${either.join(' or ')} in\n${lines.join('\n')}`,
    );
  }
}

/** SIGKILLs `pid` and waits (at most 5 s) until no process of its tree or naming `dir` is left. */
async function killAndExpectNothingLeft(
  pid: number,
  tree: readonly number[],
  dir = dataDir,
): Promise<void> {
  process.kill(pid, 'SIGKILL');
  await waitUntilExited(tree, GONE_WITHIN_MS);
  assert.deepEqual(commandLines(pidsNaming(dir)), [], 'nothing of the run is left');
}

/** Kills by PID whatever of `pids` (and of the data folder `dir`) a failed test left running. */
function killLeftovers(pids: readonly number[], dir = dataDir): void {
  for (const pid of new Set([...pids, ...pidsNaming(dir)])) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

test(
  'started on an older Node, SIGKILL of the launcher stops the run, its workers and its lab within 5 s',
  NO_OLDER_NODE,
  async () => {
    const dbFile = path.join(dataDir, 'launcher.sqlite');
    const [launcherPid, tree] = await measuringRun(dbFile, LAUNCHER);
    try {
      assertMadeOf(tree, [
        ['src/cli/main.ts run', 'dist/cli/dirbench.mjs run'],
        WORKER,
        'slapd -f',
        'dirbench-watchdog',
      ]);
      await killAndExpectNothingLeft(launcherPid, tree);

      // The relaunched process ended the run itself, as on SIGTERM: stopped, with the cause.
      const [run] = storedRuns(dbFile);
      assert.equal(run?.status, 'stopped');
      assert.equal(
        run?.endReason,
        `stopped: the launching dirbench process (PID ${launcherPid}) ended`,
      );
      assert.ok((run?.sampleRows ?? 0) >= 1);
    } finally {
      killLeftovers(tree);
    }
  },
);

test('SIGKILL of the dirbench process itself: its workers and lab are gone within 5 s, the run shows interrupted', async () => {
  const dbFile = path.join(dataDir, 'direct.sqlite');
  const [pid, tree] = await measuringRun(dbFile);
  try {
    assertMadeOf(tree, [WORKER, 'slapd -f', 'dirbench-watchdog']);
    await killAndExpectNothingLeft(pid, tree);

    // Nothing could store its end; the next start (any command) marks it interrupted.
    const list = await runCli(['runs', 'list', '--db', dbFile, '--json'], dataDir, 30_000);
    assert.equal(list.code, 0, list.stderr);
    const [run] = storedRuns(dbFile);
    assert.equal(run?.status, 'interrupted');
  } finally {
    killLeftovers(tree);
  }
});

test(
  'serve started on an older Node: SIGKILL of the launcher stops its run, workers and lab within 5 s',
  NO_OLDER_NODE,
  async () => {
    const serve = spawnServe([], LAUNCHER);
    let tree: number[] = [];
    try {
      const url = new URL(await serve.url);
      const port = Number(url.port);
      const token = url.searchParams.get('token') ?? '';
      const { labId } = await callApi<{ labId: string }>(port, token, 'lab/start', {
        kind: 'openldap',
        entries: 1000,
      });
      let lab: LabInfo | undefined;
      const ready = async (): Promise<boolean> => {
        const labs = await callApi<LabInfo[]>(port, token, 'lab/list');
        lab = labs.find((l) => l.id === labId);
        return lab?.state === 'running' && lab.targetId !== null;
      };
      // Bounded: a 1,000-entry lab is ready in a few seconds.
      for (let i = 0; i < 300 && !(await ready()); i++)
        await new Promise((resolve) => setTimeout(resolve, 200));
      assert.ok(lab?.targetId, `the lab is ready: ${JSON.stringify(lab)}`);
      await callApi(port, token, 'runs/start', {
        targetId: lab.targetId,
        workload: 'read-random',
        connections: 2,
        depth: 1,
        warmupS: 0,
        durationS: 30,
        workers: 1,
      });
      const dbFile = path.join(serve.dataDir, 'dirbench.sqlite');
      await measuring(dbFile, serve.output);
      const launcherPid = serve.child.pid ?? 0;
      tree = descendantPids(launcherPid);
      assertMadeOf(tree, [
        ['src/cli/main.ts serve', 'dist/cli/dirbench.mjs serve'],
        WORKER,
        'slapd -f',
      ]);

      await killAndExpectNothingLeft(launcherPid, tree, serve.dataDir);
      const [run] = storedRuns(dbFile);
      assert.equal(run?.status, 'stopped');
      assert.equal(
        run?.endReason,
        `DirBench browser mode was stopped (the launching dirbench process (PID ${launcherPid}) ended)`,
      );
    } finally {
      killLeftovers(tree, serve.dataDir);
      await serve.stop();
    }
  },
);

test(
  'the launcher exits as a shell reports its child: 128 + the signal that ended it (SIGKILL 137)',
  NO_OLDER_NODE,
  async () => {
    const cli = startCli(['serve', '--port', '0'], dataDir, 60_000, LAUNCHER);
    let tree: number[] = [];
    try {
      const serving = new Promise<void>((resolve) => {
        cli.child.stdout?.on('data', (d: Buffer) => {
          if (d.toString().includes('DirBench is serving at')) resolve();
        });
      });
      await Promise.race([serving, cli.result]);
      tree = descendantPids(cli.pid);
      const served = tree.find((pid) =>
        ['src/cli/main.ts serve', 'dist/cli/dirbench.mjs serve'].some(
          (line) => processCommandLine(pid)?.includes(line) === true,
        ),
      );
      assert.ok(served !== undefined, `the relaunched serve in\n${commandLines(tree).join('\n')}`);
      process.kill(served, 'SIGKILL');
      const { code } = await cli.result;
      assert.equal(code, 137);
    } finally {
      killLeftovers([cli.pid, ...tree]);
    }
  },
);
