// The benchmark settings of an OpenDJ lab, applied to config.ldif and config/java.properties while
// the server is stopped: loopback only, the profile's indexes, no access log, no client limits.
import { readFileSync, writeFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import type { IndexProfile, IndexType } from '../../../shared/workload.ts';
import type { ConfigLdif } from '../configLdif.ts';

/** The backend setup creates for the base DN. */
export const BACKEND_ID = 'userRoot';

const ROOT_CONFIG = 'cn=config';
/** The plain LDAP listener's configuration entry. */
export const LDAP_HANDLER = 'cn=LDAP Connection Handler,cn=Connection Handlers,cn=config';
/** The administration connector's configuration entry (LDAPS, used by dsconfig and stop-ds). */
export const ADMIN_CONNECTOR = 'cn=Administration Connector,cn=config';
const INDEX_PARENT = `cn=Index,ds-cfg-backend-id=${BACKEND_ID},cn=Backends,cn=config`;
// Both per-operation loggers setup enables; the error logger stays (start-up problems go there).
const ACCESS_LOGGERS = [
  'cn=File-Based Access Logger,cn=Loggers,cn=config',
  'cn=Json File-Based Access Logger,cn=Loggers,cn=config',
];

/**
 * Indexes OpenDJ keeps for itself, left as setup makes them: ACI lookup at start-up (aci),
 * replication bookkeeping (ds-sync-*, entryUUID) and objectClass equality. Every other index setup
 * creates (cn, sn, givenName, mail, telephoneNumber, uid, member, uniqueMember) is removed so that
 * only what the profile names is indexed, as on the other lab servers.
 */
export const SYSTEM_INDEXES: Readonly<Record<string, readonly OpenDjIndexType[]>> = {
  aci: ['presence'],
  'ds-sync-conflict': ['equality'],
  'ds-sync-hist': ['ordering'],
  entryUUID: ['equality'],
  objectClass: ['equality'],
};

/** OpenDJ's names of the index types of an index profile. */
export type OpenDjIndexType = 'equality' | 'substring' | 'presence' | 'approximate' | 'ordering';

const TYPE_NAMES: Record<IndexType, OpenDjIndexType> = {
  eq: 'equality',
  sub: 'substring',
  pres: 'presence',
  approx: 'approximate',
};

/** The attribute indexes a lab gets: the system indexes plus the profile's, merged per attribute. */
export function labIndexes(profile: IndexProfile): Map<string, OpenDjIndexType[]> {
  const byKey = new Map<string, { attribute: string; types: Set<OpenDjIndexType> }>();
  const add = (attribute: string, types: readonly OpenDjIndexType[]): void => {
    const key = attribute.toLowerCase();
    const slot = byKey.get(key) ?? { attribute, types: new Set<OpenDjIndexType>() };
    for (const t of types) slot.types.add(t);
    byKey.set(key, slot);
  };
  for (const [attribute, types] of Object.entries(SYSTEM_INDEXES)) add(attribute, types);
  for (const index of profile.indexes)
    add(
      index.attribute,
      index.types.map((t) => TYPE_NAMES[t]),
    );
  return new Map([...byKey.values()].map((s) => [s.attribute, [...s.types].sort()]));
}

/** DN of the configuration entry of an attribute index in the lab's backend. */
export function indexDn(attribute: string): string {
  return `ds-cfg-attribute=${attribute},${INDEX_PARENT}`;
}

/** Replaces the backend's index entries with `labIndexes(profile)`. */
export function applyIndexes(config: ConfigLdif, profile: IndexProfile): void {
  for (const dn of config.children(INDEX_PARENT)) config.remove(dn);
  for (const [attribute, types] of labIndexes(profile)) {
    config.add(indexDn(attribute), {
      'ds-cfg-attribute': [attribute],
      'ds-cfg-index-type': types,
      objectClass: ['ds-cfg-backend-index', 'top'],
    });
  }
}

/** Everything `applyLabSettings` changes besides indexes. */
export function applyServerSettings(config: ConfigLdif): void {
  // Loopback only: setup binds every interface (0.0.0.0) and has no option for it.
  config.set(LDAP_HANDLER, 'ds-cfg-listen-address', ['127.0.0.1']);
  config.set(ADMIN_CONNECTOR, 'ds-cfg-listen-address', ['127.0.0.1']);
  // Per-operation access logging costs throughput; the other lab servers log no operations either.
  for (const dn of ACCESS_LOGGERS) if (config.has(dn)) config.set(dn, 'ds-cfg-enabled', ['false']);
  // Benchmarks read whole subtrees as any user: the defaults (1000 entries, 5000 examined, 60 s)
  // would cut them off for everyone but the root DN, as the OpenLDAP lab's "unlimited" does not.
  config.set(ROOT_CONFIG, 'ds-cfg-size-limit', ['0']);
  config.set(ROOT_CONFIG, 'ds-cfg-lookthrough-limit', ['0']);
  config.set(ROOT_CONFIG, 'ds-cfg-time-limit', ['0 seconds']);
  // OpenDJ refuses unindexed searches (e.g. a filter on an attribute the profile leaves
  // unindexed, or objectClass=person once it matches more than the index entry limit of 4000)
  // to anyone without the unindexed-search privilege; the un-indexed profiles exist to measure
  // exactly those searches, so every client gets the privilege.
  config.set(ROOT_CONFIG, 'ds-cfg-disabled-privilege', ['unindexed-search']);
  // The Salford suffix is "c=gb"; OpenDJ's Country String syntax insists on upper-case ISO 3166
  // codes ("GB") and its strict-format-country-string switch is ignored in 4.9, so the import
  // would reject the suffix entry and with it the whole directory. Accept such values with a
  // warning in the error log instead.
  config.set(ROOT_CONFIG, 'ds-cfg-invalid-attribute-syntax-behavior', ['warn']);
}

/** Applies the lab's settings and the profile's indexes to a freshly set up configuration. */
export function applyLabSettings(config: ConfigLdif, profile: IndexProfile): void {
  applyServerSettings(config);
  applyIndexes(config, profile);
}

const MIB = 1024 * 1024;

/**
 * Server JVM heap for a lab of `entries` entries, in MiB: 512 MiB plus 6 KiB per entry, at most
 * half of the machine's memory and at most 31 GiB (compressed object pointers end at 32 GiB). The
 * JE backend caches half the heap; on disk a Salford entry with the salford-indexed profile takes
 * about 0.75 KiB (148 MB for 200,000) and several times that in cache, so the whole database stays
 * cached up to a few million entries on a 24 GB machine, and a large part of it beyond.
 */
export function heapMib(entries: number, machineBytes: number = totalmem()): number {
  const wanted = 512 + Math.ceil((entries * 6 * 1024) / MIB);
  const cap = Math.min(Math.floor(machineBytes / 2 / MIB), 31 * 1024);
  return Math.max(256, Math.min(wanted, cap));
}

/**
 * Heap of the offline import, in MiB: 512 MiB plus 2 KiB per entry, at most 2 GiB and never more
 * than the server's. import-ldif sizes its sorting buffers from the free heap and caps its own
 * database cache, so a big heap buys nothing for small loads and costs a lot: on this 2-core VM,
 * 200,000 entries loaded in about 19-30 s with 512-1024 MiB and 45 s with 3.6 GiB (touching the
 * buffers' memory), and 10,000 entries in 8 s with 512 MiB against 20 s with the JVM's default
 * quarter of the machine.
 */
export function importHeapMib(entries: number, machineBytes: number = totalmem()): number {
  const wanted = Math.min(2048, 512 + Math.ceil((entries * 2 * 1024) / MIB));
  return Math.min(wanted, heapMib(entries, machineBytes));
}

/**
 * config/java.properties with fixed-size heaps for the server (so it does not resize during a
 * measurement) and the offline import; every other tool keeps its defaults.
 */
export function javaProperties(
  current: string,
  heaps: { server: number; import: number },
  javaHome: string,
): string {
  const settings: Record<string, string> = {
    'start-ds.java-args': `-server -Xms${heaps.server}m -Xmx${heaps.server}m`,
    'import-ldif.offline.java-args': `-server -Xms${heaps.import}m -Xmx${heaps.import}m`,
    // The Java DirBench checked, whatever JAVA_HOME says when a script runs later.
    'default.java-home': javaHome,
  };
  const lines = current.split('\n').filter((line) => {
    const key = line.split('=')[0]?.trim() ?? '';
    return !(key in settings);
  });
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  lines.push('', '# Set by DirBench for a benchmark lab.');
  for (const [key, value] of Object.entries(settings)) lines.push(`${key}=${value}`);
  return `${lines.join('\n')}\n`;
}

/** Rewrites config/java.properties of an install for `entries` entries; returns the heaps, MiB. */
export function writeJavaProperties(
  path: string,
  entries: number,
  javaHome: string,
): { server: number; import: number } {
  const heaps = { server: heapMib(entries), import: importHeapMib(entries) };
  writeFileSync(path, javaProperties(readFileSync(path, 'utf8'), heaps, javaHome));
  return heaps;
}
