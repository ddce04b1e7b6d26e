// Finds an OpenLDAP installation and writes the slapd.conf of a Salford lab.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import type { LabAvailability } from '../../shared/labTypes.ts';
import type { IndexProfile } from '../../shared/workload.ts';
import { indexProfileLines } from './indexProfiles.ts';
import { isExecutable, lookupAvailability } from './installLookup.ts';
import type { InstallLookup } from './installLookup.ts';

/** What to tell a person whose machine has no usable OpenLDAP. */
export const OPENLDAP_INSTALL_HINT =
  'OpenLDAP slapd is not installed. On Debian/Ubuntu: sudo apt-get install slapd ldap-utils ' +
  '(Fedora/RHEL: sudo dnf install openldap-servers openldap-clients; macOS: brew install openldap)';

/** Bind DN of a lab's root user (rootdn: bypasses access control and size limits). */
export function openLdapRootDn(suffix: string): string {
  return `cn=admin,${suffix}`;
}

/** The pieces of OpenLDAP a lab needs, as absolute paths. */
export interface OpenLdapInstall {
  slapd: string;
  slapadd: string;
  /** Directory holding core, cosine and inetorgperson .schema files. */
  schemaDir: string;
  /** Directory holding the back_mdb module, or null when slapd has mdb built in. */
  moduleDir: string | null;
  /** Backends compiled into slapd (`slapd -VVV`), e.g. Debian's config, ldif, monitor; unknown when absent. */
  staticBackends?: readonly string[];
}

/** Where to look; the defaults cover Debian/Ubuntu, Fedora/RHEL, Homebrew and source installs. */
export interface OpenLdapSearchPaths {
  binDirs: string[];
  schemaDirs: string[];
  moduleDirs: string[];
}

const SCHEMAS = ['core.schema', 'cosine.schema', 'inetorgperson.schema'] as const;

/** Default search paths, followed by the PATH directories for the binaries. */
export function defaultSearchPaths(): OpenLdapSearchPaths {
  const brew = ['/opt/homebrew/opt/openldap', '/usr/local/opt/openldap'];
  return {
    binDirs: [
      '/usr/sbin',
      '/usr/local/sbin',
      '/usr/libexec',
      ...brew.flatMap((b) => [`${b}/libexec`, `${b}/sbin`]),
      ...(process.env['PATH'] ?? '').split(delimiter).filter((d) => d !== ''),
    ],
    schemaDirs: [
      '/etc/ldap/schema',
      '/etc/openldap/schema',
      '/usr/local/etc/openldap/schema',
      '/opt/homebrew/etc/openldap/schema',
    ],
    moduleDirs: [
      '/usr/lib/ldap',
      '/usr/lib64/openldap',
      '/usr/lib/openldap',
      '/usr/local/libexec/openldap',
      '/usr/local/lib/openldap',
      ...brew.map((b) => `${b}/libexec/openldap`),
    ],
  };
}

function findIn(dirs: readonly string[], test: (dir: string) => boolean): string | null {
  return dirs.find(test) ?? null;
}

/** Result of looking for OpenLDAP: the install, or the parts that are missing. */
export type OpenLdapLookup = InstallLookup<OpenLdapInstall>;

/** Looks for slapd, slapadd, the schemas and the back_mdb module. */
export function findOpenLdap(paths: OpenLdapSearchPaths = defaultSearchPaths()): OpenLdapLookup {
  const slapdDir = findIn(paths.binDirs, (d) => isExecutable(join(d, 'slapd')));
  const slapaddDir = findIn(paths.binDirs, (d) => isExecutable(join(d, 'slapadd')));
  const schemaDir = findIn(paths.schemaDirs, (d) => SCHEMAS.every((s) => existsSync(join(d, s))));
  const missing: string[] = [];
  if (slapdDir === null) missing.push('slapd');
  if (slapaddDir === null) missing.push('slapadd');
  if (schemaDir === null) missing.push(`schema files (${SCHEMAS.join(', ')})`);
  if (slapdDir === null || slapaddDir === null || schemaDir === null) return { ok: false, missing };
  // No module file usually means mdb is compiled into slapd; a real absence shows at start-up.
  const moduleDir = findIn(paths.moduleDirs, (d) =>
    ['back_mdb.la', 'back_mdb.so'].some((f) => existsSync(join(d, f))),
  );
  return {
    ok: true,
    install: {
      slapd: join(slapdDir, 'slapd'),
      slapadd: join(slapaddDir, 'slapadd'),
      schemaDir,
      moduleDir,
    },
  };
}

/** Whether OpenLDAP labs can run here: the paths found, or what is missing and how to install it. */
export function openLdapAvailability(paths?: OpenLdapSearchPaths): LabAvailability {
  return lookupAvailability(
    'openldap',
    findOpenLdap(paths),
    OPENLDAP_INSTALL_HINT,
    (install) =>
      `slapd: ${install.slapd}; slapadd: ${install.slapadd}; schemas: ${install.schemaDir}; ` +
      `back_mdb: ${install.moduleDir ?? 'built in'}`,
  );
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

/** The backends `slapd -VVV` lists as compiled in; empty when it cannot be run. */
export function staticBackendsOf(slapd: string): string[] {
  const run = spawnSync(slapd, ['-VVV'], { encoding: 'utf8', timeout: 5_000 });
  const text = `${run.stdout ?? ''}\n${run.stderr ?? ''}`;
  const at = text.indexOf('Included static backends:');
  if (at < 0) return [];
  const backends: string[] = [];
  // The names follow one per indented line, up to the first line that is not indented.
  for (const line of text.slice(at).split('\n').slice(1)) {
    if (!/^\s+\S/.test(line)) break;
    backends.push(line.trim());
  }
  return backends;
}
