// 389 DS replicas: the loaded supplier becomes a replica of type supplier (id 1, with its
// changelog) and each consumer a read-only replica bound to by a replication manager entry; an
// agreement per consumer on the supplier, whose total update gives the consumer the supplier's
// entries (access rules included) with their replication metadata.
import { setTimeout as delay } from 'node:timers/promises';
import type { Client } from 'ldapts';
import { asRoot } from '../replicas/asRoot.ts';
import { baseValues } from '../replicas/baseValues.ts';
import type { ConsumerBuild, ReplicaSupport } from '../driver.ts';

/** The DN consumers let the supplier bind as (an entry in their cn=config). */
const MANAGER_DN = 'cn=replication manager,cn=config';
/** Replica id of the supplier; consumers all take the reserved read-only id. */
const SUPPLIER_ID = '1';
const CONSUMER_ID = '65535';
// A total update of a lab this size takes seconds; the margin covers a million entries.
const INIT_TIMEOUT_MS = 30 * 60_000;

/** DN of the replica entry of `suffix` (beside its mapping tree entry, named as the lab names it). */
function replicaDn(suffix: string): string {
  return `cn=replica,cn="${suffix}",cn=mapping tree,cn=config`;
}

/** The replica entry of `suffix` as a supplier (type 3, flags 1: keeps a changelog) or a consumer. */
function replicaEntry(suffix: string, role: 'supplier' | 'consumer'): Record<string, string[]> {
  return {
    objectClass: ['top', 'nsds5Replica', 'extensibleObject'],
    cn: ['replica'],
    nsDS5ReplicaRoot: [suffix],
    nsDS5ReplicaType: [role === 'supplier' ? '3' : '2'],
    nsDS5Flags: [role === 'supplier' ? '1' : '0'],
    nsDS5ReplicaId: [role === 'supplier' ? SUPPLIER_ID : CONSUMER_ID],
    ...(role === 'consumer' ? { nsDS5ReplicaBindDN: [MANAGER_DN] } : {}),
  };
}

/** Reads the agreement until its total update ends; throws with the server's words when it failed. */
async function waitForTotalUpdate(
  client: Client,
  agreementDn: string,
  signal: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + INIT_TIMEOUT_MS;
  for (;;) {
    signal.throwIfAborted();
    const { searchEntries } = await client.search(agreementDn, {
      scope: 'base',
      attributes: ['nsds5BeginReplicaRefresh', 'nsds5replicaLastInitStatus'],
    });
    const entry = searchEntries[0];
    const status = String([entry?.['nsds5replicaLastInitStatus'] ?? ''].flat()[0] ?? '');
    // ldapts lists an attribute asked for and absent as empty: the refresh is over once it is.
    const running = [entry?.['nsds5BeginReplicaRefresh'] ?? []].flat().length > 0;
    if (!running && /succeeded/i.test(status)) return;
    if (!running && status !== '' && !/in progress/i.test(status))
      throw new Error(`the total update of ${agreementDn} failed: ${status}`);
    if (Date.now() > deadline)
      throw new Error(`the total update of ${agreementDn} did not end: ${status || 'no status'}`);
    await delay(250);
  }
}

/** The RUV's replica elements (`{replica N url} maxcsn`), sorted and joined. */
async function replicaRuv(
  url: string,
  bindDn: string,
  password: string,
  suffix: string,
): Promise<string | null> {
  const ruv = await baseValues(url, bindDn, password, replicaDn(suffix), 'nsds50ruv');
  // Each replica's newest change; the oldest differs (a total update starts a consumer's anew).
  const newest = ruv
    .filter((v) => v.startsWith('{replica '))
    .map((v) => `${v.slice(0, v.indexOf('}') + 1)} ${v.split(' ').at(-1) ?? ''}`)
    .sort();
  return ruv.length === 0 ? null : newest.join(' | ');
}

/** How 389 DS labs replicate. */
export const ds389ReplicaSupport: ReplicaSupport = {
  // The supplier is made one once loaded, online: its changelog then starts with the first change.
  async prepareSupplier() {},
  async exportSupplier(config) {
    const url = `ldap://127.0.0.1:${config.port}`;
    await asRoot(url, config, (client) =>
      client.add(replicaDn(config.suffix), replicaEntry(config.suffix, 'supplier')),
    );
    // Consumers are initialized from the supplier: nothing is written to disk.
    return { ldifPath: null, dispose: () => undefined };
  },
  async prepareConsumer(build: ConsumerBuild, signal) {
    // An empty instance with the suffix's backend: the total update fills it.
    await build.driver.configure(build.consumer, signal);
  },
  async connectConsumer(build, consumerUrl, signal) {
    const { consumer, supplier } = build;
    await asRoot(consumerUrl, consumer, async (client) => {
      await client.add(MANAGER_DN, {
        objectClass: ['top', 'person'],
        cn: ['replication manager'],
        sn: ['replication manager'],
        userPassword: [consumer.rootPassword],
      });
      await client.add(replicaDn(consumer.suffix), replicaEntry(consumer.suffix, 'consumer'));
    });
    const agreementDn = `cn=to-replica-${build.number},${replicaDn(supplier.suffix)}`;
    await asRoot(build.supplierUrl, supplier, async (client) => {
      await client.add(agreementDn, {
        objectClass: ['top', 'nsds5replicationagreement'],
        cn: [`to-replica-${build.number}`],
        nsDS5ReplicaRoot: [supplier.suffix],
        nsDS5ReplicaHost: ['127.0.0.1'],
        nsDS5ReplicaPort: [String(consumer.port)],
        nsDS5ReplicaBindDN: [MANAGER_DN],
        nsDS5ReplicaBindMethod: ['SIMPLE'],
        nsDS5ReplicaTransportInfo: ['LDAP'],
        nsDS5ReplicaCredentials: [consumer.rootPassword],
        nsds5BeginReplicaRefresh: ['start'],
      });
      await waitForTotalUpdate(client, agreementDn, signal);
    });
  },
  syncState: replicaRuv,
};
