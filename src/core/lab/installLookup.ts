// Looking for a lab server installed from the system's packages: the lookup's result, the
// availability a person sees (with the install hint of the kind's row), and the driver's cached
// install.
import { accessSync, constants, statSync } from 'node:fs';
import { ApiError } from '../../shared/errors.ts';
import { LAB_KINDS } from '../../shared/labKinds.ts';
import type { LabAvailability, LabKind } from '../../shared/labTypes.ts';

/** Result of looking for a server's installation: the install, or the parts that are missing. */
export type InstallLookup<T> = { ok: true; install: T } | { ok: false; missing: string[] };

/** True when `path` is a file (not a folder, which also passes X_OK) this process may execute. */
export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** How to install `kind`: its row's hint, or the command that fetches what it downloads. */
function installHint(kind: LabKind): string {
  const install = LAB_KINDS[kind].install;
  if (install.from === 'package') return install.hint;
  return `${LAB_KINDS[kind].title} is not installed. Get it with: dirbench lab install ${kind}`;
}

/** What is missing and how to install it: `kind`'s install hint, then the missing parts. */
function missingDetail(kind: LabKind, missing: readonly string[]): string {
  return `${installHint(kind)}. Missing: ${missing.join(', ')}.`;
}

/** Whether `kind`'s labs can run here: the install's paths (`describe`), or what is missing and how to install it. */
export function lookupAvailability<T>(
  kind: LabKind,
  found: InstallLookup<T>,
  describe: (install: T) => string,
): LabAvailability {
  if (!found.ok) return { kind, available: false, detail: missingDetail(kind, found.missing) };
  return { kind, available: true, detail: describe(found.install) };
}

/**
 * A driver's install getter: looks once (`find`, then `complete` on what it found) and keeps the
 * result; throws an 'unavailable' error naming what is missing and how to install `kind` while
 * nothing is found.
 */
export function cachedInstall<T>(
  kind: LabKind,
  find: () => InstallLookup<T>,
  complete: (install: T) => T = (install) => install,
): () => T {
  let cached: T | null = null;
  return () => {
    if (cached !== null) return cached;
    const found = find();
    if (!found.ok) throw new ApiError('unavailable', missingDetail(kind, found.missing));
    cached = complete(found.install);
    return cached;
  };
}
