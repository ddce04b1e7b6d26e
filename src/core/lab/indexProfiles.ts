// Which indexes a lab builds: a named profile from data/index-profiles.json, `none`, or a custom list.
import { readFileSync } from 'node:fs';
import { invalid } from '../../shared/errors.ts';
import type { IndexProfile, IndexType } from '../../shared/workload.ts';
import { resourcePath } from '../app/resources.ts';
import { validateIndexProfiles } from '../workload/catalogs.ts';

/** The profile labs get when none is asked for: Salford's cn eq,sub,pres. */
export const DEFAULT_INDEX_PROFILE = 'salford-indexed';

const TYPES: readonly IndexType[] = ['eq', 'sub', 'pres', 'approx'];

let shipped: readonly IndexProfile[] | null = null;

/** The profiles shipped in data/index-profiles.json, read once. */
export function shippedIndexProfiles(): readonly IndexProfile[] {
  if (shipped === null) {
    const file = resourcePath('data', 'index-profiles.json');
    shipped = validateIndexProfiles(JSON.parse(readFileSync(file, 'utf8')) as unknown, file);
  }
  return shipped;
}

/** `cn:eq,sub,pres;uid:eq` as a profile named `custom`; errors name the part that is wrong. */
export function parseCustomIndexes(text: string, field = 'indexProfile'): IndexProfile {
  const indexes = text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const match = /^([A-Za-z][\w-]*)\s*:\s*([a-z,\s]+)$/.exec(part);
      if (match === null) {
        throw invalid(
          field,
          `"${part}" is not an index: write attribute:types, e.g. cn:eq,sub,pres`,
        );
      }
      const types = (match[2] as string).split(',').map((t) => t.trim());
      for (const t of types) {
        if (!(TYPES as readonly string[]).includes(t)) {
          throw invalid(
            field,
            `index type "${t}" of ${match[1] as string} is not one of ${TYPES.join(', ')}`,
          );
        }
      }
      return { attribute: match[1] as string, types: types as IndexType[] };
    });
  return { name: 'custom', description: text, indexes };
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
