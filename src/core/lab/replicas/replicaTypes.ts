// What a lab kind implements to replicate (support.ts maps each kind to its implementation): the
// supplier's settings and export, and a consumer's settings, data and connection.
import type { LabDriver, LabServerConfig } from '../driver.ts';

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
