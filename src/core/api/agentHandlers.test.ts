import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import type { StoredBroker } from '../broker/brokerRecord.ts';
import { localAgentsOf, managerOf, stoppedBroker } from '../testing/brokerFixture.ts';
import { tempDir } from '../testing/tempDirFixture.ts';
import { thrownBy } from '../testing/thrownBy.ts';
import { agentHandlers } from './agentHandlers.ts';
import { API_VALIDATORS } from './validators.ts';

function handlersWith(dir: string, brokers: StoredBroker[]) {
  const manager = managerOf(dir, brokers);
  const lookup = (id: string) => manager.get(id);
  return agentHandlers(lookup, localAgentsOf(lookup));
}

/** A loopback port nobody listens on (just freed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('agents/list requests: a broker is required, files are optional text', () => {
  const check = API_VALIDATORS['agents/list'];
  for (const req of [{}, { broker: '  ' }]) {
    const err = thrownBy(() => check(req), ApiError, 'a missing broker is refused');
    assert.equal(err.field, 'broker');
    assert.match(err.message, /broker id .* or a tls:\/\/ URL/);
  }
  assert.equal(
    thrownBy(() => check({ broker: 'b1', caFile: 3 }), ApiError, 'caFile').field,
    'caFile',
  );
  assert.deepEqual(check({ broker: ' b1 ', caFile: '', credentialsFile: ' c.json ' }), {
    broker: 'b1',
    credentialsFile: 'c.json',
  });
});

test('agents/list names the field at fault: unknown or stopped broker, URL without credentials, nobody there', async (t) => {
  const dir = await tempDir(t, 'dirbench-agent-handlers-');
  const handlers = handlersWith(dir, [stoppedBroker(dir)]);
  const refusal = async (req: { broker: string; credentialsFile?: string }) => {
    try {
      await handlers['agents/list'](req);
    } catch (err) {
      if (err instanceof ApiError) return err;
      throw err;
    }
    return assert.fail(`${JSON.stringify(req)} was not refused`);
  };
  const unknown = await refusal({ broker: 'nope' });
  assert.equal(unknown.field, 'broker');
  assert.match(unknown.message, /no broker "nope"/);
  const stopped = await refusal({ broker: 'b1' });
  assert.equal(stopped.field, 'broker');
  assert.match(stopped.message, /stopped, not running/);
  const bare = await refusal({ broker: 'tls://127.0.0.1:4222' });
  assert.equal(bare.field, 'credentialsFile');

  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, 'not used: nothing listens');
  const url = `tls://127.0.0.1:${await closedPort()}`;
  const credentialsFile = join(dir, 'coordinator.creds.json');
  writeFileSync(
    credentialsFile,
    JSON.stringify({ url, caFile, user: 'coordinator', password: 'x' }),
  );
  const away = await refusal({ broker: url, credentialsFile });
  assert.equal(away.kind, 'unavailable');
  assert.equal(away.field, 'broker');
  assert.match(away.message, /No broker answers at tls:\/\/127\.0\.0\.1:\d+/);
});
