import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { StoredBroker } from '../broker/brokerRecord.ts';
import { BrokersRepo } from './brokersRepo.ts';
import { openDatabase } from './database.ts';

function broker(id: string, createdAt: string): StoredBroker {
  const dir = `/data/brokers/${id}`;
  return {
    id,
    state: 'starting',
    pid: null,
    listen: '127.0.0.1',
    port: 4223,
    url: 'tls://127.0.0.1:4223',
    agentUrl: 'tls://127.0.0.1:4223',
    caFile: `${dir}/tls/ca.pem`,
    coordinatorCredentialsFile: `${dir}/coordinator.creds.json`,
    agentCredentialsFile: `${dir}/agents.creds.json`,
    agentCredentialFiles: { 'agent-1': `${dir}/agent-agent-1.creds.json` },
    agents: ['agent-1'],
    persistent: false,
    dir,
    serverVersion: null,
    error: null,
    createdAt,
    ownerPid: 1234,
  };
}

test('brokers are stored, updated and listed newest first', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-brokers-repo-'));
  const db = openDatabase(join(dir, 'db.sqlite'));
  t.after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const repo = new BrokersRepo(db);
  repo.insert(broker('broker-aaaaaa', '2026-01-01T00:00:00.000Z'));
  repo.insert(broker('broker-bbbbbb', '2026-01-02T00:00:00.000Z'));
  repo.update('broker-aaaaaa', { state: 'running', pid: 42, ownerPid: null });
  repo.update('broker-unknown', { state: 'running' });
  assert.deepEqual(repo.get('broker-aaaaaa'), {
    ...broker('broker-aaaaaa', '2026-01-01T00:00:00.000Z'),
    state: 'running',
    pid: 42,
    ownerPid: null,
  });
  assert.equal(repo.get('broker-unknown'), null);
  assert.deepEqual(
    repo.list().map((b) => [b.id, b.state]),
    [
      ['broker-bbbbbb', 'starting'],
      ['broker-aaaaaa', 'running'],
    ],
  );
  const row = db.prepare("SELECT state, owner_pid FROM brokers WHERE id = 'broker-bbbbbb'").get();
  assert.deepEqual(row, { state: 'starting', owner_pid: 1234 });
});
