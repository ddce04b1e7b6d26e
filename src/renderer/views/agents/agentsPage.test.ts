import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AgentListing, LocalAgent } from '../../../shared/agentTypes.ts';
import { agentRows, connectedCount } from './agentRows.ts';
import { agentSetupCommands, urlHost } from './agentSetup.ts';
import { agentNamesOf, brokerFormErrors, toBrokerStartRequest } from './brokerForm.ts';

const NOW_MS = Date.parse('2026-12-06T10:00:10.000Z');

function heard(name: string, state: AgentListing['state'], lastSeenMs = 500): AgentListing {
  return {
    name,
    host: 'bench',
    version: '1.0.0',
    state,
    lastSeenMs,
    clockOffsetMs: 0.1,
    clockUncertaintyMs: 0.2,
    cores: 2,
    cpuPercent: 1,
    eventLoopUtilization: 0.01,
  };
}

function local(
  name: string,
  state: LocalAgent['state'],
  endedAt: string | null = null,
): LocalAgent {
  return {
    broker: 'b1',
    name,
    state,
    reason: null,
    startedAt: '2026-12-06T10:00:00.000Z',
    endedAt,
  };
}

test("every name of the broker has a row; one run here shows the host's state until heard", () => {
  const rows = agentRows(
    ['a1', 'a2', 'a3'],
    [heard('a2', 'idle')],
    [local('a1', 'running')],
    NOW_MS,
  );
  assert.deepEqual(
    rows.map((r) => [r.name, r.state, r.canStart, r.canStop]),
    [
      ['a1', 'starting', false, true],
      ['a2', 'idle', false, false],
      ['a3', 'not-connected', true, false],
    ],
  );
  const heardToo = agentRows(['a1'], [heard('a1', 'running')], [local('a1', 'running')], NOW_MS);
  assert.deepEqual(
    heardToo.map((r) => [r.state, r.heard?.state, r.canStop]),
    [['running', 'running', true]],
  );
  const stopping = agentRows(['a1'], [heard('a1', 'idle')], [local('a1', 'stopping')], NOW_MS);
  assert.deepEqual(
    stopping.map((r) => [r.state, r.canStop]),
    [['stopping', false]],
  );
});

test('an agent that ended here shows its end over its older heartbeat, and may start again', () => {
  // Stopped 2 s ago; its last heartbeat was 3 s ago.
  const stopped = local('a1', 'stopped', '2026-12-06T10:00:08.000Z');
  const rows = agentRows(['a1'], [heard('a1', 'idle', 3_000)], [stopped], NOW_MS);
  assert.deepEqual(
    rows.map((r) => [r.state, r.heard, r.canStart]),
    [['stopped', undefined, true]],
  );
  assert.equal(connectedCount(rows), 0);
  // A heartbeat 1 s ago comes from an agent of that name elsewhere.
  const elsewhere = agentRows(['a1'], [heard('a1', 'idle', 1_000)], [stopped], NOW_MS);
  assert.equal(connectedCount(elsewhere), 1);
  assert.deepEqual(
    elsewhere.map((r) => [r.state, r.canStart]),
    [['idle', false]],
  );
  const failed = agentRows(['a1'], [], [local('a1', 'failed', '2026-12-06T10:00:08.000Z')], NOW_MS);
  assert.deepEqual(
    failed.map((r) => [r.state, r.canStart]),
    [['failed', true]],
  );
});

test('a lost agent may be started here; agents of a broker by URL are only listed', () => {
  const rows = agentRows(['a1'], [heard('a1', 'lost', 9_000)], [], NOW_MS);
  assert.deepEqual(
    rows.map((r) => [r.state, r.canStart]),
    [['lost', true]],
  );
  const remote = agentRows([], [heard('r1', 'idle')], [], NOW_MS);
  assert.deepEqual(
    remote.map((r) => [r.name, r.canStart, r.canStop]),
    [['r1', false, false]],
  );
});

test('the start form: names as a list or a count, reach, an optional port', () => {
  assert.deepEqual(agentNamesOf(' rack1, rack2 rack3,,'), ['rack1', 'rack2', 'rack3']);
  assert.deepEqual(agentNamesOf('3'), ['agent-1', 'agent-2', 'agent-3']);
  assert.deepEqual(brokerFormErrors({ agents: ' , ', reach: 'local', port: '' }), {
    agents: 'Name at least one agent, or give a count',
  });
  for (const port of ['0', '70000', '42.5', 'x'])
    assert.ok(brokerFormErrors({ agents: 'a', reach: 'local', port }).port, port);
  assert.deepEqual(toBrokerStartRequest({ agents: 'a, b', reach: 'network', port: ' 4222 ' }), {
    agents: ['a', 'b'],
    listen: '0.0.0.0',
    port: 4222,
  });
  assert.deepEqual(toBrokerStartRequest({ agents: '1', reach: 'local', port: '' }), {
    agents: ['agent-1'],
    listen: '127.0.0.1',
  });
});

test('commands for another machine copy both files and name the address agents reach', () => {
  const broker = {
    agentUrl: 'tls://bench-host:4222',
    listen: '0.0.0.0',
    caFile: '/data/brokers/b1/tls/ca.pem',
    agentCredentialFiles: { rack1: '/data/brokers/b1/agent-rack1.creds.json' },
    agents: ['rack1'],
  };
  assert.deepEqual(agentSetupCommands(broker, 'rack1'), [
    {
      what: "Copy its files (on the agent's machine)",
      command:
        'scp bench-host:/data/brokers/b1/agent-rack1.creds.json bench-host:/data/brokers/b1/tls/ca.pem .',
    },
    {
      what: 'Start it there',
      command:
        'dirbench agent --name rack1 --credentials-file agent-rack1.creds.json --ca-file ca.pem --broker tls://bench-host:4222',
    },
  ]);
  assert.equal(urlHost('tls://[fd00::5]:4222'), '[fd00::5]');
  // On 127.0.0.1 only, other machines cannot connect: the command is for a terminal here.
  const local = { ...broker, listen: '127.0.0.1', agentUrl: 'tls://127.0.0.1:4222' };
  assert.deepEqual(agentSetupCommands(local, 'rack1'), [
    {
      what: 'Run it in a terminal here',
      command:
        'dirbench agent --name rack1 --credentials-file /data/brokers/b1/agent-rack1.creds.json',
    },
  ]);
});
