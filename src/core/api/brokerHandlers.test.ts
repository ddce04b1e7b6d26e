import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import type { BrokerUsers } from '../agents/brokerUse.ts';
import type { StoredBroker } from '../broker/brokerRecord.ts';
import { requireNatsServer } from '../broker/natsServer.ts';
import { localAgentsOf, managerOf, stoppedBroker } from '../testing/brokerFixture.ts';
import { tempDir } from '../testing/tempDirFixture.ts';
import { thrownBy } from '../testing/thrownBy.ts';
import { brokerHandlers } from './brokerHandlers.ts';
import { API_VALIDATORS } from './validators.ts';

const NOBODY: BrokerUsers = { activeRunBroker: () => null, activeCampaignBroker: () => null };

function handlersWith(
  dir: string,
  brokers: StoredBroker[],
  options: { users?: BrokerUsers; natsServer?: () => string } = {},
) {
  const manager = managerOf(dir, brokers, options.natsServer);
  return brokerHandlers({
    brokers: manager,
    localAgents: localAgentsOf((id) => manager.get(id)),
    users: options.users ?? NOBODY,
  });
}

/** Checks that `call` rejects with an ApiError and returns it. */
async function refusal(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  return assert.fail('the call was not refused');
}

/** A loopback listener another program might hold, closed after test `t`. */
async function heldPort(t: TestContext): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as { port: number }).port;
}

test("brokers/list shows where each broker is, its state and its agents' and CA's paths, never the coordinator's files", async (t) => {
  const dir = await tempDir(t, 'dirbench-broker-handlers-');
  const listed = await handlersWith(dir, [stoppedBroker(dir)])['brokers/list']();
  assert.deepEqual(listed, [
    {
      id: 'b1',
      url: 'tls://127.0.0.1:4222',
      agentUrl: 'tls://127.0.0.1:4222',
      listen: '127.0.0.1',
      port: 4222,
      state: 'stopped',
      pid: null,
      serverVersion: '2.9.25',
      persistent: true,
      agents: ['a1'],
      agentCredentialFiles: { a1: join(dir, 'a1.creds.json') },
      caFile: join(dir, 'ca.pem'),
      error: null,
      createdAt: '2026-11-27T20:00:00.000Z',
    },
  ]);
  assert.doesNotMatch(JSON.stringify(listed), /coordinator|agent\.creds/);
});

test('brokers/start without nats-server says how to install it, and records nothing', async (t) => {
  const dir = await tempDir(t, 'dirbench-broker-handlers-');
  const brokers: StoredBroker[] = [];
  const handlers = handlersWith(dir, brokers, { natsServer: () => requireNatsServer([]) });
  const err = await refusal(handlers['brokers/start']({}));
  assert.equal(err.kind, 'unavailable');
  assert.match(err.message, /^nats-server is not installed\. On Debian\/Ubuntu: sudo apt-get/);
  assert.equal(brokers.length, 0);
});

test('brokers/start on a port another program holds is refused naming the port; nothing is written', async (t) => {
  const dir = await tempDir(t, 'dirbench-broker-handlers-');
  const port = await heldPort(t);
  const brokers: StoredBroker[] = [];
  const handlers = handlersWith(dir, brokers);
  const taken = await refusal(handlers['brokers/start']({ port }));
  assert.equal(taken.kind, 'conflict');
  assert.equal(taken.field, 'port');
  assert.equal(
    taken.message,
    `port ${port} on 127.0.0.1 is already in use by another program: choose another port, or leave it out for a free one`,
  );
  const foreign = await refusal(handlers['brokers/start']({ listen: '192.0.2.7', port }));
  assert.equal(foreign.field, 'listen');
  assert.match(foreign.message, /listen address 192\.0\.2\.7 is not an address of this machine/);
  assert.equal(brokers.length, 0);
  assert.deepEqual(existsSync(join(dir, 'brokers')) ? readdirSync(join(dir, 'brokers')) : [], []);
});

test('brokers/stop asks first when a run takes its load from the broker; confirmed, it stops', async (t) => {
  const dir = await tempDir(t, 'dirbench-broker-handlers-');
  // A process that passes for its nats-server (its command line names both); nobody listens on
  // the broker's port, so no agent can be connected.
  const stand = spawn(
    process.execPath,
    ['-e', 'setTimeout(() => {}, 60_000)', 'nats-server', join(dir, 'nats.conf')],
    { stdio: 'ignore' },
  );
  t.after(() => stand.kill('SIGKILL'));
  const exited = new Promise((resolve) => stand.once('exit', resolve));
  const brokers = [stoppedBroker(dir, { state: 'running', pid: stand.pid ?? null })];
  const url = brokers[0]?.url;
  const users: BrokerUsers = {
    activeRunBroker: () => url ?? null,
    activeCampaignBroker: () => 'b1',
  };
  const handlers = handlersWith(dir, brokers, { users });
  const asked = await refusal(handlers['brokers/stop']({ id: 'b1' }));
  assert.equal(asked.code, 'needs-confirmation');
  assert.equal(asked.field, 'confirmed');
  assert.equal(
    asked.detail,
    "the run in progress takes its load from it; the campaign in progress takes its cells' load from it",
  );
  assert.equal(brokers[0]?.state, 'running');
  const stopped = await handlers['brokers/stop']({ id: 'b1', confirmed: true });
  assert.equal(stopped.state, 'stopped');
  await exited;
  // Nothing uses a stopped broker: stopping it again asks nothing.
  assert.equal((await handlers['brokers/stop']({ id: 'b1' })).state, 'stopped');
  const unknown = await refusal(handlers['brokers/stop']({ id: 'nope' }));
  assert.equal(unknown.kind, 'not-found');
  assert.equal(unknown.field, 'id');
});

test('brokers/* and agents/start|stop requests: names, ports and flags checked by type', () => {
  const start = API_VALIDATORS['brokers/start'];
  assert.deepEqual(start({}), {});
  assert.deepEqual(start({ agents: [' rack1', 'rack2 '], listen: ' 0.0.0.0 ', port: 4222 }), {
    agents: ['rack1', 'rack2'],
    listen: '0.0.0.0',
    port: 4222,
  });
  for (const [req, field] of [
    [{ agents: 'rack1' }, 'agents'],
    [{ agents: ['rack 1'] }, 'agents'],
    [{ agents: ['a', 'A'] }, 'agents'],
    [{ port: '4222' }, 'port'],
    [{ port: 70_000 }, 'port'],
    [{ listen: 3 }, 'listen'],
  ] as const) {
    assert.equal(thrownBy(() => start(req), ApiError, JSON.stringify(req)).field, field);
  }
  assert.deepEqual(API_VALIDATORS['brokers/stop']({ id: 'b1', confirmed: true }), {
    id: 'b1',
    confirmed: true,
  });
  assert.equal(
    thrownBy(() => API_VALIDATORS['brokers/stop']({ id: 'b1', confirmed: 'yes' }), ApiError, 'yes')
      .field,
    'confirmed',
  );
  assert.deepEqual(
    API_VALIDATORS['agents/start']({ broker: 'b1', name: 'rack1', confirmed: true }),
    {
      broker: 'b1',
      name: 'rack1',
    },
  );
  assert.equal(
    thrownBy(() => API_VALIDATORS['agents/stop']({ broker: 'b1', name: '' }), ApiError, 'blank')
      .field,
    'name',
  );
});
