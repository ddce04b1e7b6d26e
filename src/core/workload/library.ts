// Every workload a run can name: the built-in read, the study catalogs and the user's saved ones.
import { ApiError, invalid } from '../../shared/errors.ts';
import type { WorkloadListItem, WorkloadSpec } from '../../shared/workload.ts';
import { READ_RANDOM } from './builtin.ts';
import { loadCatalogData } from './catalogs.ts';
import type { CatalogData } from './catalogs.ts';
import { validateWorkloadSpec } from './validateWorkload.ts';
import { refuseBuiltInDelete } from '../base/savedIds.ts';

/** The pseudo-catalogs of the built-in workload and of the user's saved ones. */
const BUILTIN = { name: 'builtin', title: 'Built-in', version: 1 };
const SAVED = { name: 'user', title: 'Saved', version: 1 };

/** Ids of saved workloads: `user/` and a short name. */
const USER_ID = /^user\/[A-Za-z0-9][\w.-]{0,63}$/;

/** A list item for `spec` from `catalog`. */
export function listItem(
  spec: WorkloadSpec,
  catalog: { name: string; title: string; version: number },
): WorkloadListItem {
  const total = spec.operations.reduce((sum, o) => sum + o.weight, 0);
  return {
    id: spec.id,
    title: spec.title,
    catalog: catalog.name,
    catalogTitle: catalog.title,
    catalogVersion: catalog.version,
    description: spec.description ?? '',
    source: spec.source ?? '',
    mix: spec.operations.map((o) => ({
      label: o.label,
      percent: Math.round((o.weight / total) * 1000) / 10,
    })),
    expects: spec.expects ?? null,
    concurrency: spec.concurrency ?? null,
  };
}

/** Where the user's own workloads are kept (the store's user_workloads table). */
interface SavedWorkloads {
  list(): { spec: WorkloadSpec }[];
  find(id: string): { spec: WorkloadSpec } | null;
  /** Inserts or replaces the definition under its id. */
  save(spec: WorkloadSpec): { spec: WorkloadSpec };
  delete(id: string): void;
}

/** Looks workloads up by id and keeps the user's own. */
export class WorkloadLibrary {
  private readonly repo: SavedWorkloads;
  private readonly dataDir: string | undefined;
  private data: CatalogData | null = null;

  constructor(repo: SavedWorkloads, dataDir?: string) {
    this.repo = repo;
    this.dataDir = dataDir;
  }

  /** The catalogs and index profiles, read on first use. */
  catalogData(): CatalogData {
    this.data ??= loadCatalogData(this.dataDir);
    return this.data;
  }

  /** Built-in first, then each catalog in file order, then the user's. */
  list(): WorkloadListItem[] {
    const items = [listItem(READ_RANDOM, BUILTIN)];
    for (const c of this.catalogData().catalogs) {
      const catalog = { name: c.catalog, title: c.title, version: c.version };
      for (const spec of c.workloads) items.push(listItem(spec, catalog));
    }
    for (const { spec } of this.repo.list()) items.push(listItem(spec, SAVED));
    return items;
  }

  /** The definition named `id`; not-found (with the nearest ids) when there is none. */
  get(id: string, field = 'workload'): WorkloadSpec {
    if (id === READ_RANDOM.id) return READ_RANDOM;
    if (id.startsWith('user/')) {
      const stored = this.repo.find(id);
      if (stored !== null) return stored.spec;
    }
    for (const c of this.catalogData().catalogs) {
      const spec = c.workloads.find((w) => w.id === id);
      if (spec !== undefined) return spec;
    }
    throw new ApiError('not-found', `unknown workload '${id}'${this.suggest(id)}`, field, {
      subject: 'workload',
    });
  }

  /** Validates a definition from outside (a file, the editor); errors name the field. */
  check(value: unknown, baseDir?: string): WorkloadSpec {
    return validateWorkloadSpec(value, '', baseDir === undefined ? {} : { baseDir });
  }

  /** Validates and saves a user workload under its `user/NAME` id. */
  save(value: unknown): WorkloadListItem {
    const spec = this.check(value);
    if (!USER_ID.test(spec.id)) {
      throw invalid(
        'id',
        `id '${spec.id}' cannot be saved: saved workloads are named user/NAME (letters, digits, '.', '_', '-'), e.g. user/my-search`,
      );
    }
    return listItem(this.repo.save(spec).spec, SAVED);
  }

  /** Deletes a saved workload; catalog entries cannot be deleted. */
  delete(id: string): void {
    refuseBuiltInDelete(id, 'workloads');
    this.repo.delete(id);
  }

  /** "; did you mean ...?" with up to three ids sharing the most with `id` ('' when none does). */
  private suggest(id: string): string {
    const wanted = id.toLowerCase().replace(/[^a-z0-9]/g, '');
    const scored = this.list()
      .map((item) => ({
        id: item.id,
        score: commonPrefix(wanted, item.id.toLowerCase().replace(/[^a-z0-9]/g, '')),
      }))
      .filter((s) => s.score >= Math.min(3, wanted.length))
      .sort((a, b) => b.score - a.score)
      .slice(0, 3);
    return scored.length === 0 ? '' : `; did you mean ${scored.map((s) => s.id).join(', ')}?`;
  }
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
