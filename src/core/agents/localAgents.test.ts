import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LocalAgent } from '../../shared/agentTypes.ts';
import { ApiError } from '../../shared/errors.ts';
import type { StoredBroker } from '../broker/brokerRecord.ts';
import { localAgentsOf, stoppedBroker } from '../testing/brokerFixture.ts';
import { tempDir } from '../testing/tempDirFixture.ts';
import type { AgentEnd, AgentOptions, RunningAgent } from './agentProcess.ts';

/** A stand-in for startAgent: records what it was given; each agent ends when told. */
class FakeStarts {
  readonly started: AgentOptions[] = [];
  readonly ends = new Map<string, (end: AgentEnd) => void>();
  busy = false;
  refuse: string | null = null;

  start = async (options: AgentOptions): Promise<RunningAgent> => {
    this.started.push(options);
    if (this.refuse !== null) throw new ApiError('failed', this.refuse);
    let finish: (end: AgentEnd) => void = () => undefined;
    const ended = new Promise<AgentEnd>((resolve) => (finish = resolve));
    this.ends.set(options.name ?? '', finish);
    return {
      ended,
      stop: async (reason) => {
        finish({ code: 0, reason });
        return ended;
      },
      busy: () => this.busy,
    };
  };
}

/** A broker recorded as running (taken as recorded: no nats-server behind it). */
async function setUp(t: Parameters<typeof tempDir>[0]) {
  const dir = await tempDir(t, 'dirbench-local-agents-');
  const broker = stoppedBroker(dir, {
    state: 'running',
    agents: ['rack1', 'rack2'],
    agentCredentialFiles: { rack1: `${dir}/agent-rack1.creds.json`, rack2: `${dir}/r2.json` },
  });
  const brokers: StoredBroker[] = [broker];
  const fake = new FakeStarts();
  const changes: LocalAgent[] = [];
  const agents = localAgentsOf((id) => brokers.find((b) => b.id === id) ?? null, {
    start: fake.start,
    onChange: (a) => changes.push(a),
  });
  return { brokers, fake, changes, agents };
}

test("an agent started here runs with the broker's file for it, the host's launcher, and stops when told", async (t) => {
  const { fake, changes, agents } = await setUp(t);
  const started = await agents.start('b1', 'rack1');
  assert.equal(started.state, 'running');
  assert.equal(fake.started[0]?.credentialsFile.endsWith('agent-rack1.creds.json'), true);
  assert.equal(typeof fake.started[0]?.launcher, 'function');
  assert.equal(fake.started[0]?.url, 'tls://127.0.0.1:4222');
  assert.deepEqual(agents.runningFor('b1'), ['rack1']);
  const again = await agents.start('b1', 'rack1').catch((err: unknown) => err);
  assert.ok(again instanceof ApiError && again.kind === 'conflict', String(again));
  const stopped = await agents.stop('b1', 'rack1');
  assert.equal(stopped.state, 'stopped');
  assert.equal(stopped.reason, 'stopped from DirBench');
  assert.deepEqual(
    changes.map((c) => c.state),
    ['starting', 'running', 'stopping', 'stopped'],
  );
  // Stopped, it may run again.
  assert.equal((await agents.start('b1', 'rack1')).state, 'running');
});

test('an agent hosting a run needs a confirmed stop; one that ends by itself is failed with its reason', async (t) => {
  const { fake, agents } = await setUp(t);
  await agents.start('b1', 'rack1');
  fake.busy = true;
  assert.equal(agents.busyFor('b1'), true);
  const asked = await agents.stop('b1', 'rack1').catch((err: unknown) => err);
  assert.ok(asked instanceof ApiError && asked.code === 'needs-confirmation', String(asked));
  assert.match(asked.detail ?? '', /agent rack1 is running a run's workers/);
  assert.equal((await agents.stop('b1', 'rack1', true)).state, 'stopped');

  await agents.start('b1', 'rack2');
  fake.ends.get('rack2')?.({ code: 1, reason: 'the broker has been unreachable for 5.0 s' });
  await new Promise((resolve) => setImmediate(resolve));
  const rack2 = agents.list().find((a) => a.name === 'rack2');
  assert.equal(rack2?.state, 'failed');
  assert.equal(rack2?.reason, 'the broker has been unreachable for 5.0 s');
});

test('refusals name the field: unknown broker, a stopped one, a name it lacks; a failed connect is recorded', async (t) => {
  const { brokers, fake, agents } = await setUp(t);
  const field = async (broker: string, name: string) => {
    const err = await agents.start(broker, name).catch((e: unknown) => e);
    assert.ok(err instanceof ApiError, String(err));
    return [err.field, err.message];
  };
  assert.deepEqual(await field('nope', 'rack1'), [
    'broker',
    'there is no broker "nope" on this machine',
  ]);
  assert.deepEqual(await field('b1', 'rack3'), [
    'name',
    'broker b1 has no agent "rack3"; its agents are rack1, rack2',
  ]);
  fake.refuse = 'The broker at tls://127.0.0.1:4222 refused user "rack1"';
  await field('b1', 'rack1');
  assert.deepEqual(
    agents.list().map((a) => [a.name, a.state, a.reason]),
    [['rack1', 'failed', fake.refuse]],
  );
  brokers[0] = { ...(brokers[0] ?? assert.fail()), state: 'stopped' };
  assert.deepEqual(await field('b1', 'rack1'), [
    'broker',
    'broker b1 is stopped, not running; start one',
  ]);
});

test("stopping a broker's agents forgets them; stopAll stops every one", async (t) => {
  const { agents } = await setUp(t);
  await agents.start('b1', 'rack1');
  await agents.start('b1', 'rack2');
  await agents.stopFor('b1');
  assert.deepEqual(agents.list(), []);
  await agents.start('b1', 'rack1');
  await agents.stopAll();
  assert.deepEqual(agents.list(), []);
});
