// Benchmark: what load agents cost the broker and the coordinator. Starts a broker, N `dirbench
// agent` processes, the built-in responder (answering after 20 ms, in a child process) and an
// observer that counts every message crossing the broker (in another child), then runs
// read-random at a fixed open-model rate over all agents through the core. Over the measured
// phase it measures messages and bytes per second by kind, nats-server's CPU, this process's
// (the coordinator's) CPU and each agent's and its workers' CPU, and extrapolates to 100 agents.
//   ./node_modules/.bin/node e2e/perf/agentBudget.ts [--agents 8] [--duration 20] [--warmup 2]
//     [--rate 2000] [--answer-delay-ms 20] [--connections N (default: twice the rate's need)]
import { fork, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openCore } from '../../src/core/app/core.ts';
import type { Core } from '../../src/core/app/core.ts';
import type { BrokerInfo } from '../../src/core/broker/brokerRecord.ts';
import { stopBrokerProcess } from '../../src/core/broker/brokerProcess.ts';
import { forkLauncher } from '../../src/core/runner/launcher.ts';
import type { RunDetail } from '../../src/shared/types.ts';
import type { ChildReady, Counts } from './agentBudgetChild.ts';
import { printBudget } from './agentBudgetReport.ts';
import type { Snapshot } from './agentBudgetReport.ts';
import { machineLine } from './machine.ts';
import { processCpu, treeCpu } from './processCpu.ts';

const CLI = fileURLToPath(new URL('../../src/cli/bin.mjs', import.meta.url));
const CHILD = fileURLToPath(new URL('./agentBudgetChild.ts', import.meta.url));
/** Seconds the idle agents are watched before the run (heartbeats only). */
const IDLE_S = 4;

/** A string option of the command line, with its default. */
const option = (fallback?: string) =>
  ({ type: 'string', ...(fallback === undefined ? {} : { default: fallback }) }) as const;
const { values } = parseArgs({
  options: {
    agents: option('8'),
    duration: option('20'),
    warmup: option('2'),
    rate: option('2000'),
    connections: option(),
    'answer-delay-ms': option('20'),
  },
});
const wholeAtLeast = (name: keyof typeof values, min: number): number => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`--${name} must be a whole number >= ${min}`);
  return n;
};
const agentCount = wholeAtLeast('agents', 1);
const durationS = wholeAtLeast('duration', 2);
const warmupS = wholeAtLeast('warmup', 1); // the last warm-up second's sample opens the window
const rateOpsPerSec = wholeAtLeast('rate', 1);
const answerDelayMs = wholeAtLeast('answer-delay-ms', 0);
// Enough connections that the rate is met with room to spare (each holds one op for the answer
// delay), 8 per agent at least, shared evenly by the agents' workers.
const connections =
  values.connections === undefined
    ? Math.ceil(Math.max(8 * agentCount, (rateOpsPerSec * answerDelayMs * 2) / 1000) / agentCount) *
      agentCount
    : wholeAtLeast('connections', agentCount);
/** Everything must be over by then, or it is torn down and the benchmark fails. */
const limitMs = (warmupS + durationS + IDLE_S + 150) * 1000;

const children: ChildProcess[] = [];
let core: Core | null = null;
let broker: BrokerInfo | null = null;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'dirbench-agent-budget-'));

/** Kills every process started here by PID, stops the broker, removes the folder; never throws. */
async function cleanUp(): Promise<void> {
  for (const child of children.toReversed())
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null)
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
  await core?.shutdown('benchmark over').catch(() => undefined);
  core = null;
  if (broker?.pid)
    await stopBrokerProcess(broker.pid, path.join(broker.dir, 'nats.conf')).catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}

/** `promise`, or a failure naming `what` after `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Forks a helper (agentBudgetChild.ts) and waits for its ready message. */
async function startHelper(args: string[]): Promise<{ child: ChildProcess; ready: ChildReady }> {
  const child = fork(CHILD, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.push(child);
  const ready = await within(
    new Promise<ChildReady>((resolve, reject) => {
      child.once('message', (m) => resolve(m as ChildReady));
      child.once('exit', (code) => reject(new Error(`helper ${args[0]} ended (exit ${code})`)));
    }),
    30_000,
    `helper ${args[0]} ready`,
  );
  return { child, ready };
}

/** Starts `dirbench agent NAME` and waits until it says it is connected. */
async function startAgent(info: BrokerInfo, name: string): Promise<ChildProcess> {
  const file = info.agentCredentialFiles[name];
  if (file === undefined) throw new Error(`the broker wrote no credentials for ${name}`);
  const child = spawn(
    process.execPath,
    [CLI, 'agent', '--name', name, '--credentials-file', file],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  children.push(child);
  let stderr = '';
  await within(
    new Promise<void>((resolve, reject) => {
      child.stderr?.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (stderr.includes('connected to the broker')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`agent ${name} ended (${code}): ${stderr}`)));
    }),
    30_000,
    `agent ${name} connected`,
  );
  return child;
}

/** The observer's counts so far. */
function countsOf(observer: ChildProcess): Promise<Counts> {
  return within(
    new Promise<Counts>((resolve) => {
      observer.once('message', (m) => resolve((m as { counts: Counts }).counts));
      observer.send({ type: 'counts' });
    }),
    5_000,
    'observer counts',
  );
}

/** Everything measured at one moment (CPU read first, synchronously, then the counts). */
async function snapshot(
  observer: ChildProcess,
  brokerPid: number,
  agents: ChildProcess[],
): Promise<Snapshot> {
  const atMs = performance.now();
  const cpu = process.cpuUsage();
  const brokerCpu = processCpu(brokerPid);
  const agentCpu = agents.map((a) => {
    const own = processCpu(a.pid ?? -1);
    const tree = treeCpu(a.pid ?? -1);
    const ownUs = own.userUs + own.systemUs;
    return { agentUs: ownUs, workersUs: tree.userUs + tree.systemUs - ownUs };
  });
  return {
    atMs,
    coordinatorUs: cpu.user + cpu.system,
    brokerUs: brokerCpu.userUs + brokerCpu.systemUs,
    agents: agentCpu,
    counts: structuredClone(await countsOf(observer)),
  };
}

async function main(): Promise<void> {
  const names = Array.from({ length: agentCount }, (_, i) => `agent-${i + 1}`);
  const responder = await startHelper(['responder', String(answerDelayMs)]);
  if (responder.ready.kind !== 'responder') throw new Error('the responder did not say where');
  const opened = await openCore({
    dbFile: path.join(scratch, 'dirbench.sqlite'),
    dataDir: scratch,
    launcher: forkLauncher(),
  });
  core = opened;
  const info = await opened.brokers.start({ agents: names });
  broker = info;
  const brokerPid = info.pid ?? -1;
  const { child: observer } = await startHelper(['observer', info.coordinatorCredentialsFile]);
  const agents = await Promise.all(names.map((name) => startAgent(info, name)));
  // A run on 'all' takes the agents whose heartbeat the broker has stored.
  await within(
    (async () => {
      for (;;) {
        const listed = await opened.call('agents/list', { broker: info.id });
        if (listed.filter((a) => a.state !== 'lost').length === agentCount) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })(),
    30_000,
    'every agent listed',
  );

  const idleFrom = await snapshot(observer, brokerPid, agents);
  await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
  const idleTo = await snapshot(observer, brokerPid, agents);

  const passwordFile = path.join(scratch, 'ldap-password');
  writeFileSync(passwordFile, 'budget-secret\n', { mode: 0o600 });
  const targetId = opened.targets.save({
    name: 'responder',
    url: responder.ready.url,
    startTls: false,
    bindDn: 'cn=loader,o=test',
    passwordFile,
    baseDn: responder.ready.baseDn,
  }).id;
  // The window opens at the last warm-up second's sample and closes at the last measured one's,
  // so it holds the relays of exactly the measured seconds.
  const marks: Promise<Snapshot>[] = [];
  const unsubscribe = opened.subscribe((m) => {
    if (m.event !== 'run/sample') return;
    const { second } = m.payload.sample;
    if (second === warmupS - 1 || second === warmupS + durationS - 1)
      marks.push(snapshot(observer, brokerPid, agents));
  });
  let run: RunDetail;
  try {
    const { done } = await opened.startRun({
      targetId,
      workload: 'read-random',
      connections,
      depth: 1,
      warmupS,
      durationS,
      targetOpsPerSec: rateOpsPerSec,
      agents: { broker: info.id, names: 'all' },
    });
    run = await within(done, (warmupS + durationS + 90) * 1000, 'the run');
  } finally {
    unsubscribe();
  }
  if (run.status !== 'completed') throw new Error(`the run ${run.status}: ${run.endReason ?? ''}`);
  const [from, to] = await Promise.all(marks);
  const after = await snapshot(observer, brokerPid, agents);
  if (from === undefined || to === undefined) throw new Error('the run sent no samples to time');
  printBudget({
    machine: machineLine(),
    agentCount,
    connections,
    durationS,
    rateOpsPerSec,
    opsPerSec: run.summary?.opsPerSec ?? 0,
    idle: [idleFrom, idleTo],
    measured: [from, to],
    whole: [idleTo, after],
  });
}

const watchdog = setTimeout(() => {
  process.stderr.write(`agentBudget: not done within ${limitMs / 1000} s; tearing down\n`);
  void cleanUp().finally(() => process.exit(1));
}, limitMs);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
try {
  await main();
} catch (err) {
  process.stderr.write(`agentBudget failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await cleanUp();
  clearTimeout(watchdog);
}
