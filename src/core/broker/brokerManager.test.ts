import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import { BrokerManager } from './brokerManager.ts';
import type { BrokerRegistry, StoredBroker } from './brokerRecord.ts';
import { requireNatsServer } from './natsServer.ts';

/** A registry in memory. */
function memoryRegistry(): BrokerRegistry & { rows: Map<string, StoredBroker> } {
  const rows = new Map<string, StoredBroker>();
  return {
    rows,
    insert: (b) => void rows.set(b.id, b),
    update: (id, patch) => {
      const b = rows.get(id);
      if (b) rows.set(id, { ...b, ...patch });
    },
    get: (id) => rows.get(id) ?? null,
    list: () => [...rows.values()],
  };
}

test('without nats-server or with a bad request, start refuses before writing or recording anything', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dirbench-brokers-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const registry = memoryRegistry();
  const missing = new BrokerManager({
    dataDir,
    registry,
    natsServer: () => requireNatsServer([join(dataDir, 'no-bin')]),
  });
  await assert.rejects(
    missing.start(),
    (err: unknown) =>
      err instanceof ApiError &&
      err.kind === 'unavailable' &&
      /sudo apt-get install nats-server/.test(err.message),
  );
  const manager = new BrokerManager({ dataDir, registry, natsServer: () => '/bin/false' });
  const refusals: [Parameters<BrokerManager['start']>[0], string, RegExp][] = [
    [{ listen: 'example.com' }, 'listen', /must be an IP address/],
    [{ port: 70_000 }, 'port', /between 1 and 65535/],
    [{ agents: ['a', 'a.b'] }, 'agents', /"a\.b" must be 1-40/],
    [{ agents: [] }, 'agents', /at least one/],
  ];
  for (const [req, field, message] of refusals) {
    await assert.rejects(
      manager.start(req),
      (err: unknown) => err instanceof ApiError && err.field === field && message.test(err.message),
    );
  }
  assert.equal(registry.rows.size, 0);
  assert.equal(existsSync(join(dataDir, 'brokers')), false);
});

test('stop and get name an unknown broker; list of none is empty', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dirbench-brokers-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const manager = new BrokerManager({ dataDir, registry: memoryRegistry() });
  await assert.rejects(manager.stop('broker-000000'), /There is no broker "broker-000000"/);
  assert.equal(manager.get('broker-000000'), null);
  assert.deepEqual(manager.list(), []);
});
