// A broker record, a BrokerManager over a list of records and local agents over it, for tests of
// the broker and agent handlers that need no nats-server.
import { join } from 'node:path';
import { LocalAgents } from '../agents/localAgents.ts';
import type { LocalAgentsOptions } from '../agents/localAgents.ts';
import type { BrokerLookup } from '../agents/runAgents.ts';
import { BrokerManager } from '../broker/brokerManager.ts';
import type { StoredBroker } from '../broker/brokerRecord.ts';

/** A stopped broker record in `dir` with every file field set, so a leak into a listing would show. */
export function stoppedBroker(dir: string, patch: Partial<StoredBroker> = {}): StoredBroker {
  return {
    id: 'b1',
    state: 'stopped',
    pid: null,
    listen: '127.0.0.1',
    port: 4222,
    url: 'tls://127.0.0.1:4222',
    agentUrl: 'tls://127.0.0.1:4222',
    caFile: join(dir, 'ca.pem'),
    coordinatorCredentialsFile: join(dir, 'coordinator.creds.json'),
    agentCredentialsFile: join(dir, 'agent.creds.json'),
    agentCredentialFiles: { a1: join(dir, 'a1.creds.json') },
    agents: ['a1'],
    persistent: true,
    dir,
    serverVersion: '2.9.25',
    error: null,
    createdAt: '2026-11-27T20:00:00.000Z',
    ownerPid: null,
    ...patch,
  };
}

/** A manager whose registry holds `brokers` (updates patch them in place); `natsServer` as given. */
export function managerOf(
  dir: string,
  brokers: StoredBroker[],
  natsServer: () => string = () => '/bin/false',
): BrokerManager {
  return new BrokerManager({
    dataDir: dir,
    registry: {
      insert: (b) => void brokers.push(b),
      update: (id, patch) => {
        const i = brokers.findIndex((b) => b.id === id);
        const found = brokers[i];
        if (found !== undefined) brokers[i] = { ...found, ...patch };
      },
      get: (id) => brokers.find((b) => b.id === id) ?? null,
      list: () => brokers,
    },
    natsServer,
  });
}

/** Local agents over the brokers `lookup` finds that start no workers (`start` as given, if any). */
export function localAgentsOf(
  lookup: BrokerLookup,
  options: Partial<Pick<LocalAgentsOptions, 'start' | 'onChange'>> = {},
): LocalAgents {
  return new LocalAgents({
    launcher: () => {
      throw new Error('this test starts no worker');
    },
    brokers: lookup,
    onChange: options.onChange ?? (() => undefined),
    log: () => undefined,
    ...(options.start === undefined ? {} : { start: options.start }),
  });
}
