// What each lab kind does to replicate: the supplier's settings, a consumer's settings and data,
// and the replication state two servers holding the same changes both show.
import { invalid } from '../../../shared/errors.ts';
import { MAX_LAB_REPLICAS } from '../../../shared/labTypes.ts';
import type { LabKind } from '../../../shared/labTypes.ts';
import { checkInteger } from '../../../shared/validation.ts';
import { ds389ReplicaSupport } from './ds389Replicas.ts';
import { openDjReplicaSupport } from './opendjReplicas.ts';
import { openLdapReplicaSupport } from './openldapReplicas.ts';
import type { ReplicaSupport } from './replicaTypes.ts';

/** Most consumers a lab may have (the CLI's --replicas names it). */
export const MAX_REPLICAS = MAX_LAB_REPLICAS;

const SUPPORT: Partial<Record<LabKind, ReplicaSupport>> = {
  openldap: openLdapReplicaSupport,
  '389ds': ds389ReplicaSupport,
  opendj: openDjReplicaSupport,
};

/** Kinds whose labs can have replicas, for messages. */
export const REPLICATED_KINDS = Object.keys(SUPPORT) as LabKind[];

/** How `kind` replicates; throws when its labs cannot have replicas. */
export function replicaSupportOf(kind: LabKind): ReplicaSupport {
  const support = SUPPORT[kind];
  if (support === undefined) throw noReplicas(kind);
  return support;
}

function noReplicas(kind: LabKind) {
  return invalid(
    'replicas',
    `${kind} labs cannot have replicas yet; use ${REPLICATED_KINDS.join(', ')}, or leave replicas out`,
  );
}

/** The consumers a start asks for (0 when absent), checked against the kind before anything is written. */
export function checkReplicaCount(replicas: unknown, kind: LabKind): number {
  if (replicas === undefined) return 0;
  const count = checkInteger(replicas, 'replicas', 0, MAX_REPLICAS);
  if (count > 0 && SUPPORT[kind] === undefined) throw noReplicas(kind);
  return count;
}
