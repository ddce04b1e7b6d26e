// Writes the configuration of a 389 DS lab instance: the package's own template-dse.ldif with every
// path pointed into the lab directory, benchmark settings, one backend with the profile's indexes,
// and caches sized for the lab.
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { totalmem, userInfo } from 'node:os';
import { join } from 'node:path';
import type { IndexProfile } from '../../../shared/workload.ts';
import { dnKey } from '../../ldif/dn.ts';
import { attributeValues, newRecord, setAttribute } from '../../ldif/edit.ts';
import { parseLdifText } from '../../ldif/parse.ts';
import type { LdifRecord } from '../../ldif/record.ts';
import { formatLdif } from '../../ldif/write.ts';
import type { Ds389Install } from './install.ts';
import { DS389_BACKEND, ds389Directories } from './layout.ts';
import type { Ds389Layout } from './layout.ts';

/** Bind DN of a 389 DS lab's administrator (nsslapd-rootdn: bypasses access control and limits). */
export const DS389_ROOT_DN = 'cn=Directory Manager';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

const LDBM_CONFIG = 'cn=config,cn=ldbm database,cn=plugins,cn=config';
const DEFAULT_INDEXES = `cn=default indexes,${LDBM_CONFIG}`;

/**
 * SASL PLAIN user names mapped to the entry under the suffix with that uid: bare ("jmenon0") and
 * RFC 4513 ("u:jmenon0"); "dn:<DN>" is handled by the template's own mapping.
 */
const SASL_UID_MAPPINGS: readonly (readonly [string, string])[] = [
  ['DirBench uid mapping', '^\\([^:@=,]*\\)$'],
  ['DirBench u uid mapping', '^u:\\([^:@=,]*\\)$'],
];

/** Cache sizes of a lab, in bytes. */
export interface Ds389CacheSizes {
  /** Backend entry cache (nsslapd-cachememsize); the bulk load's queue is sized from it too. */
  entryCache: number;
  /** Backend DN cache (nsslapd-dncachememsize). */
  dnCache: number;
  /** Berkeley DB page cache (nsslapd-dbcachesize). */
  dbCache: number;
  /** Index buffers of the offline import (nsslapd-import-cachesize). */
  importCache: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.round(Math.min(Math.max(value, min), Math.max(min, max)));
}

/**
 * Caches for `entries` entries: measured on 2.3.1, a Salford entry takes about 5.2 KB of entry cache
 * and 90 bytes of DN cache. The entry cache gets at most a quarter of the memory (24 GB: 6 GB, about
 * a million entries), the database and import caches an eighth each.
 */
export function ds389CacheSizes(
  entries: number,
  memoryBytes: number = totalmem(),
): Ds389CacheSizes {
  return {
    entryCache: clamp(entries * 6 * 1024, 64 * MIB, memoryBytes / 4),
    dnCache: clamp(entries * 160, 16 * MIB, 512 * MIB),
    dbCache: clamp(entries * 2 * 1024, 64 * MIB, memoryBytes / 8),
    importCache: clamp(entries * 2 * 1024, 128 * MIB, Math.min(4 * GIB, memoryBytes / 8)),
  };
}

/** A `{SSHA512}` hash (salted SHA-512), a scheme ns-slapd accepts for nsslapd-rootpw. */
export function ssha512Password(plain: string, salt: Buffer = randomBytes(8)): string {
  const digest = createHash('sha512').update(plain, 'utf8').update(salt).digest();
  return `{SSHA512}${Buffer.concat([digest, salt]).toString('base64')}`;
}

/** Everything that varies between lab instances. */
export interface Ds389InstanceOptions {
  layout: Ds389Layout;
  port: number;
  suffix: string;
  rootDn: string;
  /** nsslapd-rootpw: a hash (ns-slapd refuses a clear-text root password). */
  rootPasswordHash: string;
  indexProfile: IndexProfile;
  entries: number;
  /** nsslapd-localuser: the user ns-slapd runs as (the current user: it never switches). */
  localUser?: string;
  /** Machine memory the caches are sized against; defaults to this machine's. */
  memoryBytes?: number;
}

/** Values of the template's %placeholders%. */
function placeholders(opts: Ds389InstanceOptions, localUser: string): Record<string, string> {
  const { layout } = opts;
  return {
    schema_dir: layout.schemaDir,
    lock_dir: layout.lockDir,
    tmp_dir: layout.tmpDir,
    cert_dir: layout.certDir,
    ldif_dir: layout.ldifDir,
    bak_dir: layout.backupDir,
    run_dir: layout.runDir,
    inst_dir: join(layout.labDir, 'inst'),
    log_dir: layout.logDir,
    fqdn: 'localhost',
    ds_port: String(opts.port),
    ds_user: localUser,
    rootdn: opts.rootDn,
    ds_passwd: opts.rootPasswordHash,
    ds_suffix: opts.suffix,
    config_dir: layout.configDir,
    db_dir: layout.dbDir,
    // Normally /dev/shm/slapd-<name>: kept in the lab, and unused with nsslapd-db-private-mem.
    db_home_dir: layout.dbDir,
    db_lib: 'bdb',
    ldapi_enabled: 'off',
    ldapi: join(layout.runDir, 'ldapi'),
    ldapi_autobind: 'off',
    instance_name: layout.instanceName,
  };
}

/** Settings of cn=config beyond the template: loopback only, no limits, error log only. */
function serverSettings(opts: Ds389InstanceOptions): [string, string][] {
  return [
    ['nsslapd-listenhost', '127.0.0.1'],
    ['nsslapd-port', String(opts.port)],
    ['nsslapd-security', 'off'],
    ['nsslapd-sizelimit', '-1'],
    ['nsslapd-timelimit', '-1'],
    ['nsslapd-idletimeout', '0'],
    // Per-operation logging costs throughput; the error log keeps start-up and failures.
    ['nsslapd-accesslog-logging-enabled', 'off'],
    ['nsslapd-auditlog-logging-enabled', 'off'],
    ['nsslapd-auditfaillog-logging-enabled', 'off'],
    ['nsslapd-securitylog-logging-enabled', 'off'],
    ['nsslapd-errorlog-logging-enabled', 'on'],
    ['nsslapd-rootpwstoragescheme', 'SSHA512'],
  ];
}

/** Text of dse.ldif for a lab, from the installed template-dse.ldif. */
export function ds389DseLdif(template: string, opts: Ds389InstanceOptions): string {
  const localUser = opts.localUser ?? userInfo().username;
  const values = placeholders(opts, localUser);
  const filled = template.replace(/%([a-z_]+)%/g, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`template-dse.ldif has an unknown ${whole}`);
    return value;
  });
  const sizes = ds389CacheSizes(opts.entries, opts.memoryBytes);
  const profile = new Map<string, { attribute: string; types: string[] }>();
  for (const index of opts.indexProfile.indexes) {
    profile.set(index.attribute.toLowerCase(), {
      attribute: index.attribute,
      types: [...index.types],
    });
  }

  const records: LdifRecord[] = [];
  for (const record of parseLdifText(filled, 'template-dse.ldif')) {
    const key = dnKey(record.dn);
    if (key === 'cn=config') {
      for (const [name, value] of serverSettings(opts)) setAttribute(record, name, [value]);
    } else if (key === LDBM_CONFIG) {
      setAttribute(record, 'nsslapd-lookthroughlimit', ['-1']);
      setAttribute(record, 'nsslapd-rangelookthroughlimit', ['-1']);
      setAttribute(record, 'nsslapd-backend-implement', ['bdb']);
    } else if (key.endsWith(`,${dnKey(DEFAULT_INDEXES)}`)) {
      // Default indexes are copied into every new backend. Keep the server's system indexes (with
      // the profile's types added), drop the others so only the profile decides what is indexed.
      const attribute = (attributeValues(record, 'cn')[0] ?? '').toLowerCase();
      const system = attributeValues(record, 'nsSystemIndex')[0]?.toLowerCase() === 'true';
      const wanted = profile.get(attribute);
      if (!system && wanted === undefined) continue;
      if (wanted !== undefined) {
        const types = new Set(attributeValues(record, 'nsIndexType').map((t) => t.toLowerCase()));
        for (const t of wanted.types) types.add(t);
        setAttribute(record, 'nsIndexType', [...types]);
        profile.delete(attribute);
      }
    }
    records.push(record);
  }
  for (const { attribute, types } of profile.values()) {
    records.push(
      newRecord(`cn=${attribute},${DEFAULT_INDEXES}`, [
        ['objectClass', 'top'],
        ['objectClass', 'nsIndex'],
        ['cn', attribute],
        ['nsSystemIndex', 'false'],
        ...types.map((t): [string, string] => ['nsIndexType', t]),
      ]),
    );
  }
  records.push(
    newRecord(`cn=bdb,${LDBM_CONFIG}`, [
      ['objectClass', 'top'],
      ['objectClass', 'extensibleObject'],
      ['cn', 'bdb'],
      ['nsslapd-db-home-directory', opts.layout.dbDir],
      // Region memory on the heap rather than in files of the database home (no /dev/shm).
      ['nsslapd-db-private-mem', 'on'],
      ['nsslapd-cache-autosize', '0'],
      ['nsslapd-import-cache-autosize', '0'],
      ['nsslapd-dbcachesize', String(sizes.dbCache)],
      ['nsslapd-import-cachesize', String(sizes.importCache)],
    ]),
    newRecord(`cn=${DS389_BACKEND},cn=ldbm database,cn=plugins,cn=config`, [
      ['objectClass', 'top'],
      ['objectClass', 'extensibleObject'],
      ['objectClass', 'nsBackendInstance'],
      ['cn', DS389_BACKEND],
      ['nsslapd-suffix', opts.suffix],
      ['nsslapd-directory', opts.layout.backendDir],
      ['nsslapd-cachesize', '-1'],
      ['nsslapd-cachememsize', String(sizes.entryCache)],
      ['nsslapd-dncachememsize', String(sizes.dnCache)],
    ]),
    newRecord(`cn="${opts.suffix}",cn=mapping tree,cn=config`, [
      ['objectClass', 'top'],
      ['objectClass', 'extensibleObject'],
      ['objectClass', 'nsMappingTree'],
      ['cn', opts.suffix],
      ['cn', `"${opts.suffix}"`],
      ['nsslapd-state', 'backend'],
      ['nsslapd-backend', DS389_BACKEND],
    ]),
    ...SASL_UID_MAPPINGS.map(([cn, regex]) =>
      newRecord(`cn=${cn},cn=mapping,cn=sasl,cn=config`, [
        ['objectClass', 'top'],
        ['objectClass', 'nsSaslMapping'],
        ['cn', cn],
        ['nsSaslMapRegexString', regex],
        ['nsSaslMapBaseDNTemplate', opts.suffix],
        ['nsSaslMapFilterTemplate', '(uid=\\1)'],
      ]),
    ),
  );
  return formatLdif(records);
}

/**
 * Copies the files of `from` that `only` accepts into `to`, skipping what cannot be read: /etc/dirsrv
 * is readable by root and the dirsrv group only.
 */
function copyReadable(from: string | null, to: string, only: (name: string) => boolean): void {
  let names: string[];
  try {
    names = from === null ? [] : readdirSync(from);
  } catch {
    return;
  }
  for (const name of names.filter(only)) {
    try {
      copyFileSync(join(from as string, name), join(to, name));
    } catch {
      // Left to the fallbacks below.
    }
  }
}

/**
 * Written when the packaged copies cannot be read. ns-slapd 2.3 needs at least one file in the
 * instance schema directory (with none it looks for the system schema under a wrong path), and the
 * Internationalization plugin needs its configuration file (this keeps the default collation only).
 */
const FALLBACK_USER_SCHEMA = '# User-defined schema\ndn: cn=schema\n\n';
const FALLBACK_COLLATIONS = 'collation "" "" "" 1 3\t2.16.840.1.113730.3.3.2.0.1\tdefault\n';

/** Creates the lab's directories and configuration (dse.ldif, schema, collations, certmap). */
export async function writeDs389Instance(
  install: Ds389Install,
  opts: Ds389InstanceOptions,
): Promise<void> {
  const { layout } = opts;
  for (const dir of ds389Directories(layout)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  copyReadable(install.userSchemaDir, layout.schemaDir, (n) => n.endsWith('.ldif'));
  copyReadable(install.configTemplateDir, layout.configDir, (n) =>
    ['slapd-collations.conf', 'certmap.conf'].includes(n),
  );
  if (!readdirSync(layout.schemaDir).some((n) => n.endsWith('.ldif')))
    await writeFile(join(layout.schemaDir, '99user.ldif'), FALLBACK_USER_SCHEMA);
  const collations = join(layout.configDir, 'slapd-collations.conf');
  if (!existsSync(collations)) await writeFile(collations, FALLBACK_COLLATIONS);
  const template = readFileSync(install.templateDse, 'utf8');
  await writeFile(layout.dseLdif, ds389DseLdif(template, opts), { mode: 0o600 });
}

/**
 * Points a configured (stopped) lab at another port: rewrites nsslapd-port in cn=config of the
 * dse.ldif ns-slapd last wrote, keeping everything else as it is.
 */
export async function setDs389Port(layout: Ds389Layout, port: number): Promise<void> {
  const records = parseLdifText(readFileSync(layout.dseLdif, 'utf8'), layout.dseLdif);
  const config = records.find((r) => dnKey(r.dn) === 'cn=config');
  if (config === undefined) throw new Error(`${layout.dseLdif} has no cn=config entry`);
  if (attributeValues(config, 'nsslapd-port')[0] === String(port)) return;
  setAttribute(config, 'nsslapd-port', [String(port)]);
  await writeFile(layout.dseLdif, formatLdif(records), { mode: 0o600 });
}
