// Generated LDIF files kept per (entries, seed), so a second lab of the same size skips generation.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeSalfordLdif } from '../datagen/salford.ts';
import type { DatasetSpec } from '../datagen/salford.ts';
import { processAlive } from './processes.ts';

/** Entries a Salford LDIF holds besides its persons: c=gb, o=Salford and the ten units. */
const SALFORD_HEADER_ENTRIES = 12;

/** Folder of cached data sets under the app's data directory. */
export function datasetsDir(dataDir: string): string {
  return join(dataDir, 'datasets');
}

/** Path of the cached LDIF of a spec. */
export function salfordDatasetPath(dataDir: string, spec: DatasetSpec): string {
  return join(datasetsDir(dataDir), `salford-${spec.entries}-${spec.seed}.ldif`);
}

/** Returns the cached LDIF of `spec`, generating it first when absent. */
export async function ensureSalfordDataset(
  dataDir: string,
  spec: DatasetSpec,
  opts: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ path: string; reused: boolean; entriesWithHeaders: number }> {
  const path = salfordDatasetPath(dataDir, spec);
  const entriesWithHeaders = spec.entries + SALFORD_HEADER_ENTRIES;
  const existing = await stat(path).catch(() => null);
  if (existing !== null && existing.isFile() && existing.size > 0) {
    return { path, reused: true, entriesWithHeaders };
  }
  await mkdir(datasetsDir(dataDir), { recursive: true });
  // Written under a private name and renamed when complete: a crash or a concurrent start never
  // leaves a truncated file under the cache name. The PID lets a later run delete leftovers.
  const partial = `${path}.${process.pid}.${randomBytes(3).toString('hex')}.partial`;
  try {
    await writeSalfordLdif(spec, partial, opts);
    await rename(partial, path);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return { path, reused: false, entriesWithHeaders };
}

/** Deletes `.partial` files left by generator processes that have died. */
export async function removeStalePartials(dataDir: string): Promise<void> {
  const names = await readdir(datasetsDir(dataDir)).catch(() => [] as string[]);
  for (const name of names) {
    const match = /\.(\d+)\.[0-9a-f]+\.partial$/.exec(name);
    if (match && !processAlive(Number(match[1])))
      await rm(join(datasetsDir(dataDir), name), { force: true });
  }
}
