// Which labs may have replicas and how many: the kinds whose rows say so, each replicating as its
// driver's `replicas` says.
import { invalid } from '../../../shared/errors.ts';
import { labKindsWhere, LAB_KINDS } from '../../../shared/labKinds.ts';
import { MAX_LAB_REPLICAS } from '../../../shared/labTypes.ts';
import type { LabKind } from '../../../shared/labTypes.ts';
import { checkInteger } from '../../../shared/validation.ts';
import type { LabDriver, ReplicaSupport } from '../driver.ts';

/** Most consumers a lab may have (the CLI's --replicas names it). */
export const MAX_REPLICAS = MAX_LAB_REPLICAS;

/** How `driver`'s kind replicates; throws when its labs cannot have replicas. */
export function replicaSupportOf(driver: LabDriver): ReplicaSupport {
  if (driver.replicas === undefined) throw noReplicas(driver.kind);
  return driver.replicas;
}

function noReplicas(kind: LabKind) {
  const replicated = labKindsWhere((row) => row.capabilities.replicas);
  return invalid(
    'replicas',
    `${kind} labs cannot have replicas yet; use ${replicated.join(', ')}, or leave replicas out`,
  );
}

/** The consumers a start asks for (0 when absent), checked against the kind before anything is written. */
export function checkReplicaCount(replicas: unknown, kind: LabKind): number {
  if (replicas === undefined) return 0;
  const count = checkInteger(replicas, 'replicas', 0, MAX_REPLICAS);
  if (count > 0 && !LAB_KINDS[kind].capabilities.replicas) throw noReplicas(kind);
  return count;
}
