// Where a run's workers take their DNs: a lab's generated directory, nothing (the workload names its
// own), or a sample of the target's entries; and the directory size the run records.
import { ApiError } from '../../shared/errors.ts';
import type { LabInfo } from '../../shared/labTypes.ts';
import { isShapeName } from '../datagen/shapes.ts';
import { labDnRebase } from '../lab/labPlacement.ts';
import { collectEntries } from '../ldap/collectDns.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import type { DnSource } from '../loadgen/dnSource.ts';
import type { ResolvedWorkload } from './resolveWorkload.ts';

/** Most DNs sampled from an external server for random reads. */
export const MAX_SAMPLED_DNS = 100_000;

/** The DN source of a run on `lab` (null: an external target under `baseDn`), with the entries it records. */
export async function runDnSource(
  lab: LabInfo | null,
  workload: Pick<ResolvedWorkload, 'readsEntries' | 'sampledAttributes'>,
  connection: LdapConnectionParams,
  baseDn: string,
): Promise<{ dnSource: DnSource; entries: number | null }> {
  if (lab) {
    // Labs stored before shapes existed are Salford's.
    const kind = isShapeName(lab.shape) ? lab.shape : 'salford';
    const rebase = labDnRebase(lab);
    return {
      dnSource: {
        kind,
        entries: lab.entries,
        seed: lab.seed,
        ...(rebase === null ? {} : { rebase }),
      },
      entries: lab.entries,
    };
  }
  // Nothing reads existing entries (e.g. adds, or patterns like uid=user.[1-1000]): no sampling.
  if (!workload.readsEntries) return { dnSource: { kind: 'list', dns: [] }, entries: null };
  const attributes = workload.sampledAttributes;
  const sampled = await collectEntries(connection, baseDn, MAX_SAMPLED_DNS, attributes);
  if (sampled.dns.length === 0) {
    const having = attributes.length === 0 ? '' : ` with ${attributes.join(', ')}`;
    throw new ApiError(
      'validation',
      `no entries${having} found under base DN ${baseDn}; check the target's base DN${having === '' ? '' : ' or the workload'}`,
      'baseDn',
    );
  }
  return {
    dnSource: { kind: 'list', dns: sampled.dns, columns: sampled.columns },
    // With attributes the sample holds only entries having them: it is not the directory's size.
    entries:
      attributes.length === 0 && sampled.dns.length < MAX_SAMPLED_DNS ? sampled.dns.length : null,
  };
}
