// Request controls as bytes (RFC 4511 section 4.1.11) and as ldapts Control objects carrying the
// same bytes, plus the values of the controls DirBench knows: proxied authorization v2 (RFC 4370),
// assertion (RFC 4528), pre-read and post-read (RFC 4527).
import { BerWriter, Control } from 'ldapts';
import type { BerReader, Filter } from 'ldapts';
import { berString, mustReadTlv, tlv } from '../../responder/ber.ts';

/** OIDs of the controls DirBench builds itself. */
export const CONTROL_OID = {
  proxiedAuth: '2.16.840.1.113730.3.4.18',
  assertion: '1.3.6.1.1.12',
  preRead: '1.3.6.1.1.13.1',
  postRead: '1.3.6.1.1.13.2',
  permissiveModify: '1.2.840.113556.1.4.1413',
} as const;

const SEQUENCE = 0x30;
const BOOLEAN = 0x01;
/** The [0] Controls element that follows the protocol op in an LDAPMessage. */
const CONTROLS = 0xa0;

/** One control as the wire has it; `value` null for a control without one. */
export interface ControlBytes {
  oid: string;
  critical: boolean;
  value: Buffer | null;
}

/**
 * The Control SEQUENCE of one control, criticality always written (false too) as ldapts writes it,
 * so a lean request is byte for byte the one ldapts would send.
 */
export function encodeControl(control: ControlBytes): Buffer {
  return tlv(
    SEQUENCE,
    berString(control.oid),
    tlv(BOOLEAN, Buffer.from([control.critical ? 0xff : 0x00])),
    ...(control.value === null ? [] : [berString(control.value)]),
  );
}

/** The [0] Controls element of a request: appended after its protocol op. */
export function controlsElement(encoded: readonly Buffer[]): Buffer {
  return tlv(CONTROLS, ...encoded);
}

/** RFC 4370: the value is the authorization identity itself (`dn:...` or `u:...`), not BER-wrapped. */
export function proxiedAuthValue(authzId: string): Buffer {
  return Buffer.from(authzId, 'utf8');
}

/** RFC 4528: the value is the filter, BER-encoded as in a SearchRequest (ldapts' own encoding). */
export function assertionValue(filter: Filter): Buffer {
  const writer = new BerWriter();
  filter.write(writer);
  return Buffer.from(writer.buffer);
}

/** RFC 4527: the value is an AttributeSelection, a SEQUENCE OF attribute descriptions. */
export function readAttributesValue(attributes: readonly string[]): Buffer {
  return tlv(SEQUENCE, ...attributes.map((a) => berString(a)));
}

/** A control whose value is given as bytes, for ldapts' own calls (the path beside the lean one). */
export class EncodedControl extends Control {
  private readonly value: Buffer | null;

  constructor(control: ControlBytes) {
    super(control.oid, { critical: control.critical });
    this.value = control.value;
  }

  protected override writeControl(writer: BerWriter): void {
    if (this.value !== null) writer.writeBuffer(this.value, 0x04);
  }
}

/** An entry a pre-read or post-read response control returned: its DN and attribute values. */
export interface ReadEntry {
  dn: string;
  attributes: Record<string, string[]>;
}

/**
 * A pre-read or post-read request control that takes in its response: ldapts hands a response
 * control to the request control of the same OID, so one object per request is needed.
 */
export class ReadEntryControl extends EncodedControl {
  /** The entry of the response control; null until (unless) the server sent one. */
  entry: ReadEntry | null = null;

  protected override parseControl(reader: BerReader): void {
    this.entry = decodeReadEntry(reader.buffer);
  }
}

/** Decodes a pre-read or post-read response control's value: a SearchResultEntry (RFC 4527 section 3.2). */
export function decodeReadEntry(value: Buffer): ReadEntry {
  const { readTlvs, text } = berReading(value);
  const [entry] = readTlvs(0, value.length);
  if (entry?.tag !== 0x64) throw new Error('a read entry control value is not a SearchResultEntry');
  const [dn, attributeList] = readTlvs(entry.start, entry.end);
  if (dn === undefined || attributeList === undefined) {
    throw new Error('a read entry control value has no DN or no attribute list');
  }
  const attributes: Record<string, string[]> = {};
  for (const attribute of readTlvs(attributeList.start, attributeList.end)) {
    const [type, values] = readTlvs(attribute.start, attribute.end);
    if (type === undefined || values === undefined) continue;
    attributes[text(type)] = readTlvs(values.start, values.end).map(text);
  }
  return { dn: text(dn), attributes };
}

/** Reading TLVs out of one buffer. */
function berReading(buf: Buffer): {
  readTlvs: (from: number, to: number) => { tag: number; start: number; end: number }[];
  text: (t: { start: number; end: number }) => string;
} {
  const readTlvs = (from: number, to: number): { tag: number; start: number; end: number }[] => {
    const out = [];
    for (let pos = from; pos < to;) {
      const t = mustReadTlv(buf, pos, to);
      out.push(t);
      pos = t.end;
    }
    return out;
  };
  return { readTlvs, text: (t) => buf.toString('utf8', t.start, t.end) };
}
