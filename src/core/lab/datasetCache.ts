// Generated LDIF files kept per (shape, entries, seed) with their side files and a metadata note,
// so a second lab of the same directory skips generation.
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LabShape } from '../../shared/labTypes.ts';
import { generateDataset, sideFilePaths } from '../datagen/generate.ts';
import type { DatasetSpec } from '../datagen/dataset.ts';
import { processAlive } from './processes.ts';

/** A generated directory ready to load. */
export interface CachedDataset {
  path: string;
  reused: boolean;
  /** Every entry of the LDIF, the suffix and organizational entries included. */
  entriesWithHeaders: number;
  suffix: string;
  baseDn: string;
  /** One person DN per line, and `DN<TAB>password` per line, for [file:...] patterns and peer tools. */
  dnsPath: string;
  bindsPath: string;
}

/** What the `.meta.json` beside a cached LDIF records. */
interface DatasetMeta {
  entries: number;
  suffix: string;
  baseDn: string;
}

/** Folder of cached data sets under the app's data directory. */
export function datasetsDir(dataDir: string): string {
  return join(dataDir, 'datasets');
}

/** Path of the cached LDIF of a shape and spec. */
export function datasetPath(dataDir: string, shape: LabShape, spec: DatasetSpec): string {
  return join(datasetsDir(dataDir), `${shape}-${spec.entries}-${spec.seed}.ldif`);
}

function metaPathOf(ldifPath: string): string {
  return `${ldifPath}.meta.json`;
}

/** The metadata of a complete cached data set; null when anything is missing (then it is regenerated). */
async function readComplete(path: string): Promise<DatasetMeta | null> {
  const sides = sideFilePaths(path);
  for (const file of [path, sides.dnsPath, sides.bindsPath]) {
    const found = await stat(file).catch(() => null);
    if (found === null || !found.isFile()) return null;
  }
  try {
    return JSON.parse(readFileSync(metaPathOf(path), 'utf8')) as DatasetMeta;
  } catch {
    return null;
  }
}

/** Returns the cached data set of `shape` and `spec`, generating it first when absent. */
export async function ensureDataset(
  dataDir: string,
  shape: LabShape,
  spec: DatasetSpec,
  opts: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<CachedDataset> {
  const path = datasetPath(dataDir, shape, spec);
  const sides = sideFilePaths(path);
  const cached = await readComplete(path);
  if (cached !== null) {
    return { path, reused: true, entriesWithHeaders: cached.entries, ...cached, ...sides };
  }
  await mkdir(datasetsDir(dataDir), { recursive: true });
  // The generator writes under private names and renames when complete, so a crash or a concurrent
  // start never leaves a truncated file under the cache name; the note is written last.
  const result = await generateDataset({ kind: 'shape', shape, ...spec }, path, opts);
  const meta: DatasetMeta = {
    entries: result.entries,
    suffix: result.suffix,
    baseDn: result.baseDn,
  };
  await writeFile(metaPathOf(path), JSON.stringify(meta));
  return { path, reused: false, entriesWithHeaders: meta.entries, ...meta, ...sides };
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
