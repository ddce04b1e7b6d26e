// Loads an LDIF into a running server over LDAP: adds on parallel connections, each entry only once
// its parent's add has completed, timed, the way M-Vault measured "adds over protocol".
import { Attribute, Client } from 'ldapts';
import { dnKey } from '../ldif/dn.ts';
import { readLdif } from '../ldif/entries.ts';
import type { LdifEntry } from '../ldif/entries.ts';
import { parentDn } from '../workload/entryPicker.ts';

/** Where and how to load. */
export interface ProtocolLoadOptions {
  url: string;
  bindDn: string;
  password: string;
  ldifPath: string;
  /** How each entry is sent, when not as written (a moved suffix, a server's own attributes). */
  adapt?: (entry: LdifEntry) => LdifEntry;
  /** Connections adding at the same time, one request outstanding on each. */
  connections: number;
  signal: AbortSignal;
  /** Entries added so far, about twice a second. */
  onProgress(added: number): void;
}

/** ldapts attributes: text values as strings, an attribute with any binary value as Buffers. */
function toAttributes(values: Record<string, (string | Buffer)[]>): Attribute[] {
  return Object.entries(values).map(([type, list]) =>
    list.every((v): v is string => typeof v === 'string')
      ? new Attribute({ type, values: list })
      : new Attribute({
          type,
          values: list.map((v) => (typeof v === 'string' ? Buffer.from(v) : v)),
        }),
  );
}

/** True when `dn` exists (a base search finds it). */
async function entryExists(client: Client, dn: string): Promise<boolean> {
  try {
    const { searchEntries } = await client.search(dn, {
      scope: 'base',
      filter: '(objectClass=*)',
      attributes: ['1.1'],
    });
    return searchEntries.length > 0;
  } catch {
    return false;
  }
}

/**
 * Adds every entry of the LDIF; resolves with how many, rejects naming the entry that failed. The
 * first entry (the suffix) may exist already.
 */
export async function loadOverProtocol(opts: ProtocolLoadOptions): Promise<number> {
  const clients: Client[] = [];
  const inFlight = new Map<string, Promise<void>>();
  const entries = readLdif(opts.ldifPath);
  let added = 0;
  let first = true;
  const timer = setInterval(() => opts.onProgress(added), 500);
  try {
    for (let i = 0; i < opts.connections; i++) {
      const client = new Client({ url: opts.url, timeout: 120_000, connectTimeout: 10_000 });
      clients.push(client);
      // Awaited before any add: concurrent first operations on an ldapts client can hang.
      await client.bind(opts.bindDn, opts.password);
    }
    const adder = async (client: Client): Promise<void> => {
      for (;;) {
        opts.signal.throwIfAborted();
        const next = await entries.next();
        if (next.done === true) return;
        const entry = opts.adapt?.(next.value) ?? next.value;
        const parent = inFlight.get(dnKey(parentDn(entry.dn)));
        const key = dnKey(entry.dn);
        const suffix = first;
        first = false;
        // Registered before the first await, so a child taken next by another connection waits for it.
        const adding = (async () => {
          if (parent !== undefined) await parent;
          await client.add(entry.dn, toAttributes(entry.attributes)).catch(async (err: unknown) => {
            if (!suffix || !(await entryExists(client, entry.dn))) throw err;
          });
        })().catch((err: unknown) => {
          throw new Error(
            `adding ${entry.dn} (LDIF line ${entry.line}) failed: ${err instanceof Error ? err.message : String(err)}`,
          );
        });
        inFlight.set(key, adding);
        try {
          await adding;
        } finally {
          inFlight.delete(key);
        }
        added++;
      }
    };
    await Promise.all(clients.map(adder));
    opts.onProgress(added);
    return added;
  } finally {
    clearInterval(timer);
    await entries.return(undefined);
    await Promise.all(clients.map((c) => c.unbind().catch(() => undefined)));
  }
}
