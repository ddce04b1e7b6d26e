// Looking for a lab server installed from the system's packages: the lookup's result, the
// availability a person sees, and the driver's cached install.
import { accessSync, constants } from 'node:fs';
import { ApiError } from '../../shared/errors.ts';
import type { LabAvailability, LabKind } from '../../shared/labTypes.ts';

/** Result of looking for a server's installation: the install, or the parts that are missing. */
export type InstallLookup<T> = { ok: true; install: T } | { ok: false; missing: string[] };

/** True when `path` is a file this process may execute. */
export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** What is missing and how to install it: `hint`, then the missing parts. */
function missingDetail(hint: string, missing: readonly string[]): string {
  return `${hint}. Missing: ${missing.join(', ')}.`;
}

/** Whether `kind`'s labs can run here: the install's paths (`describe`), or what is missing and `hint`. */
export function lookupAvailability<T>(
  kind: LabKind,
  found: InstallLookup<T>,
  hint: string,
  describe: (install: T) => string,
): LabAvailability {
  if (!found.ok) return { kind, available: false, detail: missingDetail(hint, found.missing) };
  return { kind, available: true, detail: describe(found.install) };
}

/**
 * A driver's install getter: looks once (`find`, then `complete` on what it found) and keeps the
 * result; throws an 'unavailable' error naming what is missing and `hint` while nothing is found.
 */
export function cachedInstall<T>(
  find: () => InstallLookup<T>,
  hint: string,
  complete: (install: T) => T = (install) => install,
): () => T {
  let cached: T | null = null;
  return () => {
    if (cached !== null) return cached;
    const found = find();
    if (!found.ok) throw new ApiError('unavailable', missingDetail(hint, found.missing));
    cached = complete(found.install);
    return cached;
  };
}
