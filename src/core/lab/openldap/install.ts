// Finds an OpenLDAP installation: slapd, slapadd, the schemas, the back_mdb module and the
// backends built into slapd.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { LabAvailability } from '../../../shared/labTypes.ts';
import { isExecutable, lookupAvailability } from '../installLookup.ts';
import type { InstallLookup } from '../installLookup.ts';

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

/** The schema files a lab's slapd.conf includes. */
export const SCHEMAS = ['core.schema', 'cosine.schema', 'inetorgperson.schema'] as const;

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
    (install) =>
      `slapd: ${install.slapd}; slapadd: ${install.slapadd}; schemas: ${install.schemaDir}; ` +
      `back_mdb: ${install.moduleDir ?? 'built in'}`,
  );
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
