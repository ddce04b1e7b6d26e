// A persistent search (draft-ietf-ldapext-psearch, control 2.16.840.1.113730.3.4.3) on one entry:
// the server sends the entry each time it is modified, so a consumer that supports it (389 DS)
// tells the lag probe of each marker as it applies it, with no polling interval in the way.
import { Client, PresenceFilter, SearchEntry, SearchRequest } from 'ldapts';
import { baseValues } from '../lab/replicas/baseValues.ts';
import { internalsOf } from '../ldap/clientInternals.ts';
import { EncodedControl } from '../ldap/controls/encodeControls.ts';
import { berInteger, tlv } from '../responder/ber.ts';

/** The persistent search control's OID, as a root DSE lists it in supportedControl. */
export const PERSISTENT_SEARCH_OID = '2.16.840.1.113730.3.4.3';

/** changeTypes bit of modify (add 1, delete 2, modify 4, modDN 8). */
const MODIFY = 4;

/** An open persistent search: `ended` settles when it stops (error, closed connection, `close`). */
export interface PersistentWatch {
  ended: Promise<void>;
  close(): void;
}

/** Whether the server at `url` lists the persistent search control in its root DSE. */
export async function supportsPersistentSearch(
  url: string,
  bindDn: string,
  password: string,
): Promise<boolean> {
  try {
    const controls = await baseValues(url, bindDn, password, '', 'supportedControl');
    return controls.includes(PERSISTENT_SEARCH_OID);
  } catch {
    // Not readable (or not reachable yet): the consumer is polled, which works everywhere.
    return false;
  }
}

/**
 * Opens a persistent search for modifications of `dn` (changes only, no entry change notice) and
 * calls `onValue` with the entry's first `attribute` value each time the server sends it. The
 * request never ends by itself, so it goes out under ldapts without a timeout and its entries are
 * taken from the client's message stream as they arrive.
 */
export async function watchEntry(
  endpoint: { url: string; bindDn: string; password: string },
  dn: string,
  attribute: string,
  onValue: (value: string) => void,
): Promise<PersistentWatch> {
  const client = new Client({ url: endpoint.url, timeout: 0, connectTimeout: 5_000 });
  await client.bind(endpoint.bindDn, endpoint.password);
  const internals = internalsOf(client);
  const messageId = internals._nextMessageId();
  const parser = internals.messageParser;
  const others = parser.listeners('message') as ((message: unknown) => void)[];
  parser.removeAllListeners('message');
  parser.on('message', (message: unknown) => {
    if (message instanceof SearchEntry && message.messageId === messageId) {
      const found = message.attributes.find((a) => a.type.toLowerCase() === attribute);
      onValue(String(found?.values[0] ?? ''));
      return;
    }
    for (const listener of others) listener(message);
  });
  const value = tlv(
    0x30,
    berInteger(MODIFY),
    tlv(0x01, Buffer.from([0xff])),
    tlv(0x01, Buffer.from([0x00])),
  );
  const request = new SearchRequest({
    messageId,
    baseDN: dn,
    scope: 'base',
    filter: new PresenceFilter({ attribute: 'objectClass' }),
    attributes: [attribute],
    // ldapts would ask for a 10 s time limit, which ends a persistent search too.
    timeLimit: 0,
    sizeLimit: 0,
    controls: [new EncodedControl({ oid: PERSISTENT_SEARCH_OID, critical: true, value })],
  });
  const ended = internals._send(request).then(
    () => undefined,
    () => undefined,
  );
  // A stopped server would hold an unbind: the socket is dropped instead.
  return { ended, close: () => internals.socket?.destroy() };
}
