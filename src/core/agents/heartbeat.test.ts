import assert from 'node:assert/strict';
import { test } from 'node:test';
import { heartbeatSubject } from '../broker/permissions.ts';
import { heartbeatContent, parseHeartbeat } from './heartbeat.ts';

const identity = { name: 'rack1', host: 'h1', version: '0.1.0', cores: 8 };

test('a heartbeat carries identity, state, CPU % of one core over the interval, event-loop use and send time', () => {
  const beat = heartbeatContent(
    identity,
    'idle',
    {
      cpuUsage: { user: 150_000, system: 50_000 },
      elapsedMs: 2_000,
      eventLoopUtilization: 0.01234,
    },
    1_700_000_000_000,
  );
  assert.deepEqual(beat, {
    name: 'rack1',
    host: 'h1',
    version: '0.1.0',
    cores: 8,
    state: 'idle',
    cpuPercent: 10,
    eventLoopUtilization: 0.012,
    sentAtMs: 1_700_000_000_000,
  });
  const zero = heartbeatContent(
    identity,
    'idle',
    { cpuUsage: { user: 5, system: 0 }, elapsedMs: 0, eventLoopUtilization: 0 },
    1,
  );
  assert.equal(zero.cpuPercent, 0);
});

test('heartbeats go to dirbench.agent.NAME.heartbeat and read back; other messages are not heartbeats', () => {
  assert.equal(heartbeatSubject('rack1'), 'dirbench.agent.rack1.heartbeat');
  const beat = heartbeatContent(
    identity,
    'idle',
    { cpuUsage: { user: 0, system: 0 }, elapsedMs: 2_000, eventLoopUtilization: 0 },
    5,
  );
  assert.deepEqual(parseHeartbeat(JSON.stringify(beat)), beat);
  for (const bad of ['', 'null', '[]', '{"name":"x"}', JSON.stringify({ ...beat, cores: 'x' })])
    assert.equal(parseHeartbeat(bad), null, bad);
});
