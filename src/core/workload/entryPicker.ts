// Existing entries a workload's [entry:ATTR] tokens read from: computed for generated directories, sampled otherwise.
import type { LabShape } from '../../shared/labTypes.ts';
import { DIRECTORY_SHAPES } from '../datagen/shapes.ts';
import { rebaseDn } from '../ldif/rebase.ts';
import type { DnSource } from './dnSource.ts';
import { dnSourceSize } from './dnSource.ts';

/** Random access to the directory's existing entries by index. */
export interface EntryPicker {
  readonly size: number;
  /** DN of entry `index` (cheaper than its whole record: most workloads need only the DN). */
  dn(index: number): string;
  /** Attribute values of entry `index` (one value per name, `dn` included). */
  entry(index: number): Readonly<Record<string, string>>;
  /** Attribute names every entry provides, derived ones included. */
  readonly attributes: readonly string[];
}

/** Attributes computed from the DN: `parent` (the DN without its first RDN), so add templates can put new entries beside existing ones in any shape. */
export const DERIVED_ATTRIBUTES = ['parent'] as const;

/** The DN's parent: everything after the first unescaped comma ('' for a one-RDN DN). */
export function parentDn(dn: string): string {
  const match = /^(?:[^,\\]|\\.)*,\s*/.exec(dn);
  return match === null ? '' : dn.slice(match[0].length);
}

/** What [entry:ATTR] can read on a generated directory of `shape`. */
export function shapeEntryAttributes(shape: LabShape): readonly string[] {
  return ['dn', ...DERIVED_ATTRIBUTES, ...DIRECTORY_SHAPES[shape].personAttributes];
}

/** An entry picker over a DN source; throws when the source is empty. */
export function entryPickerFor(source: DnSource): EntryPicker {
  const size = dnSourceSize(source);
  if (size <= 0) throw new RangeError('the DN source is empty: there is no entry to read');
  if (source.kind !== 'list') {
    const spec = { entries: source.entries, seed: source.seed };
    const shape = DIRECTORY_SHAPES[source.kind];
    // Each person is computed from (seed, index) in O(1): no table of millions of entries per worker.
    const { rebase } = source;
    if (rebase !== undefined) {
      return {
        size,
        attributes: shapeEntryAttributes(source.kind),
        dn: (i) => rebaseDn(shape.personDn(spec, i), rebase),
        entry: (i) => {
          const person = shape.person(spec, i);
          return { ...person, dn: rebaseDn(person.dn as string, rebase) };
        },
      };
    }
    return {
      size,
      attributes: shapeEntryAttributes(source.kind),
      dn: (i) => shape.personDn(spec, i),
      entry: (i) => shape.person(spec, i),
    };
  }
  const { dns } = source;
  const columns = source.columns ?? {};
  return {
    size,
    attributes: ['dn', ...DERIVED_ATTRIBUTES, ...Object.keys(columns)],
    dn: (i) => dns[i] as string,
    entry: (i) => {
      const values: Record<string, string> = { dn: dns[i] as string };
      for (const [name, column] of Object.entries(columns)) values[name] = column[i] ?? '';
      return values;
    },
  };
}
