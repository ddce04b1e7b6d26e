// Load agents for real: a broker (the owned-broker fixture), two `dirbench agent` processes,
// `agents list`, an agent killed and reported lost, an agent from the broker's agents.creds.json,
// the broker stopped and the agent stopping itself (dead-man switch), and agents refused for a
// wrong name or password.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';
import { jetstreamManager, StorageType } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { AgentListing } from '../../src/core/agents/agentsList.ts';
import { listAgents } from '../../src/core/agents/agentsList.ts';
import { AGENTS_STREAM } from '../../src/core/broker/agentsStream.ts';
import type { BrokerInfo } from '../../src/core/broker/brokerRecord.ts';
import { stopBrokerProcess } from '../../src/core/broker/brokerProcess.ts';
import { connectBroker } from '../../src/core/broker/connect.ts';
import { findNatsServer } from '../../src/core/broker/natsServer.ts';
import { agentConnected, waitFor } from './agentsHarness.ts';
import { CLI, runCli } from './cliHarness.ts';

const fixture = join(import.meta.dirname, 'fixtures', 'startOwnedBroker.ts');

/** A spawned process, its stderr so far and how it ended. */
interface Spawned {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>;
}

let dataDir: string;
let broker: BrokerInfo;
let coordinator: NatsConnection | undefined;
/** Every process the tests started, killed by PID in `after` if still running. */
const spawned: Spawned[] = [];

function start(args: string[]): Spawned {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>(
    (resolve) => child.once('exit', (code, signal) => resolve({ code, signal, atMs: Date.now() })),
  );
  const s = { child, stderr: () => stderr, exited };
  spawned.push(s);
  return s;
}

function startAgent(name: string, credentialsFile: string): Spawned {
  return start([CLI, 'agent', '--name', name, '--credentials-file', credentialsFile]);
}

/** Bounded: the agent's end, or a failure naming what it printed. */
async function ended(agent: Spawned, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`still running after ${timeoutMs} ms: ${agent.stderr()}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([agent.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function creds(name: string): string {
  return broker.agentCredentialFiles[name] ?? assert.fail(`no credentials for ${name}`);
}

async function listJson(): Promise<AgentListing[]> {
  const run = await runCli(['agents', 'list', '--broker', broker.id, '--json'], dataDir, 30_000);
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout) as AgentListing[];
}

let rack1: Spawned;
let rack2: Spawned;

before(async () => {
  assert.ok(findNatsServer() !== null, 'nats-server is needed: npm run test:setup installs it');
  dataDir = mkdtempSync(join(tmpdir(), 'dirbench-agents-'));
  const owner = start([fixture, dataDir, join(dataDir, 'dirbench.sqlite'), 'rack1,rack2']);
  const lines = createInterface({ input: owner.child.stdout ?? assert.fail() });
  const line = await Promise.race([
    (async () => {
      for await (const l of lines) return l;
      return '';
    })(),
    owner.exited.then(({ code }) => assert.fail(`fixture exited (${code}): ${owner.stderr()}`)),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no broker in 30 s')), 30_000).unref(),
    ),
  ]);
  lines.close();
  broker = JSON.parse(line) as BrokerInfo;
  rack1 = startAgent('rack1', creds('rack1'));
  rack2 = startAgent('rack2', creds('rack2'));
  for (const agent of [rack1, rack2]) await agentConnected(agent);
  coordinator = await connectBroker({
    credentialsFile: broker.coordinatorCredentialsFile,
    reconnect: false,
  });
});

after(async () => {
  await coordinator?.close().catch(() => undefined);
  // Agents first, then the fixture (whose broker dies with it), then nats-server itself if left.
  for (const s of spawned.toReversed())
    if (s.child.exitCode === null && s.child.signalCode === null && s.child.pid !== undefined)
      process.kill(s.child.pid, 'SIGKILL');
  if (broker?.pid) await stopBrokerProcess(broker.pid, join(broker.dir, 'nats.conf'));
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

test('the broker keeps the last heartbeat of each agent in DIRBENCH_AGENTS (file storage, one per subject)', async () => {
  const jsm = await jetstreamManager(coordinator ?? assert.fail());
  const info = await jsm.streams.info(AGENTS_STREAM);
  assert.deepEqual(info.config.subjects, ['dirbench.agent.*.heartbeat']);
  assert.equal(info.config.max_msgs_per_subject, 1);
  assert.equal(info.config.storage, StorageType.File);
  // The agents' plain publishes (with their own narrow rights) land there, one kept per agent.
  await waitFor(
    'two heartbeats stored',
    async () => (await jsm.streams.info(AGENTS_STREAM)).state.messages === 2,
    10_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  const later = await jsm.streams.info(AGENTS_STREAM);
  assert.equal(later.state.messages, 2);
  assert.ok(later.state.last_seq > 2, 'newer heartbeats replaced the first ones');
});

test('agents list --json shows both agents, idle, with small clock offsets and uncertainties', async () => {
  const agents = await listJson();
  assert.deepEqual(
    agents.map((a) => [a.name, a.state]),
    [
      ['rack1', 'idle'],
      ['rack2', 'idle'],
    ],
  );
  const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
  for (const a of agents) {
    assert.equal(a.version, version);
    assert.ok(a.lastSeenMs >= 0 && a.lastSeenMs < 6_000, `${a.name} last seen ${a.lastSeenMs}`);
    const offset = a.clockOffsetMs ?? assert.fail(`${a.name} not probed`);
    const uncertainty = a.clockUncertaintyMs ?? assert.fail();
    // One machine, one clock: the true offset is 0 and lies within the estimate.
    assert.ok(uncertainty > 0 && uncertainty < 25, `${a.name} uncertainty ${uncertainty}`);
    assert.ok(Math.abs(offset) <= uncertainty + 0.5, `${a.name} offset ${offset} ± ${uncertainty}`);
  }
  const table = await runCli(['agents', 'list', '--broker', broker.id], dataDir, 30_000);
  assert.equal(table.code, 0, table.stderr);
  assert.match(table.stdout, /^rack1 .* idle .* [+-]\d+\.\d ms ± \d+\.\d/m);
});

test('a SIGKILLed agent is lost after 6 s; the other stays idle', { timeout: 30_000 }, async () => {
  const killedAtMs = Date.now();
  process.kill(rack2.child.pid ?? assert.fail(), 'SIGKILL');
  await ended(rack2, 5_000);
  const nc = coordinator ?? assert.fail();
  const agents = await waitFor(
    'rack2 lost',
    async () => {
      const listed = await listAgents(nc, Date.now, { timeoutMs: 300 });
      return listed.find((a) => a.name === 'rack2')?.state === 'lost' ? listed : null;
    },
    12_000,
  );
  const lostAfterMs = Date.now() - killedAtMs;
  assert.ok(lostAfterMs <= 6_000 + 2_000 + 1_000, `lost only after ${lostAfterMs} ms`);
  const [one, two] = agents;
  assert.equal(one?.state, 'idle');
  assert.equal(two?.clockOffsetMs, null);
  assert.ok((two?.lastSeenMs ?? 0) > 6_000);
  const cli = await listJson();
  assert.deepEqual(
    cli.map((a) => [a.name, a.state]),
    [
      ['rack1', 'idle'],
      ['rack2', 'lost'],
    ],
  );
});

test('SIGTERM stops an agent cleanly (exit 0)', async () => {
  const again = startAgent('rack2', creds('rack2'));
  await agentConnected(again);
  process.kill(again.child.pid ?? assert.fail(), 'SIGTERM');
  const end = await ended(again, 5_000);
  assert.equal(end.code, 0, again.stderr());
  assert.match(again.stderr(), /agent rack2: stopping \(SIGTERM\)/);
});

test("the broker's agents.creds.json serves with --name; without one, or with a name it lacks, it lists its agents", async () => {
  const bundled = startAgent('rack2', broker.agentCredentialsFile);
  await agentConnected(bundled);
  const nc = coordinator ?? assert.fail();
  // The entry it took is rack2's: the broker lets it heartbeat as rack2 only.
  await waitFor(
    'rack2 heartbeating from the bundle',
    async () => {
      const listed = await listAgents(nc, Date.now, { timeoutMs: 300 });
      return listed.find((a) => a.name === 'rack2')?.state === 'idle';
    },
    10_000,
  );
  process.kill(bundled.child.pid ?? assert.fail(), 'SIGTERM');
  assert.equal((await ended(bundled, 5_000)).code, 0, bundled.stderr());

  const unnamed = start([CLI, 'agent', '--credentials-file', broker.agentCredentialsFile]);
  assert.equal((await ended(unnamed, 15_000)).code, 2);
  assert.match(
    unnamed.stderr(),
    /agents\.creds\.json holds the credentials of agents rack1, rack2: say which one this agent is with --name/,
  );
  const unknown = startAgent('rack9', broker.agentCredentialsFile);
  assert.equal((await ended(unknown, 15_000)).code, 2);
  assert.match(
    unknown.stderr(),
    /agents\.creds\.json has no agent "rack9"; it holds agents rack1, rack2/,
  );
});

test('an agent with the wrong name or password exits at once with a clear message', async () => {
  const wrongName = startAgent('rack2', creds('rack1'));
  const nameEnd = await ended(wrongName, 15_000);
  assert.equal(nameEnd.code, 2);
  assert.match(
    wrongName.stderr(),
    /--name rack2 does not match .*agent-rack1\.creds\.json, which is agent "rack1"'s credentials file/,
  );
  const forged = join(dataDir, 'forged.creds.json');
  const file = JSON.parse(readFileSync(creds('rack1'), 'utf8')) as Record<string, unknown>;
  writeFileSync(forged, JSON.stringify({ ...file, password: 'wrong' }), { mode: 0o600 });
  const wrongPassword = startAgent('rack1', forged);
  const passwordEnd = await ended(wrongPassword, 15_000);
  assert.equal(passwordEnd.code, 1);
  assert.match(wrongPassword.stderr(), /refused user "rack1": wrong user name or password/);
});

test(
  'the broker gone, the agent stops itself within 5 s (exit 1, naming the broker)',
  { timeout: 30_000 },
  async () => {
    await coordinator?.close();
    coordinator = undefined;
    await stopBrokerProcess(broker.pid ?? assert.fail(), join(broker.dir, 'nats.conf'));
    const goneAtMs = Date.now();
    const end = await ended(rack1, 5_000 + 3_000);
    assert.equal(end.code, 1, rack1.stderr());
    assert.ok(end.atMs - goneAtMs <= 5_000 + 3_000);
    assert.match(
      rack1.stderr(),
      new RegExp(
        `the broker at ${broker.url.replaceAll('.', '\\.')} has been unreachable for 5\\.\\d s: stopping`,
      ),
    );
  },
);
