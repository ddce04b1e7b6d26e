// Finds a 389 Directory Server installation (ns-slapd, its dse.ldif template and schema) and reads
// its version.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { LabAvailability } from '../../../shared/labTypes.ts';
import { isExecutable, lookupAvailability } from '../installLookup.ts';
import type { InstallLookup } from '../installLookup.ts';

/** The pieces of 389 DS a lab needs, as absolute paths. */
export interface Ds389Install {
  /** The server binary; also runs the offline tools (`ns-slapd ldif2db`). */
  nsSlapd: string;
  /** template-dse.ldif: the cn=config of a new instance, with %placeholders%. */
  templateDse: string;
  /** System schema (00core.ldif, ...), which ns-slapd reads from its compiled-in location. */
  systemSchemaDir: string;
  /** Default per-instance files (slapd-collations.conf, certmap.conf), or null when absent. */
  configTemplateDir: string | null;
  /** Default per-instance schema (99user.ldif), or null when absent. */
  userSchemaDir: string | null;
}

/** Where to look; the defaults cover Debian/Ubuntu, Fedora/RHEL and /usr/local source installs. */
export interface Ds389SearchPaths {
  binDirs: string[];
  dataDirs: string[];
  sysconfDirs: string[];
}

/** Default search paths, followed by the PATH directories for ns-slapd. */
export function defaultDs389SearchPaths(): Ds389SearchPaths {
  return {
    binDirs: [
      '/usr/sbin',
      '/usr/local/sbin',
      ...(process.env['PATH'] ?? '').split(delimiter).filter((d) => d !== ''),
    ],
    dataDirs: ['/usr/share/dirsrv', '/usr/local/share/dirsrv'],
    sysconfDirs: ['/etc/dirsrv', '/usr/local/etc/dirsrv'],
  };
}

/** Result of looking for 389 DS: the install, or the parts that are missing. */
export type Ds389Lookup = InstallLookup<Ds389Install>;

/** Looks for ns-slapd, template-dse.ldif and the system schema. */
export function findDs389(paths: Ds389SearchPaths = defaultDs389SearchPaths()): Ds389Lookup {
  const binDir = paths.binDirs.find((d) => isExecutable(join(d, 'ns-slapd')));
  const dataDir = paths.dataDirs.find((d) => existsSync(join(d, 'data', 'template-dse.ldif')));
  const schemaDir = paths.dataDirs
    .map((d) => join(d, 'schema'))
    .find((d) => existsSync(join(d, '00core.ldif')));
  const missing: string[] = [];
  if (binDir === undefined) missing.push('ns-slapd');
  if (dataDir === undefined) missing.push('template-dse.ldif');
  if (schemaDir === undefined) missing.push('the system schema (00core.ldif)');
  if (binDir === undefined || dataDir === undefined || schemaDir === undefined)
    return { ok: false, missing };
  const configDir = paths.sysconfDirs
    .map((d) => join(d, 'config'))
    .find((d) => existsSync(join(d, 'slapd-collations.conf')));
  const userSchemaDir = paths.sysconfDirs.map((d) => join(d, 'schema')).find((d) => existsSync(d));
  return {
    ok: true,
    install: {
      nsSlapd: join(binDir, 'ns-slapd'),
      templateDse: join(dataDir, 'data', 'template-dse.ldif'),
      systemSchemaDir: schemaDir,
      configTemplateDir: configDir ?? null,
      userSchemaDir: userSchemaDir ?? null,
    },
  };
}

/** Whether 389 DS labs can run here: the paths found, or what is missing and how to install it. */
export function ds389Availability(paths?: Ds389SearchPaths): LabAvailability {
  return lookupAvailability(
    '389ds',
    findDs389(paths),
    (install) =>
      `ns-slapd: ${install.nsSlapd}; template: ${install.templateDse}; schema: ${install.systemSchemaDir}`,
  );
}

/** "389 Directory Server 2.3.1" from `ns-slapd -v` output ("389-Directory/2.3.1 B2025.016.1616"). */
export function parseDs389Version(output: string): string | null {
  const match = /389-Directory\/(\d[^\s]*)/.exec(output);
  return match ? `389 Directory Server ${match[1] as string}` : null;
}

/** The version ns-slapd reports; null when it cannot be run. */
export function ds389Version(nsSlapd: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(nsSlapd, ['-v'], { timeout: 10_000 }, (_err, stdout, stderr) => {
      resolve(parseDs389Version(`${stdout}\n${stderr}`));
    });
  });
}
