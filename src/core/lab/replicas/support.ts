// What each lab kind does to replicate: the supplier's settings, a consumer's settings and data,
// and the replication state two servers holding the same changes both show.
import { invalid } from '../../../shared/errors.ts';
import { MAX_LAB_REPLICAS } from '../../../shared/labTypes.ts';
import type { LabKind } from '../../../shared/labTypes.ts';
import { checkInteger } from '../../../shared/validation.ts';
import type { LabDriver, LabServerConfig } from '../driver.ts';
import { ds389ReplicaSupport } from './ds389Replicas.ts';
import { openDjReplicaSupport } from './opendjReplicas.ts';
import { openLdapReplicaSupport } from './openldapReplicas.ts';

/** Most consumers a lab may have (the CLI's --replicas names it). */
export const MAX_REPLICAS = MAX_LAB_REPLICAS;

/** The supplier's data, exported once for every consumer; `dispose` deletes what it wrote. */
export interface SupplierExport {
  /** An LDIF of the supplier's entries with their replication metadata; null when the kind initializes consumers itself. */
  ldifPath: string | null;
  dispose(): void;
}

/** One consumer being built. */
export interface ConsumerBuild {
  driver: LabDriver;
  supplier: LabServerConfig;
  supplierUrl: string;
  consumer: LabServerConfig;
  /** 1-based number of the consumer. */
  number: number;
  seed: SupplierExport;
}

/** How one kind replicates. */
export interface ReplicaSupport {
  /** Adds the supplier's replication settings to the configuration its driver wrote, before load. */
  prepareSupplier(config: LabServerConfig): Promise<void>;
  /** Exports the running, loaded supplier's data for the consumers. */
  exportSupplier(config: LabServerConfig, signal: AbortSignal): Promise<SupplierExport>;
  /** Writes a stopped consumer's configuration (its driver's plus replication) and gives it the data. */
  prepareConsumer(build: ConsumerBuild, signal: AbortSignal): Promise<void>;
  /** Runs once the consumer answers at `consumerUrl` (e.g. a replication agreement on the supplier). */
  connectConsumer?(build: ConsumerBuild, consumerUrl: string, signal: AbortSignal): Promise<void>;
  /** What a server shows of the changes it holds (contextCSN, RUV); equal on supplier and caught-up consumer. */
  syncState(url: string, bindDn: string, password: string, suffix: string): Promise<string | null>;
}

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
