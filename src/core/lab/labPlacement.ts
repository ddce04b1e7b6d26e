// Where a lab keeps its shape's entries: under the shape's own suffix (c=gb), or moved under
// another one by its kind (Samba AD keeps them inside its domain, the only place AD authenticates).
import type { LabInfo } from '../../shared/labTypes.ts';
import type { WorkloadSpec } from '../../shared/workload.ts';
import { isShapeName } from '../../shared/labTypes.ts';
import { DIRECTORY_SHAPES } from '../datagen/shapes.ts';
import { dnKey } from '../ldif/dn.ts';
import type { LdifEntry } from '../ldif/entries.ts';
import { rebaseDn } from '../ldif/rebase.ts';
import type { DnRebase } from '../ldif/rebase.ts';
import { mapWorkloadDns } from '../workload/dnFields.ts';
import type { LabDriver } from './driver.ts';

/** The move from `lab`'s shape suffix to where the lab keeps it; null when they are the same. */
export function labDnRebase(lab: Pick<LabInfo, 'shape' | 'suffix'>): DnRebase | null {
  // Labs stored before shapes existed are Salford's.
  const from = DIRECTORY_SHAPES[isShapeName(lab.shape) ? lab.shape : 'salford'].suffix;
  return dnKey(from) === dnKey(lab.suffix) ? null : { from, to: lab.suffix };
}

/** `spec`, written for its shape's suffix, with every DN moved to where `lab` keeps the entries. */
export function workloadOnLab(
  spec: WorkloadSpec,
  lab: Pick<LabInfo, 'shape' | 'suffix'>,
): WorkloadSpec {
  const rebase = labDnRebase(lab);
  return rebase === null ? spec : mapWorkloadDns(spec, (pattern) => rebaseDn(pattern, rebase));
}

/** How a protocol load of `lab` sends each LDIF entry: moved to where the lab keeps it, then as its kind needs it. */
export function protocolEntryAdapter(
  lab: Pick<LabInfo, 'shape' | 'suffix'>,
  driver: Pick<LabDriver, 'protocolEntry'>,
): ((entry: LdifEntry) => LdifEntry) | undefined {
  const rebase = labDnRebase(lab);
  const kindEntry = driver.protocolEntry?.bind(driver);
  if (rebase === null) return kindEntry;
  return (entry) => {
    const moved = { ...entry, dn: rebaseDn(entry.dn, rebase) };
    return kindEntry?.(moved) ?? moved;
  };
}
