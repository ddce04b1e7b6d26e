// Which indexes a lab builds: a named profile from data/index-profiles.json, `none`, or a custom list.
import { readFileSync } from 'node:fs';
import { invalid } from '../../shared/errors.ts';
import { parseCustomIndexes } from '../../shared/indexProfiles.ts';
import type { IndexProfile } from '../../shared/workload.ts';
import { resourcePath } from '../base/resources.ts';
import { validateIndexProfiles } from '../workload/catalogs.ts';

/** The profile labs get when none is asked for: Salford's cn eq,sub,pres. */
export const DEFAULT_INDEX_PROFILE = 'salford-indexed';

let shipped: readonly IndexProfile[] | null = null;

/** The profiles shipped in data/index-profiles.json, read once. */
export function shippedIndexProfiles(): readonly IndexProfile[] {
  if (shipped === null) {
    const file = resourcePath('data', 'index-profiles.json');
    shipped = validateIndexProfiles(JSON.parse(readFileSync(file, 'utf8')) as unknown, file);
  }
  return shipped;
}

/** The profile a lab request names (default salford-indexed); `none` keeps objectClass equality only. */
export function resolveIndexProfile(
  requested: string | undefined,
  profiles: (() => readonly IndexProfile[]) | undefined = shippedIndexProfiles,
): IndexProfile {
  const name = (requested ?? DEFAULT_INDEX_PROFILE).trim();
  if (name === 'none')
    return { name: 'none', description: 'objectClass equality only', indexes: [] };
  if (name.includes(':')) return parseCustomIndexes(name);
  const known = profiles();
  const found = known.find((p) => p.name === name);
  if (found === undefined) {
    throw invalid(
      'indexProfile',
      `unknown index profile "${name}": use none, one of ${known.map((p) => p.name).join(', ')}, or a list like cn:eq,sub,pres;uid:eq`,
    );
  }
  return found;
}

/** A profile's indexes as `attribute types` lines, objectClass equality first (every lab keeps it). */
export function indexProfileLines(profile: IndexProfile): string[] {
  const lines = ['objectClass eq'];
  for (const { attribute, types } of profile.indexes) {
    if (attribute.toLowerCase() === 'objectclass' && types.join() === 'eq') continue;
    lines.push(`${attribute} ${types.join(',')}`);
  }
  return lines;
}
