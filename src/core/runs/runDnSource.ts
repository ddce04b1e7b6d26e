// Where a run's workers take their DNs: a lab's generated directory, nothing (the workload names its
// own), or a sample of the target's entries; and the directory size the run records.
import { ApiError } from '../../shared/errors.ts';
import type { LabInfo } from '../../shared/labTypes.ts';
import { SERVER_LIMIT_NAMES, sampleLimitNote } from '../../shared/serverLimits.ts';
import type { SampleLimit } from '../../shared/serverLimits.ts';
import { isShapeName } from '../../shared/labTypes.ts';
import { labDnRebase } from '../lab/labPlacement.ts';
import { collectEntries } from '../ldap/collectDns.ts';
import type { SampledEntries } from '../ldap/collectDns.ts';
import { describeLdapFailure } from '../ldap/failure.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import type { DnSource } from '../workload/dnSource.ts';
import type { ResolvedWorkload } from './resolveWorkload.ts';

/** Most DNs sampled from an external server for random reads. */
export const MAX_SAMPLED_DNS = 100_000;

/** Where a run takes its DNs, the directory size it records, and the limit that cut its sample short. */
export interface RunDnSource {
  dnSource: DnSource;
  entries: number | null;
  sampleLimit?: SampleLimit;
  /** What to tell of the sample once, with the run (null: nothing to tell). */
  note: string | null;
}

/** The DN source of a run on `lab` (null: an external target under `baseDn`), with the entries it records. */
export async function runDnSource(
  lab: LabInfo | null,
  workload: Pick<ResolvedWorkload, 'readsEntries' | 'sampledAttributes'>,
  connection: LdapConnectionParams,
  baseDn: string,
): Promise<RunDnSource> {
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
      note: null,
    };
  }
  // Nothing reads existing entries (e.g. adds, or patterns like uid=user.[1-1000]): no sampling.
  if (!workload.readsEntries)
    return { dnSource: { kind: 'list', dns: [] }, entries: null, note: null };
  const attributes = workload.sampledAttributes;
  const having = attributes.length === 0 ? '' : ` with ${attributes.join(', ')}`;
  const sampled = await sampleEntries(connection, baseDn, attributes, having);
  if (sampled.dns.length === 0 && sampled.limitedBy !== null) {
    throw new ApiError(
      'validation',
      `the server's ${SERVER_LIMIT_NAMES[sampled.limitedBy]} stopped the search for entries${having} under base DN ${baseDn} before any came back; bind as a user without it, or choose a narrower base DN`,
      'baseDn',
    );
  }
  if (sampled.dns.length === 0) {
    throw new ApiError(
      'validation',
      `no entries${having} found under base DN ${baseDn}; check the target's base DN${having === '' ? '' : ' or the workload'}`,
      'baseDn',
    );
  }
  const dnSource: DnSource = { kind: 'list', dns: sampled.dns, columns: sampled.columns };
  if (sampled.limitedBy !== null) {
    // Cut short by a limit, the sample is not the directory's size.
    const sampleLimit = { sampled: sampled.dns.length, limit: sampled.limitedBy };
    return { dnSource, entries: null, sampleLimit, note: sampleLimitNote(sampleLimit, baseDn) };
  }
  // With attributes the sample holds only entries having them: it is not the directory's size.
  const whole = attributes.length === 0 && sampled.dns.length < MAX_SAMPLED_DNS;
  return { dnSource, entries: whole ? sampled.dns.length : null, note: null };
}

/**
 * The sample of entries under `baseDn`; a server that refuses the search (or fails under it) is a
 * situation the user must act on, so it ends the run's start in DirBench's words, not as a crash.
 */
async function sampleEntries(
  connection: LdapConnectionParams,
  baseDn: string,
  attributes: readonly string[],
  having: string,
): Promise<SampledEntries> {
  try {
    return await collectEntries(connection, baseDn, MAX_SAMPLED_DNS, attributes);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const why = describeLdapFailure(err, connection.url).message;
    throw new ApiError(
      'failed',
      `sampling the entries${having} under base DN ${baseDn} on ${connection.url} failed: ${why}`,
    );
  }
}
