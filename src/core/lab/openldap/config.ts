// Writes the slapd.conf of a lab (and the slapadd.conf of its bulk load).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { IndexProfile } from '../../../shared/workload.ts';
import { indexProfileLines } from '../indexProfiles.ts';
import { SCHEMAS } from './install.ts';
import type { OpenLdapInstall } from './install.ts';

/** Bind DN of a lab's root user (rootdn: bypasses access control and size limits). */
export function openLdapRootDn(suffix: string): string {
  return `cn=admin,${suffix}`;
}
/** An RFC 2307 `{SSHA}` hash (salted SHA-1), the form slapd.conf rootpw and userPassword accept. */
export function sshaPassword(plain: string, salt: Buffer = randomBytes(8)): string {
  const digest = createHash('sha1').update(plain, 'utf8').update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString('base64')}`;
}

/** Quotes a slapd.conf argument when needed: paths such as "Application Support" contain spaces. */
export function confArg(value: string): string {
  if (/^[^\s"\\#]+$/.test(value)) return value;
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** Everything that varies between lab slapd.conf files. */
export interface SlapdConfOptions {
  install: OpenLdapInstall;
  /** Absolute lab directory; pid, args and the database live under it. */
  labDir: string;
  entries: number;
  /** Naming context, its root DN and the root password's {SSHA} hash. */
  suffix: string;
  rootDn: string;
  rootPasswordHash: string;
  /** Indexes beyond objectClass equality, which every lab keeps. */
  indexProfile: IndexProfile;
  /** PEM files for StartTLS and ldaps://. */
  tls?: { caFile: string; certFile: string; keyFile: string };
  /** Threads slapadd uses for indexing; defaults to one core less than the machine has, 1 to 4. */
  toolThreads?: number;
}

/** mmap size of the database: at least 1 GiB, else 8 KiB per entry (measured use is about 1.7 KiB). */
export function mdbMaxSizeBytes(entries: number): number {
  return Math.max(2 ** 30, entries * 8 * 1024);
}

/** True when `install` has a loadable module `name` (or has no module dir: everything built in). */
function hasModule(install: OpenLdapInstall, name: string): boolean {
  return install.moduleDir === null || existsSync(join(install.moduleDir, `${name}.la`));
}

/** Text of slapd.conf for a lab. */
export function slapdConf(opts: SlapdConfOptions): string {
  const { install, labDir } = opts;
  // Measured on 2 cores: 2 indexing threads load 1M entries slower than 1 (they fight the reader).
  const toolThreads = opts.toolThreads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  const lines = [
    '# Written by DirBench for a throwaway benchmark lab; listens on 127.0.0.1 only.',
    ...SCHEMAS.map((s) => `include ${confArg(join(install.schemaDir, s))}`),
  ];
  if (install.moduleDir !== null) {
    lines.push(`modulepath ${confArg(install.moduleDir)}`, 'moduleload back_mdb');
  }
  // Server-side sorting (RFC 2891) for search workloads that ask for it; skipped where not packaged.
  const sortOverlay = install.moduleDir !== null && hasModule(install, 'sssvlv');
  if (sortOverlay) lines.push('moduleload sssvlv');
  // cn=monitor: the server's own operation counts, to cross-check the client's.
  const monitorModule = install.moduleDir !== null && hasModule(install, 'back_monitor');
  const monitor = monitorModule || (install.staticBackends ?? []).includes('monitor');
  if (monitorModule) lines.push('moduleload back_monitor');
  lines.push(
    `pidfile ${confArg(join(labDir, 'slapd.pid'))}`,
    `argsfile ${confArg(join(labDir, 'slapd.args'))}`,
    // Per-operation syslog costs throughput; keep only messages slapd always logs.
    'loglevel none',
    // Benchmarks read whole subtrees and queue deep pipelines: the defaults (500, 100) would cut them off.
    'sizelimit unlimited',
    'timelimit unlimited',
    'conn_max_pending 10000',
    'conn_max_pending_auth 10000',
    `tool-threads ${toolThreads}`,
    ...(opts.tls === undefined
      ? []
      : [
          `TLSCACertificateFile ${confArg(opts.tls.caFile)}`,
          `TLSCertificateFile ${confArg(opts.tls.certFile)}`,
          `TLSCertificateKeyFile ${confArg(opts.tls.keyFile)}`,
          // Client certificates are asked for, not required: SASL EXTERNAL binds use them.
          'TLSVerifyClient try',
        ]),
    // SASL PLAIN binds (bind workloads): the user name is a uid, found under the organization; the
    // lab listens on loopback only, so plain-text mechanisms are allowed there.
    'sasl-secprops none',
    `authz-regexp "uid=([^,]*),cn=[^,]*,cn=auth" "ldap:///${opts.suffix}??sub?(uid=$1)"`,
    // SASL EXTERNAL: a client certificate's subject CN=<uid> (issueClientCertificate) names that entry.
    `authz-regexp "^cn=([^,]*)$" "ldap:///${opts.suffix}??sub?(uid=$1)"`,
    '',
    'database mdb',
    `maxsize ${mdbMaxSizeBytes(opts.entries)}`,
    `suffix ${confArg(opts.suffix)}`,
    `rootdn ${confArg(opts.rootDn)}`,
    `rootpw ${confArg(opts.rootPasswordHash)}`,
    `directory ${confArg(join(labDir, 'db'))}`,
    ...indexProfileLines(opts.indexProfile).map((line) => `index ${line}`),
    ...(sortOverlay ? ['overlay sssvlv'] : []),
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by * read',
    '',
  );
  if (monitor) {
    lines.push(
      'database monitor',
      `access to * by dn.exact=${confArg(opts.rootDn)} read by * none`,
      '',
    );
  }
  return lines.join('\n');
}

/**
 * The configuration slapadd loads with: slapd's, with the database memory-mapped for writing.
 * Without writemap, every commit of a 10M-entry load with a substring index rewrites hundreds of
 * megabytes (terabytes over the load, measured here); with it the kernel coalesces the writes.
 * slapd itself runs with the defaults.
 */
export function slapaddConf(opts: SlapdConfOptions): string {
  return slapdConf(opts).replace('\ndatabase mdb\n', '\ndatabase mdb\nenvflags writemap\n');
}

/** Writes `<labDir>/slapd.conf` and `<labDir>/slapadd.conf`; returns their paths. */
export async function writeSlapdConf(
  opts: SlapdConfOptions,
): Promise<{ slapd: string; slapadd: string }> {
  const slapd = join(opts.labDir, 'slapd.conf');
  const slapadd = join(opts.labDir, 'slapadd.conf');
  await writeFile(slapd, slapdConf(opts), { mode: 0o600 });
  await writeFile(slapadd, slapaddConf(opts), { mode: 0o600 });
  return { slapd, slapadd };
}
