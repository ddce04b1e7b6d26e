// Which server each connection of a worker goes to when a run has several (a target group):
// round-robin by the run-wide connection number, or failover to the first server that answers.
import type { Client } from 'ldapts';
import type { ServerSetMode } from '../../shared/serverSetTypes.ts';
import { openBoundClient } from '../ldap/connection.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import type { ConnectionCounters } from '../ldap/connectionCounters.ts';

/** The servers of a run as one worker gets them (passwords included; never stored). */
export interface WorkerServers {
  /** Each server's connection parameters, in the set's order (the first is the run's target). */
  servers: LdapConnectionParams[];
  mode: ServerSetMode;
  /** The run-wide number of this worker's first connection (round-robin goes by it). */
  firstConnection: number;
}

/** A bound client and the server (index into the set) it is connected to. */
export interface ServerClient {
  client: Client;
  server: number;
}

/** Opens connections to the set's servers as its mode says. */
export class ServerChoice {
  private readonly set: WorkerServers;

  constructor(set: WorkerServers) {
    this.set = set;
  }

  /** Server URLs in the set's order (the labels per-server figures go under). */
  get urls(): string[] {
    return this.set.servers.map((s) => s.url);
  }

  /** Connection parameters of server `index`. */
  params(index: number): LdapConnectionParams {
    return this.set.servers[index] ?? (this.set.servers[0] as LdapConnectionParams);
  }

  /** The servers to try, in order, for this worker's connection `slot` (a reconnect keeps its slot). */
  private candidates(slot: number): number[] {
    const count = this.set.servers.length;
    if (this.set.mode === 'round-robin') return [(this.set.firstConnection + slot) % count];
    // Failover: always the first server that answers, as UnboundID's FailoverServerSet.
    return Array.from({ length: count }, (_, i) => i);
  }

  /** Opens and binds connection `slot`; throws the last server's error when none answers. */
  async open(slot: number, counters?: ConnectionCounters): Promise<ServerClient> {
    let last: unknown = null;
    for (const server of this.candidates(slot)) {
      try {
        return { client: await openBoundClient(this.params(server), counters), server };
      } catch (err) {
        last = err;
      }
    }
    throw last;
  }
}
