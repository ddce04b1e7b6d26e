// A run's workers on agents for real: a broker (the owned-broker fixture), two `dirbench agent`
// processes and the built-in responder; the orchestrator drives the workers through the NATS
// launcher. A run completes with every worker's ops in its seconds; a SIGKILLed agent fails the
// run naming it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import type { NatsConnection } from '@nats-io/transport-node';
import type { RunSample } from '../../src/shared/types.ts';
import { AGENT_RUN_STALL_MS, prepareAgentRun } from '../../src/core/agents/natsLauncher.ts';
import type { BrokerInfo } from '../../src/core/broker/brokerRecord.ts';
import { stopBrokerProcess } from '../../src/core/broker/brokerProcess.ts';
import { connectBroker } from '../../src/core/broker/connect.ts';
import { findNatsServer } from '../../src/core/broker/natsServer.ts';
import type { WorkerLauncher } from '../../src/core/runner/launcher.ts';
import { startRun } from '../../src/core/runner/orchestrator.ts';
import type { RunOutcome } from '../../src/core/runner/runContract.ts';
import { startResponder } from '../../src/core/responder/responder.ts';
import type { Responder } from '../../src/core/responder/responder.ts';
import { agentConnected, waitFor } from './agentsHarness.ts';
import { runCli } from './cliHarness.ts';
import { testRunConfig } from './engineHarness.ts';

const CLI = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const fixture = join(import.meta.dirname, 'fixtures', 'startOwnedBroker.ts');

interface Spawned {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<unknown>;
}

let dataDir: string;
let broker: BrokerInfo;
let responder: Responder | undefined;
let coordinator: NatsConnection | undefined;
const spawned: Spawned[] = [];
const agents = new Map<string, Spawned>();

function start(args: string[]): Spawned {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const s = { child, stderr: () => stderr, exited };
  spawned.push(s);
  return s;
}

/** `promise`, or a failure after `timeoutMs`. */
async function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

before(async () => {
  assert.ok(findNatsServer() !== null, 'nats-server is needed: npm run test:setup installs it');
  dataDir = mkdtempSync(join(tmpdir(), 'dirbench-agent-run-'));
  const owner = start([fixture, dataDir, join(dataDir, 'dirbench.sqlite'), 'rack1,rack2']);
  const lines = createInterface({ input: owner.child.stdout ?? assert.fail() });
  const line = await within(
    (async () => {
      for await (const l of lines) return l;
      return assert.fail(`fixture ended: ${owner.stderr()}`);
    })(),
    30_000,
    'broker started',
  );
  lines.close();
  broker = JSON.parse(line) as BrokerInfo;
  for (const name of ['rack1', 'rack2']) {
    const file = broker.agentCredentialFiles[name] ?? assert.fail(`no credentials for ${name}`);
    agents.set(name, start([CLI, 'agent', '--name', name, '--credentials-file', file]));
  }
  for (const agent of agents.values()) await agentConnected(agent);
  coordinator = await connectBroker({
    credentialsFile: broker.coordinatorCredentialsFile,
    reconnect: false,
  });
  responder = await startResponder();
});

after(async () => {
  await coordinator?.close().catch(() => undefined);
  await responder?.close();
  for (const s of spawned.toReversed())
    if (s.child.exitCode === null && s.child.signalCode === null && s.child.pid !== undefined)
      process.kill(s.child.pid, 'SIGKILL');
  if (broker?.pid) await stopBrokerProcess(broker.pid, join(broker.dir, 'nats.conf'));
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

/** Interval ops each worker reported, by second: what the merged samples must add up to. */
type OpsBySecond = Map<number, Map<number, number>>;

/** The launcher with every interval message counted per second and worker. */
function counting(launcher: WorkerLauncher, ops: OpsBySecond): WorkerLauncher {
  return (index) => {
    const handle = launcher(index);
    handle.onMessage((m) => {
      if (m.type !== 'interval') return;
      const bySecond = ops.get(m.second) ?? new Map<number, number>();
      bySecond.set(index, (bySecond.get(index) ?? 0) + m.ops);
      ops.set(m.second, bySecond);
    });
    return handle;
  };
}

/** Runs `durationS` seconds over both agents with 4 workers; `onSample` sees each second. */
async function runOnAgents(
  runId: string,
  durationS: number,
  onSample: (sample: RunSample) => void,
): Promise<{ outcome: RunOutcome; ops: OpsBySecond; agentNames: string[][] }> {
  const r = responder ?? assert.fail();
  const config = testRunConfig(r.url, 1000, { workers: 4, connections: 4, warmupS: 0, durationS });
  const prepared = await prepareAgentRun(coordinator ?? assert.fail(), {
    runId,
    agents: ['rack1', 'rack2'],
    workers: 4,
    loadMs: durationS * 1000,
  });
  const ops: OpsBySecond = new Map();
  try {
    const handle = startRun(
      {
        runId,
        config,
        connection: { url: r.url, startTls: false, bindDn: '', password: '', tcpNoDelay: true },
        dnSource: {
          kind: 'list',
          dns: Array.from({ length: 1000 }, (_, i) => `uid=user.${i},${r.baseDn}`),
        },
        stallMs: AGENT_RUN_STALL_MS,
      },
      counting(prepared.launcher, ops),
      { onSample },
    );
    const outcome = await within(handle.done, 60_000, `run ${runId} done`);
    return {
      outcome,
      ops,
      agentNames: prepared.agents.map((a) => [a.name, ...a.workers.map(String)]),
    };
  } finally {
    await prepared.close();
  }
}

test('a 3 s run over two agents completes with every worker in each second', async () => {
  const samples: RunSample[] = [];
  const { outcome, ops, agentNames } = await runOnAgents('run-agents1', 3, (s) => samples.push(s));
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
  // Both agents say they are idle again (their workers ended and were cleaned up).
  for (const [name, agent] of agents)
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

test('a SIGKILLed agent fails the run, naming it', { timeout: 60_000 }, async () => {
  let killedAtMs = 0;
  const rack2 = agents.get('rack2') ?? assert.fail();
  const { outcome } = await runOnAgents('run-agents2', 30, (s) => {
    if (s.second === 1 && rack2.child.pid !== undefined) {
      killedAtMs = Date.now();
      process.kill(rack2.child.pid, 'SIGKILL');
    }
  });
  assert.ok(killedAtMs > 0, 'rack2 was killed mid-run');
  assert.equal(outcome.status, 'failed');
  assert.match(outcome.endReason ?? '', /the loss of agent rack2 \(silent for 6\.\d s\)/);
  const failedAfterMs = Date.now() - killedAtMs;
  assert.ok(failedAfterMs < 6_000 + 3_000, `failed only after ${failedAfterMs} ms`);
});
