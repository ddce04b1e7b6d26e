// A run's workers on agents for real: a broker (the owned-broker fixture), two `dirbench agent`
// processes and the built-in responder; the orchestrator drives the workers through the NATS
// launcher. A run completes with every worker's ops in its seconds; a SIGKILLed agent fails the
// run naming it, and its workers exit.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { NatsConnection } from '@nats-io/transport-node';
import type { RunSample } from '../../src/shared/types.ts';
import { AGENT_RUN_STALL_MS, prepareAgentRun } from '../../src/core/agents/natsLauncher.ts';
import { connectBroker } from '../../src/core/broker/connect.ts';
import {
  decodeHistogram,
  mergeInto,
  summarize,
  createHistogram,
} from '../../src/core/loadgen/histogram.ts';
import type { WorkerLauncher } from '../../src/core/runner/launcher.ts';
import { startRun } from '../../src/core/runner/orchestrator.ts';
import type { RunOutcome } from '../../src/core/runner/runContract.ts';
import { startResponder } from '../../src/core/responder/responder.ts';
import type { Responder } from '../../src/core/responder/responder.ts';
import { runCli } from './cliHarness.ts';
import { childPids, waitUntilExited } from './fault-harness.ts';
import { testRunConfig } from './engineHarness.ts';
import { waitFor } from './agentsHarness.ts';
import { startAgentFleet, within } from './fixtures/agentFleet.ts';
import type { AgentFleet } from './fixtures/agentFleet.ts';

let fleet: AgentFleet | undefined;
let responder: Responder | undefined;
let coordinator: NatsConnection | undefined;

before(async () => {
  fleet = await startAgentFleet('agent-run', ['rack1', 'rack2']);
  coordinator = await connectBroker({
    credentialsFile: fleet.broker.coordinatorCredentialsFile,
    reconnect: false,
  });
  responder = await startResponder();
});

after(async () => {
  await coordinator?.close().catch(() => undefined);
  await responder?.close();
  await fleet?.stop();
});

/** Interval ops each worker reported, by second: what the merged samples must add up to. */
type OpsBySecond = Map<number, Map<number, number>>;

/** The launcher with every interval counted per second and worker, and its histogram kept. */
function counting(
  launcher: WorkerLauncher,
  ops: OpsBySecond,
  histograms: string[],
): WorkerLauncher {
  return (index) => {
    const handle = launcher(index);
    handle.onMessage((m) => {
      if (m.type !== 'interval') return;
      const bySecond = ops.get(m.second) ?? new Map<number, number>();
      bySecond.set(index, (bySecond.get(index) ?? 0) + m.ops);
      ops.set(m.second, bySecond);
      histograms.push(m.histogram);
    });
    return handle;
  };
}

/** Runs `durationS` seconds over both agents with 4 workers; `onSample` sees each second. */
async function runOnAgents(
  runId: string,
  durationS: number,
  onSample: (sample: RunSample) => void,
): Promise<{
  outcome: RunOutcome;
  ops: OpsBySecond;
  histograms: string[];
  agentNames: string[][];
}> {
  const r = responder ?? assert.fail();
  const config = testRunConfig(r.url, 1000, { workers: 4, connections: 4, warmupS: 0, durationS });
  const prepared = await prepareAgentRun(coordinator ?? assert.fail(), {
    runId,
    agents: ['rack1', 'rack2'],
    workers: 4,
    loadMs: durationS * 1000,
  });
  const ops: OpsBySecond = new Map();
  const histograms: string[] = [];
  try {
    const handle = startRun(
      {
        runId,
        config,
        connection: { url: r.url, startTls: false, bindDn: '', password: '', tcpNoDelay: true },
        dnSource: {
          kind: 'list',
          // 40,000 DNs: over a broker message, so each agent gets the list in parts.
          dns: Array.from({ length: 40_000 }, (_, i) => `uid=user.${i},${r.baseDn}`),
        },
        stallMs: AGENT_RUN_STALL_MS,
      },
      counting(prepared.launcher, ops, histograms),
      { onSample },
    );
    const outcome = await within(handle.done, 60_000, `run ${runId} done`);
    return {
      outcome,
      ops,
      histograms,
      agentNames: prepared.agents.map((a) => [a.name, ...a.workers.map(String)]),
    };
  } finally {
    await prepared.close();
  }
}

test('a 3 s run over two agents completes with every worker in each second, merged exactly', async () => {
  const samples: RunSample[] = [];
  const run = await runOnAgents('run-agents1', 3, (s) => samples.push(s));
  const { outcome, ops, agentNames } = run;
  assert.equal(outcome.status, 'completed', outcome.endReason ?? '');
  assert.deepEqual(agentNames, [
    ['rack1', '0', '2'],
    ['rack2', '1', '3'],
  ]);
  assert.equal(samples.length, 3);
  for (const s of samples) {
    const byWorker = ops.get(s.second) ?? assert.fail(`no worker reported second ${s.second}`);
    assert.deepEqual([...byWorker.keys()].sort(), [0, 1, 2, 3]);
    const sum = [...byWorker.values()].reduce((a, b) => a + b, 0);
    assert.equal(s.ops, sum, `second ${s.second}`);
    assert.ok(s.ops > 0, `second ${s.second} has no ops`);
    assert.equal(s.errors, 0, JSON.stringify(s.errorsByCode));
  }
  // The run's histogram is exactly that of every latency the workers recorded, however it travelled.
  const all = createHistogram(64);
  for (const h of run.histograms) mergeInto(all, decodeHistogram(h));
  const merged = decodeHistogram(outcome.histogramBase64 ?? assert.fail('no histogram'));
  assert.equal(merged.totalCount, all.totalCount);
  assert.equal(merged.totalCount, outcome.summary?.ops);
  assert.deepEqual(summarize(merged), summarize(all));
  // Both agents say they are idle again (their workers ended and were cleaned up).
  for (const [name, agent] of fleet?.agents ?? [])
    await waitFor(
      `${name} idle`,
      () => agent.stderr().includes('all its workers here have ended'),
      5_000,
    );
});

test('dirbench run --broker URL --agents all puts one worker on each agent and says where', async () => {
  const r = responder ?? assert.fail();
  const cliDir = mkdtempSync(join(tmpdir(), 'dirbench-agent-run-cli-'));
  try {
    const common = ['--target', r.url, '--base', r.baseDn, '--workload', 'read-random'];
    const timing = ['--connections', '4', '--warmup', '0', '--duration', '2', '--json'];
    const broker = fleet?.broker ?? assert.fail();
    const broker_ = ['--broker', broker.url];
    const creds = ['--broker-credentials-file', broker.coordinatorCredentialsFile];
    const result = await runCli(
      ['run', ...common, ...timing, ...broker_, ...creds, '--agents', 'all'],
      cliDir,
      60_000,
    );
    assert.equal(result.code, 0, result.stderr);
    const summary = JSON.parse(result.stdout) as {
      status: string;
      workers: number;
      ops: number;
      agents?: { name: string; workers: number[] }[];
    };
    assert.equal(summary.status, 'completed');
    assert.equal(summary.workers, 2, 'one worker per agent by default');
    assert.ok(summary.ops > 0);
    assert.deepEqual(
      summary.agents?.map((a) => [a.name, a.workers]),
      [
        ['rack1', [0]],
        ['rack2', [1]],
      ],
    );
    // A name the broker never heard from is refused before anything runs.
    const unknown = await runCli(
      ['run', ...common, ...timing, ...broker_, ...creds, '--agents', 'rack1,rack9'],
      cliDir,
      30_000,
    );
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /--agents.*load agent rack9 has never been heard from/);
  } finally {
    rmSync(cliDir, { recursive: true, force: true });
  }
});

test(
  'a SIGKILLed agent fails the run, naming it; its workers exit',
  { timeout: 60_000 },
  async () => {
    let killedAtMs = 0;
    let workers: number[] = [];
    const rack2 = fleet?.agents.get('rack2') ?? assert.fail();
    const { outcome } = await runOnAgents('run-agents2', 30, (s) => {
      if (s.second === 1 && rack2.child.pid !== undefined) {
        workers = childPids(rack2.child.pid);
        killedAtMs = Date.now();
        process.kill(rack2.child.pid, 'SIGKILL');
      }
    });
    assert.ok(killedAtMs > 0, 'rack2 was killed mid-run');
    assert.ok(workers.length > 0, "rack2's workers were found");
    // Orphaned workers see their channel close and exit; the run fails only 6 s after the kill.
    await waitUntilExited(workers, 1_000);
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.endReason ?? '', /the loss of agent rack2 \(silent for 6\.\d s\)/);
    const failedAfterMs = Date.now() - killedAtMs;
    assert.ok(failedAfterMs < 6_000 + 3_000, `failed only after ${failedAfterMs} ms`);
  },
);
