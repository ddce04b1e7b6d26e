// Brokers for real: nats-server with TLS, JetStream and per-agent permissions, started through the
// manager and through `dirbench broker start`, stopped, and reaped when the process owning it dies.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, existsSync, readFileSync } from 'node:fs';
import { createServer, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';
import { jetstream, jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import type { NatsConnection, Status } from '@nats-io/transport-node';
import { ApiError } from '../../src/shared/errors.ts';
import { BrokerManager } from '../../src/core/broker/brokerManager.ts';
import { isBrokerProcess, stopBrokerProcess } from '../../src/core/broker/brokerProcess.ts';
import type { BrokerInfo } from '../../src/core/broker/brokerRecord.ts';
import { connectBroker, connectWithCredentials } from '../../src/core/broker/connect.ts';
import { readCredentialsFile } from '../../src/core/broker/credentials.ts';
import { findNatsServer } from '../../src/core/broker/natsServer.ts';
import { createLabCertificates } from '../../src/core/lab/labTls.ts';
import { processCommandLine } from '../../src/core/lab/processes.ts';
import { openDatabase } from '../../src/core/store/database.ts';
import type { Db } from '../../src/core/store/database.ts';
import { BrokersRepo } from '../../src/core/store/brokersRepo.ts';
import { runCli } from './cliHarness.ts';
import { pollUntil } from './fixtures/pollUntil.ts';

const fixture = join(import.meta.dirname, 'fixtures', 'startOwnedBroker.ts');

let dataDir: string;
let db: Db;
let manager: BrokerManager;
let broker: BrokerInfo;
/** Connections the tests opened, closed in `after` whatever happened. */
const connections: NatsConnection[] = [];
/** nats-server processes to stop in `after` if a test left them running: [pid, config file]. */
const started: [number, string][] = [];

function track(info: BrokerInfo): BrokerInfo {
  if (info.pid !== null) started.push([info.pid, join(info.dir, 'nats.conf')]);
  return info;
}

async function connectAs(credentialsFile: string): Promise<NatsConnection> {
  const nc = await connectBroker({ credentialsFile, reconnect: false, name: 'broker-test' });
  connections.push(nc);
  return nc;
}

/** The server-side errors a connection reports, collected as they come. */
function serverErrors(nc: NatsConnection): Error[] {
  const errors: Error[] = [];
  void (async () => {
    for await (const s of nc.status() as AsyncIterable<Status>)
      if (s.type === 'error') errors.push(s.error);
  })();
  return errors;
}

/**
 * Talks NATS in plain text to `url` as a client without TLS would: reads INFO, sends CONNECT with
 * the user's real password and PING. Resolves with INFO and what came back before the server
 * closed the connection (or 5 s passed).
 */
function plainTextClient(
  url: string,
  user: string,
  password: string,
): Promise<{ info: Record<string, unknown>; reply: string; closed: boolean }> {
  const { hostname, port } = new URL(url.replace(/^tls:/, 'http:'));
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(Number(port), hostname);
    let text = '';
    let info: Record<string, unknown> | null = null;
    const timer = setTimeout(() => finish(false), 5_000);
    const finish = (closed: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      if (info === null) reject(new Error(`no INFO from the server: ${text}`));
      else resolve({ info, reply: text, closed });
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (info === null && text.includes('\r\n')) {
        const line = text.slice(0, text.indexOf('\r\n'));
        info = JSON.parse(line.replace(/^INFO /, '')) as Record<string, unknown>;
        text = text.slice(line.length + 2);
        const connectLine = JSON.stringify({
          user,
          pass: password,
          verbose: false,
          pedantic: false,
          tls_required: false,
        });
        socket.write(`CONNECT ${connectLine}\r\nPING\r\n`);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
  });
}

before(async () => {
  assert.ok(findNatsServer() !== null, 'nats-server is needed: npm run test:setup installs it');
  dataDir = mkdtempSync(join(tmpdir(), 'dirbench-broker-'));
  db = openDatabase(join(dataDir, 'dirbench.sqlite'));
  manager = new BrokerManager({ dataDir, registry: new BrokersRepo(db) });
  broker = track(await manager.start());
});

after(async () => {
  for (const nc of connections) await nc.close().catch(() => undefined);
  await manager?.stopOwned();
  for (const [pid, config] of started) await stopBrokerProcess(pid, config);
  db?.close();
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

test('a broker runs nats-server with TLS and JetStream, its secrets in mode-600 files', () => {
  assert.equal(broker.state, 'running');
  assert.deepEqual(broker.agents, ['agent-1', 'agent-2', 'agent-3', 'agent-4']);
  assert.match(broker.url, /^tls:\/\/127\.0\.0\.1:\d+$/);
  assert.match(broker.serverVersion ?? '', /^2\./);
  assert.ok(broker.pid !== null && isBrokerProcess(broker.pid, join(broker.dir, 'nats.conf')));
  const secrets = [
    broker.coordinatorCredentialsFile,
    broker.agentCredentialsFile,
    ...Object.values(broker.agentCredentialFiles),
    join(broker.dir, 'nats.conf'),
    join(broker.dir, 'tls', 'server.key'),
  ];
  for (const file of secrets) assert.equal(statSync(file).mode & 0o777, 0o600, file);
  // The record (in SQLite) holds no password.
  const password = readCredentialsFile(broker.coordinatorCredentialsFile).password;
  const rows = JSON.stringify(db.prepare('SELECT * FROM brokers').all());
  assert.ok(!rows.includes(password));
});

test('the coordinator connects over TLS; a plain-text client is refused', async () => {
  const nc = await connectAs(broker.coordinatorCredentialsFile);
  await nc.flush();
  const { user, password } = readCredentialsFile(broker.coordinatorCredentialsFile);
  const plain = await plainTextClient(broker.url, user, password);
  assert.equal(plain.info['tls_required'], true);
  assert.ok(plain.closed, 'the server closed the plain-text connection');
  assert.doesNotMatch(plain.reply, /PONG/);
});

test('a wrong password, a foreign CA and a broker that is not there fail with clear errors', async () => {
  const good = readCredentialsFile(broker.coordinatorCredentialsFile);
  await assert.rejects(
    connectWithCredentials({ ...good, password: 'wrong' }, { reconnect: false }),
    (err: unknown) =>
      err instanceof ApiError &&
      /refused user "coordinator": wrong user name or password/.test(err.message),
  );
  const otherCa = await createLabCertificates(join(dataDir, 'other-ca'));
  await assert.rejects(
    connectWithCredentials({ ...good, caFile: otherCa.caFile }, { reconnect: false }),
    (err: unknown) =>
      err instanceof ApiError &&
      err.field === 'caFile' &&
      /certificate the CA file does not vouch for/.test(err.message),
  );
  await assert.rejects(
    connectWithCredentials({ ...good, url: 'tls://127.0.0.1:1' }, { reconnect: false }),
    (err: unknown) =>
      err instanceof ApiError &&
      err.kind === 'unavailable' &&
      /connection refused/.test(err.message),
  );
});

test('agent-1 may publish as itself but not as agent-2', async () => {
  const coordinator = await connectAs(broker.coordinatorCredentialsFile);
  const received: string[] = [];
  const sub = coordinator.subscribe('dirbench.agent.>', {
    callback: (_err, msg) => {
      received.push(msg.subject);
    },
  });
  await coordinator.flush();
  const agent = await connectAs(broker.agentCredentialFiles['agent-1'] ?? assert.fail());
  const errors = serverErrors(agent);
  agent.publish('dirbench.agent.agent-1.x', 'mine');
  agent.publish('dirbench.agent.agent-2.x', 'not mine');
  await agent.flush();
  assert.ok(
    await pollUntil(() => received.length >= 1 && errors.length >= 1, 5_000),
    `received ${received.join()}, errors ${errors.map((e) => e.message).join()}`,
  );
  await coordinator.flush();
  assert.deepEqual(received, ['dirbench.agent.agent-1.x']);
  assert.match(
    errors[0]?.message ?? '',
    /Permissions Violation for Publish to "dirbench\.agent\.agent-2\.x"/i,
  );
  sub.unsubscribe();
});

test("a JetStream stream on dirbench.agent.*.results.> takes an agent's publish with ack, duplicates once", async () => {
  const coordinator = await connectAs(broker.coordinatorCredentialsFile);
  const jsm = await jetstreamManager(coordinator);
  await jsm.streams.add({
    name: 'results_test',
    subjects: ['dirbench.agent.*.results.>'],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    duplicate_window: 60_000_000_000,
  });
  const agent = await connectAs(broker.agentCredentialFiles['agent-2'] ?? assert.fail());
  const js = jetstream(agent);
  const first = await js.publish('dirbench.agent.agent-2.results.run-1', 'second 1', {
    msgID: 'run-1/agent-2/1',
  });
  assert.equal(first.stream, 'results_test');
  assert.equal(first.seq, 1);
  assert.equal(first.duplicate, false);
  const again = await js.publish('dirbench.agent.agent-2.results.run-1', 'second 1', {
    msgID: 'run-1/agent-2/1',
  });
  assert.equal(again.duplicate, true);
  // Not as another agent: the broker refuses the publish, and the stream never sees it.
  await assert.rejects(
    js.publish('dirbench.agent.agent-1.results.run-1', 'forged', { timeout: 1_000 }),
    /Permissions Violation for Publish to "dirbench\.agent\.agent-1\.results\.run-1"/,
  );
  const info = await jsm.streams.info('results_test');
  assert.equal(info.state.messages, 1);
  assert.ok(
    existsSync(join(broker.dir, 'jetstream', 'jetstream')),
    'file storage in the broker folder',
  );
});

test(
  'broker start --json (CLI), list shows it, broker stop ends its process and deletes its secrets',
  { timeout: 90_000 },
  async () => {
    const cliData = join(dataDir, 'cli');
    const startRun = await runCli(
      ['broker', 'start', '--agents', 'rack1,rack2', '--json'],
      cliData,
      60_000,
    );
    assert.equal(startRun.code, 0, startRun.stderr);
    const json = JSON.parse(startRun.stdout) as Record<string, unknown> & BrokerInfo;
    for (const key of [
      'id',
      'url',
      'caFile',
      'coordinatorCredentialsFile',
      'agentCredentialsFile',
      'agentCredentialFiles',
      'agents',
    ])
      assert.ok(key in json, `start --json lacks ${key}`);
    assert.deepEqual(json.agents, ['rack1', 'rack2']);
    assert.deepEqual(Object.keys(json.agentCredentialFiles), ['rack1', 'rack2']);
    const pid = json.pid ?? assert.fail('no pid');
    const config = join(json.dir, 'nats.conf');
    started.push([pid, config]);
    for (const file of [json.coordinatorCredentialsFile, json.agentCredentialsFile])
      assert.ok(
        !startRun.stdout.includes(
          readFileSync(file, 'utf8').match(/"password": "([^"]+)"/)?.[1] ?? '?',
        ),
        'a password was printed',
      );

    // The command has exited; the broker (persistent) still serves.
    const nc = await connectAs(json.coordinatorCredentialsFile);
    await nc.flush();

    const listRun = await runCli(['broker', 'list', '--json'], cliData, 30_000);
    assert.equal(listRun.code, 0, listRun.stderr);
    const listed = JSON.parse(listRun.stdout) as BrokerInfo[];
    assert.deepEqual(
      listed.map((b) => [b.id, b.state, b.pid]),
      [[json.id, 'running', pid]],
    );

    const stopRun = await runCli(['broker', 'stop', json.id], cliData, 30_000);
    assert.equal(stopRun.code, 0, stopRun.stderr);
    assert.ok(
      await pollUntil(() => processCommandLine(pid) === null, 5_000),
      `nats-server ${pid} still runs`,
    );
    assert.ok(
      !existsSync(json.coordinatorCredentialsFile) && !existsSync(config),
      'secrets left behind',
    );
    const afterStop = JSON.parse(
      (await runCli(['broker', 'list', '--json'], cliData, 30_000)).stdout,
    ) as BrokerInfo[];
    assert.equal(afterStop[0]?.state, 'stopped');
  },
);

test('broker start --port on a port another program holds exits 1 at once, naming it, and records nothing', async (t) => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => holder.close(() => resolve())));
  const port = (holder.address() as { port: number }).port;
  const cliData = join(dataDir, 'cli-port');
  // Before, nats-server's log was dumped and the command waited on the holder's silent socket.
  const run = await runCli(['broker', 'start', '--port', String(port)], cliData, 20_000);
  assert.equal(run.code, 1, run.stderr);
  assert.equal(
    run.stderr,
    `dirbench: port ${port} on 127.0.0.1 is already in use by another program: choose another port, or leave it out for a free one\n`,
  );
  const listed = await runCli(['broker', 'list', '--json'], cliData, 30_000);
  assert.deepEqual(JSON.parse(listed.stdout), []);
});

test(
  'a broker dies with the process that owns it and is then reaped; the reaper stops a survivor',
  { timeout: 90_000 },
  async () => {
    const dbFile = join(dataDir, 'dirbench.sqlite');
    const owner = spawn(process.execPath, [fixture, dataDir, dbFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const lines = createInterface({ input: owner.stdout });
      const line = await Promise.race([
        (async () => {
          for await (const l of lines) return l;
          return '';
        })(),
        new Promise<string>((_, reject) => {
          owner.once('exit', (code) => reject(new Error(`fixture exited (${code})`)));
          setTimeout(
            () => reject(new Error('fixture did not start a broker in 60 s')),
            60_000,
          ).unref();
        }),
      ]);
      lines.close();
      const owned = track(JSON.parse(line) as BrokerInfo);
      const config = join(owned.dir, 'nats.conf');
      const pid = owned.pid ?? assert.fail('no pid');
      assert.ok(isBrokerProcess(pid, config));
      owner.kill('SIGKILL');
      assert.ok(
        await pollUntil(() => !isBrokerProcess(pid, config), 5_000),
        'nats-server outlived its owner',
      );
      await manager.reapOrphans();
      const reaped = manager.get(owned.id);
      assert.equal(reaped?.state, 'stopped');
      assert.match(reaped?.error ?? '', /DirBench process that started it had exited/);
      assert.ok(!existsSync(owned.coordinatorCredentialsFile), 'secrets left behind');
    } finally {
      if (owner.exitCode === null && owner.signalCode === null) owner.kill('SIGKILL');
    }

    // A server the watchdog could not stop (here: a persistent one recorded as owned by the dead process).
    const survivor = track(await manager.start({ agents: ['agent-1'], persistent: true }));
    const registry = new BrokersRepo(db);
    registry.update(survivor.id, { ownerPid: owner.pid ?? null });
    await manager.reapOrphans();
    const survivorPid = survivor.pid ?? assert.fail('no pid');
    assert.ok(
      await pollUntil(() => processCommandLine(survivorPid) === null, 5_000),
      'the reaper left nats-server running',
    );
    assert.equal(manager.get(survivor.id)?.state, 'stopped');
  },
);
