// One load connection: its current client, and the single reconnect that replaces it when it drops.
import type { Client } from 'ldapts';
import { closeQuietly, openBoundClient } from '../ldap/connection.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import { failureCodeName } from '../ldap/failure.ts';

/** Pause between reconnect attempts, so a dead server is not hammered. */
const RECONNECT_PAUSE_MS = 250;

/** A connection a workload's loops share; `client` changes only through `reconnect`. */
export class ConnectionSlot {
  client: Client;
  private readonly params: LdapConnectionParams;
  private reconnecting: Promise<void> | null = null;

  constructor(client: Client, params: LdapConnectionParams) {
    this.client = client;
    this.params = params;
  }

  /**
   * Replaces a dropped client with a freshly bound one; all loops of the slot share one attempt.
   * Never lets ldapts reconnect by itself: that would run ops on an unauthenticated connection.
   */
  reconnect(keepTrying: () => boolean, onFailure: (codeName: string) => void): Promise<void> {
    this.reconnecting ??= this.reopen(keepTrying, onFailure).finally(() => {
      this.reconnecting = null;
    });
    return this.reconnecting;
  }

  private async reopen(
    keepTrying: () => boolean,
    onFailure: (codeName: string) => void,
  ): Promise<void> {
    void closeQuietly(this.client, 100);
    while (keepTrying()) {
      try {
        const client = await openBoundClient(this.params);
        if (!keepTrying()) {
          void closeQuietly(client, 100);
          return;
        }
        this.client = client;
        return;
      } catch (err) {
        onFailure(failureCodeName(err));
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_PAUSE_MS));
      }
    }
  }

  /** Unbinds and closes, waiting at most `maxWaitMs`. */
  close(maxWaitMs: number): Promise<void> {
    return closeQuietly(this.client, maxWaitMs);
  }
}

/**
 * Opens `count` bound connections, at most `parallel` at a time (a burst of thousands of connects
 * would be refused or time out). On the first failure, or when `aborted()` turns true, it stops
 * opening, closes what it opened and rejects.
 */
export async function openSlots(
  params: LdapConnectionParams,
  count: number,
  parallel: number,
  aborted: () => boolean,
): Promise<ConnectionSlot[]> {
  const slots: ConnectionSlot[] = [];
  let next = 0;
  let failure: unknown = null;
  const opener = async (): Promise<void> => {
    while (next < count && failure === null && !aborted()) {
      next++;
      try {
        slots.push(new ConnectionSlot(await openBoundClient(params), params));
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
