// The custom index list syntax `cn:eq,sub,pres;uid:eq`, parsed the same way by the GUI, CLI and host.
import { invalid } from './errors.ts';
import type { IndexProfile, IndexType } from './workload.ts';

/** Index types in OpenLDAP's words (389 DS and OpenDJ have the same four). */
export const INDEX_TYPES: readonly IndexType[] = ['eq', 'sub', 'pres', 'approx'];

/** `cn:eq,sub,pres;uid:eq` as a profile named `custom`; errors name `field` and the part that is wrong. */
export function parseCustomIndexes(text: string, field = 'indexProfile'): IndexProfile {
  const parts = text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) throw invalid(field, 'write at least one index, e.g. cn:eq,sub,pres');
  const indexes = parts.map((part) => {
    const match = /^([A-Za-z][\w-]*)\s*:\s*([a-z,\s]+)$/.exec(part);
    if (match === null) {
      throw invalid(field, `"${part}" is not an index: write attribute:types, e.g. cn:eq,sub,pres`);
    }
    const attribute = match[1] as string;
    const types = (match[2] as string).split(',').map((t) => t.trim());
    for (const t of types) {
      if (!(INDEX_TYPES as readonly string[]).includes(t)) {
        throw invalid(
          field,
          `index type "${t}" of ${attribute} is not one of ${INDEX_TYPES.join(', ')}`,
        );
      }
    }
    return { attribute, types: types as IndexType[] };
  });
  return { name: 'custom', description: text, indexes };
}
