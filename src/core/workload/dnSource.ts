// Where random-read workloads get existing DNs: computed from a generated shape, or a list sampled from the server.
import type { LabShape } from '../../shared/labTypes.ts';
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
