// OpenDJ replicas: the supplier runs a replication server (the changelog every consumer reads)
// and a replication domain of the suffix bound to it; each consumer runs only a domain bound to the
// supplier's replication server, and is filled by OpenDJ's own total update (an initialize task
// pulling the suffix from the supplier). Replication sessions authenticate by the servers' instance
// certificates, which dsreplication would exchange through the admin data; the consumers get a
// copy of the supplier's ADS trust store instead, so all of them hold and trust one certificate.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Client } from 'ldapts';
import { MAX_LAB_REPLICAS } from '../../../shared/labTypes.ts';
import { freePort } from '../freePort.ts';
import { ConfigLdif } from '../configLdif.ts';
import { heapMib, importHeapMib, javaProperties } from './labSettings.ts';
import { openDjLayout } from './layout.ts';
import { asRoot } from '../replicas/asRoot.ts';
import { baseValues } from '../replicas/baseValues.ts';
import type { ConsumerBuild, LabServerConfig, ReplicaSupport } from '../driver.ts';

const PROVIDER = 'cn=Multimaster Synchronization,cn=Synchronization Providers,cn=config';
const REPLICATION_SERVER = `cn=replication server,${PROVIDER}`;
const DOMAINS = `cn=domains,${PROVIDER}`;
/** Domain server id of the supplier; consumer n takes 1 + n. */
const SUPPLIER_ID = 1;
/** The replication server's own id (a namespace of its own, kept apart for readability). */
const REPLICATION_SERVER_ID = 100;
/** The trust store files (the instance key pair and the pin opening it) consumers share. */
const ADS_FILES = ['ads-truststore', 'ads-truststore.pin'];
// A total update of a lab this size takes seconds; the margin covers a million entries.
const INIT_TIMEOUT_MS = 30 * 60_000;
// A consumer's domain finds the supplier's in the replication server within seconds of starting.
const TOPOLOGY_TIMEOUT_MS = 60_000;

/**
 * Rewrites the JVM heaps of the OpenDJ in `config.labDir` so that a supplier and the most replicas
 * a lab may have fit in memory together: each is sized as on a machine of a fifth of the memory
 * times two (heapMib takes at most half the machine), a small lab's heap being the same as alone.
 */
function shareHeaps(config: LabServerConfig): void {
  const path = openDjLayout(config.labDir).javaProperties;
  const current = readFileSync(path, 'utf8');
  const javaHome = /^default\.java-home=(.*)$/m.exec(current)?.[1];
  if (javaHome === undefined) throw new Error(`${path} names no default.java-home`);
  const share = (totalmem() * 2) / (MAX_LAB_REPLICAS + 1);
  const heaps = {
    server: heapMib(config.entries, share),
    import: importHeapMib(config.entries, share),
  };
  writeFileSync(path, javaProperties(current, heaps, javaHome));
}

/** DN of the replication domain entry of `suffix`. */
function domainDn(suffix: string): string {
  return `cn=${suffix.replace(/([,+"\\<>;=])/g, '\\$1')},${DOMAINS}`;
}

/** Adds the domain of `suffix` (server `serverId`) bound to the replication server on `rsPort`. */
function addDomain(config: ConfigLdif, suffix: string, serverId: number, rsPort: number): void {
  config.add(domainDn(suffix), {
    objectClass: ['top', 'ds-cfg-replication-domain'],
    cn: [suffix],
    'ds-cfg-base-dn': [suffix],
    'ds-cfg-replication-server': [`127.0.0.1:${rsPort}`],
    'ds-cfg-server-id': [String(serverId)],
  });
}

/** The port of the supplier's replication server, from its configuration. */
function replicationPort(supplierDir: string): number {
  const config = ConfigLdif.read(openDjLayout(supplierDir).configLdif);
  const port = Number(config.values(REPLICATION_SERVER, 'ds-cfg-replication-port')[0]);
  if (!Number.isInteger(port) || port <= 0) {
    throw new Error(`the supplier in ${supplierDir} has no replication server configured`);
  }
  return port;
}

/** The first value of `attribute` in `entry`, as text ('' when absent). */
function first(entry: Record<string, unknown> | undefined, attribute: string): string {
  return String([entry?.[attribute] ?? ''].flat()[0] ?? '');
}

/** Adds an initialize task on the consumer and waits for its end; answers its state and log. */
async function runInitialize(
  client: Client,
  suffix: string,
  signal: AbortSignal,
): Promise<{ state: string; log: string }> {
  const taskDn = `ds-task-id=dirbench-init-${Date.now()},cn=Scheduled Tasks,cn=Tasks`;
  await client.add(taskDn, {
    objectClass: ['top', 'ds-task', 'ds-task-initialize-from-remote-replica'],
    'ds-task-id': [taskDn.slice('ds-task-id='.length, taskDn.indexOf(','))],
    'ds-task-class-name': ['org.opends.server.tasks.InitializeTask'],
    'ds-task-initialize-domain-dn': [suffix],
    'ds-task-initialize-replica-server-id': [String(SUPPLIER_ID)],
  });
  const deadline = Date.now() + INIT_TIMEOUT_MS;
  for (;;) {
    signal.throwIfAborted();
    const { searchEntries } = await client.search(taskDn, {
      scope: 'base',
      attributes: ['ds-task-state', 'ds-task-log-message'],
    });
    const entry = searchEntries[0];
    const state = first(entry, 'ds-task-state');
    const log = [entry?.['ds-task-log-message'] ?? []].flat().map(String).join(' ');
    if (/^(COMPLETED|STOPPED|CANCELED)/i.test(state)) return { state, log };
    if (Date.now() > deadline) throw new Error(`the total update did not end: ${state} ${log}`);
    await delay(250);
  }
}

/**
 * Pulls the suffix from the supplier into the consumer at `url`; retried while the consumer's
 * domain has not yet seen the supplier's in the replication server (the task then fails at once).
 */
async function initializeConsumer(
  url: string,
  consumer: LabServerConfig,
  signal: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + TOPOLOGY_TIMEOUT_MS;
  await asRoot(url, consumer, async (client) => {
    for (;;) {
      const { state, log } = await runInitialize(client, consumer.suffix, signal);
      if (state === 'COMPLETED_SUCCESSFULLY') return;
      if (Date.now() > deadline) {
        throw new Error(
          `OpenDJ's total update of ${url} from the supplier ended ${state}: ${log}; see ${openDjLayout(consumer.labDir).errorLog}`,
        );
      }
      await delay(1000);
    }
  });
}

/** The generation id and server state (newest change per server) of the suffix, or null before replication. */
async function replicationState(
  url: string,
  bindDn: string,
  password: string,
  suffix: string,
): Promise<string | null> {
  const [generation, state] = await Promise.all([
    baseValues(url, bindDn, password, suffix, 'ds-sync-generation-id'),
    baseValues(url, bindDn, password, suffix, 'ds-sync-state'),
  ]);
  if (generation.length === 0) return null;
  return [`generation ${generation[0] ?? ''}`, ...[...state].sort()].join(' | ');
}

/** How OpenDJ labs replicate. */
export const openDjReplicaSupport: ReplicaSupport = {
  async prepareSupplier(config) {
    const layout = openDjLayout(config.labDir);
    const ldif = ConfigLdif.read(layout.configLdif);
    const rsPort = await freePort();
    ldif.add(REPLICATION_SERVER, {
      objectClass: ['top', 'ds-cfg-replication-server'],
      cn: ['replication server'],
      'ds-cfg-replication-port': [String(rsPort)],
      'ds-cfg-replication-server-id': [String(REPLICATION_SERVER_ID)],
    });
    addDomain(ldif, config.suffix, SUPPLIER_ID, rsPort);
    ldif.write(layout.configLdif);
    shareHeaps(config);
  },
  async exportSupplier() {
    // Consumers are initialized from the supplier over replication: nothing is written to disk.
    return { ldifPath: null, dispose: () => undefined };
  },
  async prepareConsumer(build: ConsumerBuild, signal) {
    // An empty instance with the suffix's backend: the total update fills it.
    await build.driver.configure(build.consumer, signal);
    shareHeaps(build.consumer);
    const supplierConfig = join(openDjLayout(build.supplier.labDir).installDir, 'config');
    const consumerLayout = openDjLayout(build.consumer.labDir);
    const consumerConfig = join(consumerLayout.installDir, 'config');
    for (const file of ADS_FILES) {
      const from = join(supplierConfig, file);
      // The supplier creates its instance key pair when it first starts; it has started by now.
      if (!existsSync(from)) throw new Error(`the supplier has no ${from} to share with replicas`);
      copyFileSync(from, join(consumerConfig, file));
    }
    const ldif = ConfigLdif.read(consumerLayout.configLdif);
    addDomain(
      ldif,
      build.consumer.suffix,
      SUPPLIER_ID + build.number,
      replicationPort(build.supplier.labDir),
    );
    ldif.write(consumerLayout.configLdif);
  },
  async connectConsumer(build, consumerUrl, signal) {
    await initializeConsumer(consumerUrl, build.consumer, signal);
  },
  syncState: replicationState,
};
