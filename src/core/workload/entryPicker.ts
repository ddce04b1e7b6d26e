// Existing entries a workload's [entry:ATTR] tokens read from: computed for generated directories, sampled otherwise.
import { FLAT_PERSON_ATTRIBUTES, flatPersonAttributes, flatPersonDn } from '../datagen/flat.ts';
import {
  SALFORD_PERSON_ATTRIBUTES,
  salfordPersonAttributes,
  salfordPersonDn,
} from '../datagen/salford.ts';
import type { DnSource } from '../loadgen/dnSource.ts';
import { dnSourceSize } from '../loadgen/dnSource.ts';

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

/** What [entry:ATTR] can read on a generated flat (M-Vault) directory. */
export const FLAT_ENTRY_ATTRIBUTES: readonly string[] = [
  'dn',
  ...DERIVED_ATTRIBUTES,
  ...FLAT_PERSON_ATTRIBUTES,
];

/** What [entry:ATTR] can read on a generated Salford directory. */
export const SALFORD_ENTRY_ATTRIBUTES: readonly string[] = [
  'dn',
  ...DERIVED_ATTRIBUTES,
  ...SALFORD_PERSON_ATTRIBUTES,
];

/** An entry picker over a DN source; throws when the source is empty. */
export function entryPickerFor(source: DnSource): EntryPicker {
  const size = dnSourceSize(source);
  if (size <= 0) throw new RangeError('the DN source is empty: there is no entry to read');
  if (source.kind !== 'list') {
    const spec = { entries: source.entries, seed: source.seed };
    // Each person is computed from (seed, index) in O(1): no table of millions of entries per worker.
    return source.kind === 'flat'
      ? {
          size,
          attributes: FLAT_ENTRY_ATTRIBUTES,
          dn: (i) => flatPersonDn(spec, i),
          entry: (i) => flatPersonAttributes(spec, i),
        }
      : {
          size,
          attributes: SALFORD_ENTRY_ATTRIBUTES,
          dn: (i) => salfordPersonDn(spec, i),
          entry: (i) => salfordPersonAttributes(spec, i),
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
