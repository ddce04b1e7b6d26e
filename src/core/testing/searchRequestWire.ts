// Compares the SearchRequests two LDAP clients put on the wire (RFC 4511 section 4.5.1), ignoring only
// the message id and the base DN, so the peer benchmark can show both tools send the same request.
import { lengthSize, mustReadTlv, readTlv, tlvInteger } from '../responder/ber.ts';
import type { Tlv } from '../responder/ber.ts';

/** Tag of a SearchRequest protocol op: [APPLICATION 3], constructed. */
const SEARCH_REQUEST_TAG = 0x63;
/** Tag of the optional controls of an LDAPMessage: [0], constructed. */
const CONTROLS_TAG = 0xa0;

/** One part of an encoded request, as compared: `value` is hex or a description of a header's form. */
export interface WireField {
  name: string;
  value: string;
  /** What the value means, for the report (a number, attribute names, control OIDs). */
  meaning: string;
}

/** A SearchRequest message cut into comparable parts. */
export interface SearchRequestParts {
  messageId: number;
  baseDn: string;
  /** Every part of the message but the message id's value and the base DN's value. */
  fields: WireField[];
}

/** One difference between two requests. */
export interface WireDifference {
  field: string;
  left: WireField | null;
  right: WireField | null;
}

/** Splits a client's byte stream into complete LDAPMessages (outer SEQUENCE TLVs), chunk by chunk. */
export class LdapMessageFramer {
  #pending: Buffer = Buffer.alloc(0);
  readonly #maxMessageBytes: number;

  /** A message (or unparsed remainder) longer than `maxMessageBytes` throws, so memory stays bounded. */
  constructor(maxMessageBytes = 1 << 20) {
    this.#maxMessageBytes = maxMessageBytes;
  }

  /** Adds bytes read from the socket; returns the messages they completed (copies, in order). */
  push(chunk: Buffer): Buffer[] {
    this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    const messages: Buffer[] = [];
    let offset = 0;
    for (;;) {
      const tag = this.#pending[offset];
      // Checked before the length, which in a stream that is not LDAP may claim anything.
      if (tag !== undefined && tag !== 0x30) {
        throw new RangeError(`an LDAPMessage starts with 0x30, not 0x${hexByte(tag)}`);
      }
      const message = readTlv(this.#pending, offset);
      if (message === null) break;
      messages.push(Buffer.from(this.#pending.subarray(offset, message.end)));
      offset = message.end;
    }
    this.#pending = this.#pending.subarray(offset);
    if (this.#pending.length > this.#maxMessageBytes) {
      throw new RangeError(`an LDAPMessage is longer than ${this.#maxMessageBytes} bytes`);
    }
    return messages;
  }
}

function hexByte(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}

/** Bytes as spaced hex pairs: `30 0c 02 01 01`. */
function hex(buf: Buffer, start = 0, end = buf.length): string {
  return [...buf.subarray(start, end)].map(hexByte).join(' ');
}

/** A header's tag and length form; the length's value is not compared (it follows the DN's and id's). */
function headerForm(name: string, buf: Buffer, offset: number, tlv: Tlv): WireField {
  const lengthBytes = tlv.start - offset - 1;
  const minimal = lengthSize(tlv.end - tlv.start);
  const extra = lengthBytes - minimal;
  return {
    name,
    value: `tag ${hexByte(tlv.tag)}, length in ${extra === 0 ? 'minimal form' : `${extra} more byte(s) than needed`}`,
    meaning: `header ${hex(buf, offset, tlv.start)}`,
  };
}

/** An INTEGER's encoding is minimal when its first 9 bits are not all equal (X.690 8.3.2). */
function integerIsMinimal(buf: Buffer, tlv: Tlv): boolean {
  if (tlv.end - tlv.start < 2) return true;
  const first = buf[tlv.start] as number;
  const second = buf[tlv.start + 1] as number;
  return !((first === 0x00 && second < 0x80) || (first === 0xff && second >= 0x80));
}

/** What a field's content bytes mean, for the report; may throw on bytes that do not decode. */
type Meaning = (buf: Buffer, tlv: Tlv) => string;

const integerMeaning: Meaning = (buf, tlv) => String(tlvInteger(buf, tlv));

/** Each element of a list field as text: its content, or with `nested` its first TLV's (control OIDs). */
function elementTexts(buf: Buffer, tlv: Tlv, nested: boolean): string[] {
  const texts: string[] = [];
  for (let p = tlv.start; p < tlv.end;) {
    const element = mustReadTlv(buf, p, tlv.end);
    const first = nested ? mustReadTlv(buf, element.start, element.end) : element;
    texts.push(buf.toString('utf8', first.start, first.end));
    p = element.end;
  }
  return texts;
}

/** The fields of a SearchRequest after its baseObject, in wire order, with what their bytes mean. */
const SEARCH_FIELDS: Readonly<Record<string, Meaning>> = {
  scope: integerMeaning,
  derefAliases: integerMeaning,
  sizeLimit: integerMeaning,
  timeLimit: integerMeaning,
  typesOnly: (buf, tlv) => (buf[tlv.start] === 0 ? 'false' : 'true'),
  filter: (_buf, tlv) => `tag ${hexByte(tlv.tag)}, ${tlv.end - tlv.start} content bytes`,
  attributes: (buf, tlv) => {
    const names = elementTexts(buf, tlv, false);
    return names.length === 0 ? '(none: all user attributes)' : names.join(', ');
  },
};

const controlsMeaning: Meaning = (buf, tlv) =>
  `control OIDs: ${elementTexts(buf, tlv, true).join(', ')}`;

/** A field compared byte for byte (tag, length and content). */
function exactField(
  name: string,
  meaning: Meaning,
  buf: Buffer,
  offset: number,
  tlv: Tlv,
): WireField {
  let text: string;
  try {
    text = meaning(buf, tlv);
  } catch {
    text = 'undecodable';
  }
  return { name, value: hex(buf, offset, tlv.end), meaning: text };
}

/**
 * Cuts one complete LDAPMessage into comparable parts; null when it is not a SearchRequest.
 * Throws a RangeError when the message is not valid BER.
 */
export function parseSearchRequest(message: Buffer): SearchRequestParts | null {
  const envelope = mustReadTlv(message, 0, message.length);
  if (envelope.tag !== 0x30) throw new RangeError('an LDAPMessage starts with 0x30');
  if (envelope.end !== message.length) throw new RangeError('bytes after the LDAPMessage');
  const id = mustReadTlv(message, envelope.start, envelope.end);
  const op = mustReadTlv(message, id.end, envelope.end);
  if (op.tag !== SEARCH_REQUEST_TAG) return null;
  const fields: WireField[] = [
    headerForm('LDAPMessage', message, 0, envelope),
    {
      name: 'messageID',
      value: `tag ${hexByte(id.tag)}, ${integerIsMinimal(message, id) ? 'minimal' : 'non-minimal'} integer`,
      meaning: `value ${hex(message, id.start, id.end)}`,
    },
    headerForm('protocolOp', message, id.end, op),
  ];
  const base = mustReadTlv(message, op.start, op.end);
  fields.push(headerForm('baseObject', message, op.start, base));
  let pos = base.end;
  for (const [name, meaning] of Object.entries(SEARCH_FIELDS)) {
    const field = mustReadTlv(message, pos, op.end);
    fields.push(exactField(name, meaning, message, pos, field));
    pos = field.end;
  }
  if (pos < op.end) {
    fields.push({
      name: 'after attributes',
      value: hex(message, pos, op.end),
      meaning: 'bytes past the last field',
    });
  }
  pos = op.end;
  if (pos < envelope.end) {
    const controls = mustReadTlv(message, pos, envelope.end);
    fields.push(
      controls.tag === CONTROLS_TAG
        ? exactField('controls', controlsMeaning, message, pos, controls)
        : {
            name: 'after protocolOp',
            value: hex(message, pos, envelope.end),
            meaning: 'bytes that are not controls',
          },
    );
    if (controls.end < envelope.end && controls.tag === CONTROLS_TAG) {
      fields.push({
        name: 'after controls',
        value: hex(message, controls.end, envelope.end),
        meaning: 'bytes past the controls',
      });
    }
  } else {
    fields.push({ name: 'controls', value: 'absent', meaning: 'no controls' });
  }
  return {
    messageId: tlvInteger(message, id),
    baseDn: message.toString('utf8', base.start, base.end),
    fields,
  };
}

/** Every field in which two requests differ (empty when they match but for message id and base DN). */
export function compareSearchRequests(
  left: SearchRequestParts,
  right: SearchRequestParts,
): WireDifference[] {
  const names = [...new Set([...left.fields, ...right.fields].map((f) => f.name))];
  const differences: WireDifference[] = [];
  for (const name of names) {
    const l = left.fields.find((f) => f.name === name) ?? null;
    const r = right.fields.find((f) => f.name === name) ?? null;
    if (l?.value !== r?.value) differences.push({ field: name, left: l, right: r });
  }
  return differences;
}

/** One line per difference: `sizeLimit: searchrate 02 01 00 (0) | dirbench 02 01 05 (5)`. */
export function describeDifferences(
  differences: readonly WireDifference[],
  leftName: string,
  rightName: string,
): string {
  const side = (field: WireField | null): string =>
    field === null ? 'absent' : `${field.value} (${field.meaning})`;
  return differences
    .map((d) => `${d.field}: ${leftName} ${side(d.left)} | ${rightName} ${side(d.right)}`)
    .join('\n');
}

/** A hex dump, 16 bytes a line with offsets and printable ASCII, as `xxd` prints it. */
export function hexDump(buf: Buffer): string {
  const lines: string[] = [];
  for (let offset = 0; offset < buf.length; offset += 16) {
    const row = buf.subarray(offset, offset + 16);
    const ascii = [...row].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.'));
    lines.push(
      `${offset.toString(16).padStart(8, '0')}: ${hex(row).padEnd(47)}  ${ascii.join('')}`,
    );
  }
  return lines.join('\n');
}
