// Where random-read workloads get existing DNs: computed from a generated shape, or a list sampled from the server.
import type { Prng } from '../datagen/prng.ts';
import type { LabShape } from '../../shared/labTypes.ts';
import { DIRECTORY_SHAPES } from '../datagen/shapes.ts';
import { rebaseDn } from '../ldif/rebase.ts';
import type { DnRebase } from '../ldif/rebase.ts';

/** The entries a run may pick from: a generated directory (by shape and spec) or a list sampled from the server. */
export type DnSource =
  /** `rebase`: the lab keeps the shape's entries under another suffix (see labPlacement.ts). */
  | { kind: LabShape; entries: number; seed: number; rebase?: DnRebase }
  /** `columns[name][i]`: the value of attribute `name` of entry `dns[i]` (for [entry:name] tokens). */
  | { kind: 'list'; dns: string[]; columns?: Record<string, string[]> };

/** Number of DNs a source can yield. */
export function dnSourceSize(source: DnSource): number {
  return source.kind === 'list' ? source.dns.length : source.entries;
}

/** A function returning a uniformly random existing DN on each call, driven by `rng`. */
export function dnPicker(source: DnSource, rng: Prng): () => string {
  const size = dnSourceSize(source);
  if (size <= 0) throw new RangeError('the DN source is empty: there is no entry to read');
  if (source.kind === 'list') {
    const dns = source.dns;
    return () => dns[rng.int(size)] as string;
  }
  // Each DN is computed from (seed, index) in O(1): no table of millions of DNs per worker.
  const spec = { entries: source.entries, seed: source.seed };
  const dnOf = DIRECTORY_SHAPES[source.kind].personDn;
  const { rebase } = source;
  if (rebase !== undefined) return () => rebaseDn(dnOf(spec, rng.int(size)), rebase);
  return () => dnOf(spec, rng.int(size));
}
