// Makes an ApacheDS lab's configuration out of the package's config.ldif: the example partition
// replaced by one for the lab's suffix with the profile's indexes, LDAP on a loopback port only,
// no LDAPS listener (it would take 0.0.0.0:10636 in every lab), no replication log.
import type { IndexProfile } from '../../../shared/workload.ts';
import { ConfigLdif } from '../configLdif.ts';

const SERVICE = 'ads-directoryServiceId=default,ou=config';
const PARTITIONS = `ou=partitions,${SERVICE}`;
const LDAP_SERVER = `ads-serverId=ldapServer,ou=servers,${SERVICE}`;
const LDAP_TRANSPORT = `ads-transportid=ldap,ou=transports,${LDAP_SERVER}`;
const LDAPS_TRANSPORT = `ads-transportid=ldaps,ou=transports,${LDAP_SERVER}`;

/** The partition holding the lab's entries (its id names its folder under partitions/). */
export const LAB_PARTITION_ID = 'lab';

/**
 * Indexes every JDBM partition keeps (the package's own partitions have them): the RDN, presence
 * and alias system indexes, objectClass, entryCSN and administrativeRole.
 */
export const SYSTEM_INDEXES = [
  'apacheRdn',
  'apachePresence',
  'apacheOneAlias',
  'apacheSubAlias',
  'apacheAlias',
  'objectClass',
  'entryCSN',
  'administrativeRole',
];

/** Largest entry cache a lab gets: each cached entry costs the JVM about 8 KB of heap. */
export const MAX_ENTRY_CACHE = 200_000;

/** Entries the partition caches: room for every entry (the package's partitions keep 10,000), up to MAX_ENTRY_CACHE. */
export function entryCacheSize(entries: number): number {
  return Math.min(MAX_ENTRY_CACHE, Math.max(10_000, entries));
}

/** What the lab's configuration is made for. */
export interface ApacheDsSettings {
  suffix: string;
  indexProfile: IndexProfile;
  /** Entries the lab will hold, for the entry cache. */
  entries: number;
}

/**
 * A JDBM index per attribute: ApacheDS has no per-type indexes; one index on an attribute serves
 * its equality, presence and substring filters alike, so `cn eq,sub,pres` and `cn eq` are the same.
 */
export function profileIndexAttributes(profile: IndexProfile): string[] {
  const system = new Set(SYSTEM_INDEXES.map((a) => a.toLowerCase()));
  const seen = new Set<string>();
  const found: string[] = [];
  for (const { attribute } of profile.indexes) {
    const key = attribute.toLowerCase();
    if (system.has(key) || seen.has(key)) continue;
    seen.add(key);
    found.push(attribute);
  }
  return found;
}

/** The lab's config.ldif text made from the package's `template` (server stopped, port unset). */
export function labConfig(template: string, settings: ApacheDsSettings): ConfigLdif {
  const config = ConfigLdif.parse(template);
  for (const dn of [PARTITIONS, LDAP_TRANSPORT, LDAP_SERVER]) {
    if (!config.has(dn)) throw new Error(`the package's config.ldif has no entry ${dn}`);
  }
  for (const partition of config.children(PARTITIONS)) {
    if (!/^ads-partitionId=system,/i.test(partition)) config.remove(partition);
  }
  config.remove(LDAPS_TRANSPORT);
  // Admin reads (the entry count) are unlimited anyway; other users get what they ask for, as on
  // the other kinds' labs, instead of ApacheDS's 1,000 entries and 15 s. Not 0: ApacheDS takes the
  // smaller of the request's limit and this one, and a non-admin search then times out at once.
  config.set(LDAP_SERVER, 'ads-maxSizeLimit', ['2147483647']);
  config.set(LDAP_SERVER, 'ads-maxTimeLimit', ['86400000']);
  config.set(LDAP_SERVER, 'ads-replEnabled', ['FALSE']);

  const partition = `ads-partitionId=${LAB_PARTITION_ID},${PARTITIONS}`;
  config.add(partition, {
    objectclass: ['top', 'ads-base', 'ads-partition', 'ads-jdbmPartition'],
    'ads-partitionid': [LAB_PARTITION_ID],
    'ads-partitionSuffix': [settings.suffix],
    'ads-jdbmpartitionoptimizerenabled': ['TRUE'],
    'ads-partitioncachesize': [String(entryCacheSize(settings.entries))],
    'ads-partitionsynconwrite': ['TRUE'],
    'ads-enabled': ['TRUE'],
  });
  const indexes = `ou=indexes,${partition}`;
  config.add(indexes, { objectclass: ['organizationalUnit', 'top'], ou: ['indexes'] });
  const attributes = [...SYSTEM_INDEXES, ...profileIndexAttributes(settings.indexProfile)];
  for (const attribute of attributes) {
    config.add(`ads-indexAttributeId=${attribute},${indexes}`, {
      objectclass: ['top', 'ads-base', 'ads-index', 'ads-jdbmIndex'],
      'ads-indexattributeid': [attribute],
      'ads-indexHasReverse': [attribute === 'apacheRdn' ? 'TRUE' : 'FALSE'],
      'ads-indexcachesize': ['100'],
      'ads-enabled': ['TRUE'],
    });
  }
  return config;
}

/** Puts the LDAP listener on 127.0.0.1:`port` in a lab configuration. */
export function setLdapPort(config: ConfigLdif, port: number): void {
  config.set(LDAP_TRANSPORT, 'ads-systemport', [String(port)]);
  config.set(LDAP_TRANSPORT, 'ads-transportaddress', ['127.0.0.1']);
}
