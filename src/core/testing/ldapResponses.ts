// Whole LDAP response messages as a server writes them, for tests of the client side.
import { tlv } from '../responder/ber.ts';
import {
  encodeAttributes,
  encodeEntryMessage,
  encodeMessage,
  encodeResult,
} from '../responder/ldapMessages.ts';

/** Message `id`: a result with response tag `tag`, result code `code` and diagnostic `text`. */
export function resultMessage(id: number, tag: number, code: number, text = ''): Buffer {
  return encodeMessage(id, encodeResult(tag, code, text));
}

/** Message `id`: a SearchResultEntry for `dn` with `attributes`. */
export function entryMessage(id: number, dn: string, attributes: Record<string, string[]>): Buffer {
  return encodeEntryMessage(id, dn, encodeAttributes(attributes));
}

/** Message `id`: a SearchResultReference to `url`. */
export function referenceMessage(id: number, url: string): Buffer {
  return encodeMessage(id, tlv(0x73, tlv(0x04, Buffer.from(url))));
}
