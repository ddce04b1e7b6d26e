// One load connection: its current client, the single reconnect that replaces it when it drops,
// and the reconnect-every-N policy's planned close and reopen.
import type { Client } from 'ldapts';
import { closeQuietly, openBoundClient } from '../ldap/connection.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import type { ConnectionCounters } from '../ldap/connectionCounters.ts';
import { failureCodeName } from '../ldap/failure.ts';
import { OperationRecorder } from './operationRecorder.ts';
import { ServerChoice } from './serverChoice.ts';
import type { WorkerServers } from './serverChoice.ts';

/** Pause between reconnect attempts, so a dead server is not hammered. */
const RECONNECT_PAUSE_MS = 250;

/** Where a slot of a run on several servers connects: the set, the slot's number and its server now. */
export interface SlotServer {
  choice: ServerChoice;
  slot: number;
  server: number;
}

/** A connection a workload's loops share; `client` changes only through `reconnect` or `recycle`. */
export class ConnectionSlot {
  client: Client;
  /** The server (index into the run's set; 0 when it has one) the client is connected to. */
  server: number;
  private params: LdapConnectionParams;
  private readonly counters: ConnectionCounters | undefined;
  private readonly set: SlotServer | null;
  private reconnecting: Promise<void> | null = null;
  /** Ops started on the current client (reconnect-every-N policy only). */
  private opsOnClient = 0;
  /** Ops started on the current client and not finished yet (reconnect-every-N policy only). */
  private inFlight = 0;
  private drained: (() => void) | null = null;

  constructor(
    client: Client,
    params: LdapConnectionParams,
    counters?: ConnectionCounters,
    set: SlotServer | null = null,
  ) {
    this.client = client;
    this.params = params;
    this.counters = counters;
    this.set = set;
    this.server = set?.server ?? 0;
  }

  /** How the current client was connected and bound (its server's parameters). */
  get connectionParams(): LdapConnectionParams {
    return this.params;
  }

  /**
   * Reconnect-every-N policy: claims one of the current client's `everyOps` ops. False when the
   * client has used them all: the caller must `recycle` (shared by the slot's loops) and retry.
   */
  claimOp(everyOps: number): boolean {
    if (this.opsOnClient >= everyOps || this.reconnecting !== null) return false;
    this.opsOnClient++;
    this.inFlight++;
    return true;
  }

  /** Ends an op claimed with `claimOp` (success or failure). */
  releaseOp(): void {
    this.inFlight--;
    if (this.inFlight === 0 && this.drained !== null) this.drained();
  }

  /**
   * The policy's planned reconnect: waits for the client's claimed ops to finish (so none is cut
   * off), then closes it and opens, StartTLS-upgrades and binds a new one. It is not counted as a
   * reconnect (those are drops); the close and open show in connectionsClosed/Opened. All loops of
   * the slot share one attempt; the time it takes lies between ops, never inside one.
   */
  recycle(keepTrying: () => boolean, onFailure: (codeName: string) => void): Promise<void> {
    this.reconnecting ??= this.drain()
      .then(() => this.reopen(keepTrying, onFailure, false))
      .finally(() => {
        this.reconnecting = null;
      });
    return this.reconnecting;
  }

  private drain(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.drained = () => {
        this.drained = null;
        resolve();
      };
    });
  }

  /**
   * Replaces a dropped client with a freshly bound one; all loops of the slot share one attempt.
   * Never lets ldapts reconnect by itself: that would run ops on an unauthenticated connection.
   */
  reconnect(keepTrying: () => boolean, onFailure: (codeName: string) => void): Promise<void> {
    this.reconnecting ??= this.reopen(keepTrying, onFailure, true).finally(() => {
      this.reconnecting = null;
    });
    return this.reconnecting;
  }

  private async reopen(
    keepTrying: () => boolean,
    onFailure: (codeName: string) => void,
    afterDrop: boolean,
  ): Promise<void> {
    void closeQuietly(this.client, 100);
    while (keepTrying()) {
      try {
        const { client, server } = await this.open();
        if (!keepTrying()) {
          void closeQuietly(client, 100);
          return;
        }
        this.client = client;
        this.server = server;
        if (this.set !== null) this.params = this.set.choice.params(server);
        this.opsOnClient = 0;
        // A drop reopened outside the policy is what `reconnects` counts.
        if (afterDrop) this.counters?.reconnected();
        return;
      } catch (err) {
        onFailure(failureCodeName(err));
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_PAUSE_MS));
      }
    }
  }

  /** A new bound client: to the slot's server, or in a server set to the one its mode picks now. */
  private async open(): Promise<{ client: Client; server: number }> {
    if (this.set === null)
      return { client: await openBoundClient(this.params, this.counters), server: this.server };
    return this.set.choice.open(this.set.slot, this.counters);
  }

  /** Unbinds and closes, waiting at most `maxWaitMs`. */
  close(maxWaitMs: number): Promise<void> {
    return closeQuietly(this.client, maxWaitMs);
  }
}

/**
 * Opens `count` bound connections, at most `parallel` at a time (a burst of thousands of connects
 * would be refused or time out), to `to` or, when the run has several servers, over `to.servers`.
 * On the first failure, or when `aborted()` turns true, it stops opening, closes what it opened
 * and rejects.
 */
export async function openSlots(
  to: LdapConnectionParams | { connection: LdapConnectionParams; servers?: WorkerServers },
  count: number,
  parallel: number,
  aborted: () => boolean,
  counters?: ConnectionCounters,
): Promise<ConnectionSlot[]> {
  const params = 'connection' in to ? to.connection : to;
  const set = 'connection' in to ? to.servers : undefined;
  const choice = set === undefined ? null : new ServerChoice(set);
  const slots: ConnectionSlot[] = [];
  let next = 0;
  let failure: unknown = null;
  const opener = async (): Promise<void> => {
    while (next < count && failure === null && !aborted()) {
      const slot = next++;
      try {
        if (choice === null) {
          slots.push(new ConnectionSlot(await openBoundClient(params, counters), params, counters));
        } else {
          const { client, server } = await choice.open(slot, counters);
          const set = { choice, slot, server };
          slots.push(new ConnectionSlot(client, choice.params(server), counters, set));
        }
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, opener));
  if (failure !== null || aborted()) {
    await Promise.all(slots.map((s) => s.close(200)));
    throw failure ?? new ConnectOpenAborted();
  }
  return slots;
}

/** Thrown by `openSlots` when it was aborted (the run was stopped while connecting). */
export class ConnectOpenAborted extends Error {
  constructor() {
    super('stopped while connecting');
    this.name = 'ConnectOpenAborted';
  }
}

/** A worker's per-server recorder (runs on several servers): counts under each server's URL, and its slots per server. */
export function serverRecorder(
  set: WorkerServers | undefined,
  slots: readonly ConnectionSlot[],
): { recorder: OperationRecorder; connections: () => number[] } | null {
  if (set === undefined) return null;
  const urls = set.servers.map((s) => s.url);
  return {
    recorder: new OperationRecorder(urls),
    connections: () => {
      const counts = urls.map(() => 0);
      for (const slot of slots) counts[slot.server] = (counts[slot.server] ?? 0) + 1;
      return counts;
    },
  };
}
