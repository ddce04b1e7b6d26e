// The studies' published figures shipped in data/reference, read and validated once.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ApiError } from '../../shared/errors.ts';
import type { ReferenceTable } from '../../shared/reference.ts';
import { resourcePath } from '../base/resources.ts';
import { loadCatalogData } from '../workload/catalogs.ts';
import { validateReferenceFile } from './validateReference.ts';

/** The studies in seed order (000-004); other files follow alphabetically. */
const STUDY_ORDER = ['salford', 'mvault', 'directorymark', 'unboundid', 'ldap-performance'];

function rank(file: string): number {
  const at = STUDY_ORDER.indexOf(basename(file, '.json'));
  return at < 0 ? STUDY_ORDER.length : at;
}

/** Reads every data/reference/*.json under `dataDir`, checking ids are unique and workloads exist. */
export function loadReferenceData(dataDir: string = resourcePath('data')): ReferenceTable[] {
  const workloads = new Set(
    loadCatalogData(dataDir).catalogs.flatMap((c) => c.workloads.map((w) => w.id)),
  );
  const dir = join(dataDir, 'reference');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const seen = new Map<string, string>();
  return files.flatMap((name) => {
    const file = join(dir, name);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    } catch (err) {
      throw new ApiError('failed', `cannot read ${file}: ${(err as Error).message}`);
    }
    let tables: ReferenceTable[];
    try {
      tables = validateReferenceFile(parsed, { prefix: basename(name, '.json'), workloads });
    } catch (err) {
      if (err instanceof ApiError)
        throw new ApiError('failed', `${file}: ${err.message}`, err.field);
      throw err;
    }
    for (const table of tables) {
      const earlier = seen.get(table.id);
      if (earlier !== undefined) {
        throw new ApiError('failed', `${file}: table id '${table.id}' is also used in ${earlier}`);
      }
      seen.set(table.id, file);
    }
    return tables;
  });
}

let shipped: readonly ReferenceTable[] | null = null;

/** The shipped tables, read on first use and kept (the files do not change while DirBench runs). */
export function referenceTables(): readonly ReferenceTable[] {
  shipped ??= loadReferenceData();
  return shipped;
}
