// LDAP (RFC 4511) request decoding and response encoding for the responder: only the fields it acts on.
import {
  berInteger,
  berString,
  lengthSize,
  mustReadTlv,
  tlv,
  tlvInteger,
  tlvString,
  writeHeader,
} from './ber.ts';

/** Protocol op tags of requests ([APPLICATION n], constructed unless noted). */
export const REQUEST_TAG = {
  bind: 0x60,
  unbind: 0x42, // primitive
  search: 0x63,
  modify: 0x66,
  add: 0x68,
  delete: 0x4a, // primitive
  modifyDn: 0x6c,
  compare: 0x6e,
  abandon: 0x50, // primitive
  extended: 0x77,
} as const;

/** Protocol op tags of responses. */
export const RESPONSE_TAG = {
  bind: 0x61,
  searchEntry: 0x64,
  searchDone: 0x65,
  modify: 0x67,
  add: 0x69,
  delete: 0x6b,
  modifyDn: 0x6d,
  compare: 0x6f,
  extended: 0x78,
} as const;

/** LDAP result codes the responder sends. */
export const RESULT = {
  success: 0,
  protocolError: 2,
  compareTrue: 6,
  authMethodNotSupported: 7,
  unavailable: 52,
} as const;

/** OID of the StartTLS extended operation. */
export const START_TLS_OID = '1.3.6.1.4.1.1466.20037';

/** What the responder needs to know about one request. */
export interface DecodedRequest {
  messageId: number;
  /** Protocol op tag (see REQUEST_TAG). */
  opTag: number;
  /** Search only: base object, scope (0 base, 1 one, 2 sub) and requested attribute names. */
  search?: { baseDn: string; scope: number; attributes: string[] };
  /** Bind only: true for a simple bind (anonymous included), false for SASL. */
  simpleBind?: boolean;
  /** Extended only: the request name (OID). */
  extendedOid?: string;
}

/** Decodes one complete LDAPMessage occupying buf[start, end) (the outer SEQUENCE's content). */
export function decodeRequest(buf: Buffer, start: number, end: number): DecodedRequest {
  const idTlv = mustReadTlv(buf, start, end);
  if (idTlv.tag !== 0x02) throw new RangeError('LDAPMessage does not start with a message id');
  const messageId = tlvInteger(buf, idTlv);
  const op = mustReadTlv(buf, idTlv.end, end);
  const request: DecodedRequest = { messageId, opTag: op.tag };
  if (op.tag === REQUEST_TAG.search) {
    const base = mustReadTlv(buf, op.start, op.end);
    const scope = mustReadTlv(buf, base.end, op.end);
    // derefAliases, sizeLimit, timeLimit, typesOnly and filter are accepted and ignored.
    let pos = scope.end;
    for (let i = 0; i < 5; i++) pos = mustReadTlv(buf, pos, op.end).end;
    const attrs = mustReadTlv(buf, pos, op.end);
    const attributes: string[] = [];
    for (let p = attrs.start; p < attrs.end;) {
      const a = mustReadTlv(buf, p, attrs.end);
      attributes.push(tlvString(buf, a));
      p = a.end;
    }
    request.search = { baseDn: tlvString(buf, base), scope: tlvInteger(buf, scope), attributes };
  } else if (op.tag === REQUEST_TAG.bind) {
    const version = mustReadTlv(buf, op.start, op.end);
    const name = mustReadTlv(buf, version.end, op.end);
    const auth = mustReadTlv(buf, name.end, op.end);
    request.simpleBind = auth.tag === 0x80;
  } else if (op.tag === REQUEST_TAG.extended) {
    const name = mustReadTlv(buf, op.start, op.end);
    request.extendedOid = tlvString(buf, name);
  }
  return request;
}

/** An LDAPMessage around an already-encoded protocol op. */
export function encodeMessage(messageId: number, protocolOp: Buffer): Buffer {
  return tlv(0x30, berInteger(messageId), protocolOp);
}

/** An LDAPResult-shaped response op (bind, modify, searchDone...) with `resultCode`. */
export function encodeResult(tag: number, resultCode: number, diagnostic = ''): Buffer {
  return tlv(tag, berInteger(resultCode, 0x0a), berString(''), berString(diagnostic));
}

/** An attribute list (PartialAttributeList) from name -> values. */
export function encodeAttributes(attributes: Record<string, string[]>): Buffer {
  const list = Object.entries(attributes).map(([name, values]) =>
    tlv(0x30, berString(name), tlv(0x31, ...values.map((v) => berString(v)))),
  );
  return tlv(0x30, ...list);
}

/**
 * A complete searchResultEntry message for `dn` with pre-encoded attributes, written into one
 * buffer: this runs once per read during calibration, where the responder's CPU is taken from the client's.
 */
export function encodeEntryMessage(messageId: number, dn: string, attributes: Buffer): Buffer {
  const id = berInteger(messageId);
  const dnLength = Buffer.byteLength(dn, 'utf8');
  const entryLength = 1 + lengthSize(dnLength) + dnLength + attributes.length;
  const messageLength = id.length + 1 + lengthSize(entryLength) + entryLength;
  const buf = Buffer.allocUnsafe(1 + lengthSize(messageLength) + messageLength);
  let pos = writeHeader(buf, 0, 0x30, messageLength);
  pos += id.copy(buf, pos);
  pos = writeHeader(buf, pos, RESPONSE_TAG.searchEntry, entryLength);
  pos = writeHeader(buf, pos, 0x04, dnLength);
  pos += buf.write(dn, pos, 'utf8');
  attributes.copy(buf, pos);
  return buf;
}
