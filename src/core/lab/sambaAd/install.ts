// Finds a Samba AD domain controller installation (samba, samba-tool, the Python it runs on and the
// AD schema files provisioning reads) and reads its version.
import { execFile } from 'node:child_process';
import { existsSync, globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LabAvailability } from '../../../shared/labTypes.ts';
import { isExecutable, lookupAvailability } from '../installLookup.ts';
import type { InstallLookup } from '../installLookup.ts';
import { SAMBA_AD_LDAP_PORT } from './smbConf.ts';

/** The pieces of Samba a lab needs, as absolute paths. */
export interface SambaAdInstall {
  /** The AD DC server binary. */
  samba: string;
  /** Provisions a domain (`samba-tool domain provision`). */
  sambaTool: string;
  /** The Python interpreter samba-tool runs on (it has Samba's `samba` and `ldb` modules). */
  python: string;
}

/** Where to look; the defaults cover Debian/Ubuntu and /usr/local source installs. */
export interface SambaAdSearchPaths {
  sbinDirs: string[];
  binDirs: string[];
  /** Directories holding `setup/ad-schema` (Debian's samba-ad-provision package). */
  dataDirs: string[];
  /** Directories of Samba's ldb modules, where the AD database's `samba_dsdb.so` is (samba-dsdb-modules). */
  moduleDirs: string[];
  /** Lowest port this process may bind (Linux net.ipv4.ip_unprivileged_port_start; 0 as root). */
  lowestPort?: () => number;
}

/** Default search paths. */
export function defaultSambaAdSearchPaths(): SambaAdSearchPaths {
  return {
    sbinDirs: ['/usr/sbin', '/usr/local/samba/sbin', '/usr/local/sbin'],
    binDirs: ['/usr/bin', '/usr/local/samba/bin', '/usr/local/bin'],
    dataDirs: ['/usr/share/samba', '/usr/local/samba/share', '/usr/local/share/samba'],
    moduleDirs: [
      ...globSync('/usr/lib/*/samba/ldb'),
      '/usr/lib/samba/ldb',
      '/usr/lib64/samba/ldb',
      '/usr/local/samba/lib/ldb',
    ],
  };
}

/** Lowest port this process may listen on: 0 as root, else the kernel's unprivileged start. */
function lowestBindablePort(): number {
  if (process.getuid?.() === 0) return 0;
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_unprivileged_port_start', 'utf8').trim());
  } catch {
    return 1024;
  }
}

/** The interpreter of a script's `#!` line ("/usr/bin/python3"), or null when it has none. */
export function shebangInterpreter(text: string): string | null {
  const match = /^#!\s*(\S+)(?:[ \t]+(\S+))?/.exec(text);
  if (match === null) return null;
  const [, program, argument] = match;
  // "#!/usr/bin/env python3": the interpreter is the argument, looked up on PATH by env.
  if (program?.endsWith('/env') === true) return argument ?? null;
  return program ?? null;
}

function readShebang(path: string): string | null {
  try {
    return shebangInterpreter(readFileSync(path, 'utf8').slice(0, 200));
  } catch {
    return null;
  }
}

/** Looks for samba, samba-tool (and its Python) and the AD schema files. */
export function findSambaAd(
  paths: SambaAdSearchPaths = defaultSambaAdSearchPaths(),
): InstallLookup<SambaAdInstall> {
  const sbin = paths.sbinDirs.find((d) => isExecutable(join(d, 'samba')));
  const bin = paths.binDirs.find((d) => isExecutable(join(d, 'samba-tool')));
  const schema = paths.dataDirs.find((d) => existsSync(join(d, 'setup', 'ad-schema')));
  const modules = paths.moduleDirs.find((d) => existsSync(join(d, 'samba_dsdb.so')));
  const python = bin === undefined ? null : readShebang(join(bin, 'samba-tool'));
  const missing: string[] = [];
  if (sbin === undefined) missing.push('samba');
  if (bin === undefined) missing.push('samba-tool');
  else if (python === null) missing.push("samba-tool's Python interpreter");
  if (modules === undefined) missing.push('the AD database modules (samba-dsdb-modules)');
  if (schema === undefined) missing.push('the AD schema files (samba-ad-provision)');
  if ((paths.lowestPort ?? lowestBindablePort)() > SAMBA_AD_LDAP_PORT) {
    missing.push(
      `permission to listen on port ${SAMBA_AD_LDAP_PORT} (run as root, or: sudo sysctl net.ipv4.ip_unprivileged_port_start=${SAMBA_AD_LDAP_PORT})`,
    );
  }
  if (missing.length > 0 || sbin === undefined || bin === undefined || python === null)
    return { ok: false, missing };
  return {
    ok: true,
    install: {
      samba: join(sbin, 'samba'),
      sambaTool: join(bin, 'samba-tool'),
      python,
    },
  };
}

/** Whether Samba AD labs can run here: the paths found, or what is missing and how to install it. */
export function sambaAdAvailability(paths?: SambaAdSearchPaths): LabAvailability {
  return lookupAvailability(
    'samba-ad',
    findSambaAd(paths),
    (install) => `samba: ${install.samba}; samba-tool: ${install.sambaTool}`,
  );
}

/** "Samba 4.17.12-Debian" from `samba --version` output ("Version 4.17.12-Debian"). */
export function parseSambaVersion(output: string): string | null {
  const match = /Version\s+(\d[^\s]*)/.exec(output);
  return match ? `Samba ${match[1] as string}` : null;
}

/** The version samba reports; null when it cannot be run. */
export function sambaVersion(samba: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(samba, ['--version'], { timeout: 10_000 }, (_err, stdout, stderr) => {
      resolve(parseSambaVersion(`${stdout}\n${stderr}`));
    });
  });
}
