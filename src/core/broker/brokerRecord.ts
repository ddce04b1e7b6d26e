// A broker as DirBench records it: what anyone may see (no passwords: those live only in the
// broker's mode-600 files) and the registry that keeps it.

/** Address a broker listens on unless asked otherwise: this machine only. */
export const DEFAULT_BROKER_LISTEN = '127.0.0.1';

/** Where a broker is in its life. */
export type BrokerState = 'starting' | 'running' | 'stopped' | 'failed';

/** A broker's public record. */
export interface BrokerInfo {
  id: string;
  state: BrokerState;
  /** PID of nats-server while it runs. */
  pid: number | null;
  /** Address it listens on: 127.0.0.1 unless `--listen` said otherwise. */
  listen: string;
  port: number;
  /** Where the coordinator on this machine connects (`tls://127.0.0.1:port` when listening everywhere). */
  url: string;
  /** Where agents connect from their machines (the listen address, or this host's name). */
  agentUrl: string;
  /** The broker's CA certificate (PEM): clients trust it to verify the broker. */
  caFile: string;
  coordinatorCredentialsFile: string;
  agentCredentialsFile: string;
  /** One credentials file per agent, by agent name. */
  agentCredentialFiles: Record<string, string>;
  /** Agent names, in the order given. */
  agents: string[];
  /** Outlives the process that started it until `broker stop` (CLI); otherwise dies with it. */
  persistent: boolean;
  /** The broker's folder: configuration, credentials, TLS files, JetStream storage, server.log. */
  dir: string;
  serverVersion: string | null;
  error: string | null;
  createdAt: string;
}

/** A broker as the registry stores it. */
export interface StoredBroker extends BrokerInfo {
  /** PID of the DirBench process the broker must not outlive; null once a persistent broker is up. */
  ownerPid: number | null;
}

/** Persistence of brokers (SQLite in the hosts, a Map in tests). */
export interface BrokerRegistry {
  insert(broker: StoredBroker): void;
  update(id: string, patch: Partial<StoredBroker>): void;
  get(id: string): StoredBroker | null;
  /** Newest first. */
  list(): StoredBroker[];
}

/** The public view of a stored broker. */
export function toBrokerInfo(broker: StoredBroker): BrokerInfo {
  const { ownerPid: _owner, ...info } = broker;
  return info;
}
