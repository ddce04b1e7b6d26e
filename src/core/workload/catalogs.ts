// The study catalogs shipped in data/workloads and the index profiles they name, read and validated once.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError, invalid } from '../../shared/errors.ts';
import type { IndexProfile, IndexType, WorkloadCatalog } from '../../shared/workload.ts';
import { resourcePath } from '../base/resources.ts';
import {
  child,
  choiceField,
  fieldsOf,
  listOf,
  objectListField,
  stringField,
} from './specFields.ts';
import type { Fields } from './specFields.ts';
import { validateWorkloadCatalog } from './validateWorkload.ts';
import { jsonSyntaxProblem } from '../../shared/inputExcerpt.ts';

const INDEX_TYPES: readonly IndexType[] = ['eq', 'sub', 'pres', 'approx'];
const PROFILE_KEYS = ['name', 'description', 'indexes'];
const INDEX_KEYS = ['attribute', 'types'];

/** One index of a profile: an attribute and its index types. */
function indexField(x: Fields, at: string): IndexProfile['indexes'][number] {
  return {
    attribute: stringField(x.attribute, child(at, 'attribute'), true),
    types: listOf(x.types, child(at, 'types'), 1, (t, p) => choiceField(t, p, INDEX_TYPES)),
  };
}

/** What the data folder holds: every catalog and every index profile. */
export interface CatalogData {
  catalogs: WorkloadCatalog[];
  profiles: IndexProfile[];
}

/** Reads a JSON file, naming it in the error when it is missing or not JSON. */
function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ApiError('failed', `cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new ApiError('failed', `${file} is not valid JSON: ${jsonSyntaxProblem(err, text)}`);
  }
}

/** Validates data/index-profiles.json. */
export function validateIndexProfiles(value: unknown, file: string): IndexProfile[] {
  try {
    const f = fieldsOf(value, '', ['version', 'profiles'], ['version', 'profiles']);
    const names = new Set<string>();
    return objectListField(f.profiles, 'profiles', 1, PROFILE_KEYS, (p, path) => {
      const name = stringField(p.name, child(path, 'name'), true);
      if (names.has(name)) throw invalid(child(path, 'name'), `profile '${name}' is defined twice`);
      names.add(name);
      const indexes = objectListField(p.indexes, child(path, 'indexes'), 0, INDEX_KEYS, indexField);
      return {
        name,
        description: stringField(p.description, child(path, 'description'), true),
        indexes,
      };
    });
  } catch (err) {
    if (err instanceof ApiError) throw new ApiError('failed', `${file}: ${err.message}`, err.field);
    throw err;
  }
}

/** Reads every catalog in `dataDir`/workloads and the profiles; each expects.indexProfile must exist. */
export function loadCatalogData(dataDir: string = resourcePath('data')): CatalogData {
  const profilesFile = join(dataDir, 'index-profiles.json');
  const profiles = validateIndexProfiles(readJson(profilesFile), profilesFile);
  const known = new Set(profiles.map((p) => p.name));
  const dir = join(dataDir, 'workloads');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const seen = new Map<string, string>();
  const catalogs = files.map((name) => {
    const file = join(dir, name);
    const catalog = validateWorkloadCatalog(readJson(file), file);
    const earlier = seen.get(catalog.catalog);
    if (earlier !== undefined) {
      throw new ApiError(
        'failed',
        `${file}: catalog '${catalog.catalog}' is also defined in ${earlier}`,
      );
    }
    seen.set(catalog.catalog, file);
    for (const spec of catalog.workloads) {
      const profile = spec.expects?.indexProfile;
      if (profile !== undefined && !known.has(profile)) {
        throw new ApiError(
          'failed',
          `${file}: ${spec.id} expects index profile '${profile}', which ${profilesFile} does not define`,
        );
      }
    }
    return catalog;
  });
  return { catalogs, profiles };
}
