// Lean request encoders: each encodes its operation once with ldapts' own writer, keeps the fixed
// bytes, and per op writes only the message id and the values that vary (DN, filter, values).
import {
  Attribute,
  BerWriter,
  Change,
  CompareRequest,
  DeleteRequest,
  ExtendedRequest,
  ModifyRequest,
  PresenceFilter,
  SearchRequest,
} from 'ldapts';
import type { Filter, Message } from 'ldapts';
import { readTlv } from '../../responder/ber.ts';
import type { Tlv } from '../../responder/ber.ts';
import { MAX_BER_LENGTH, tlvSize, writeLength, writeStringTlv } from './berWrite.ts';
import { HEADER_ROOM, PreparedRequest, allocRequest } from './prepared.ts';
import type { LeanKind } from './prepared.ts';

/** The BerWriter fields that make it empty again (private in ldapts; e2e/integration/ldapts-internals.test.ts checks them). */
interface BerWriterInternals {
  currentOffset: number;
  sequenceOffsets: number[];
}

/** Empties `writer` for reuse: a new BerWriter per op costs a zero-filled buffer (~0.5 us). */
function emptied(writer: BerWriter): BerWriter {
  const internals = writer as unknown as BerWriterInternals;
  internals.currentOffset = 0;
  internals.sequenceOffsets.length = 0;
  return writer;
}

/** Largest body that leaves room for the header under ldapts' length bound (a 6-byte message id). */
const MAX_BODY = MAX_BER_LENGTH - 6;

const OCTET_STRING = 0x04;
const SEQUENCE = 0x30;
const SET = 0x31;

/** Protocol op tags (RFC 4511 section 4.2 onwards). */
const TAG = {
  searchRequest: 0x63,
  searchDone: 0x65,
  modifyRequest: 0x66,
  modifyResponse: 0x67,
  deleteRequest: 0x4a,
  deleteResponse: 0x6b,
  compareRequest: 0x6e,
  compareResponse: 0x6f,
  extendedRequest: 0x77,
  extendedResponse: 0x78,
} as const;

/** An ExtendedRequest's requestValue ([1] OCTET STRING). */
const REQUEST_VALUE = 0x81;

/**
 * A request whose op (constructed, tag `opTag`) holds the DN and then `restLength` more bytes, written
 * up to the end of the DN: the rest goes in the buffer's last `restLength` bytes. Null when the request
 * is too long for the lean path.
 */
function requestAfterDn(opTag: number, dn: string, restLength: number): Buffer | null {
  const dnLength = Buffer.byteLength(dn);
  const contentLength = tlvSize(dnLength) + restLength;
  const bodyLength = tlvSize(contentLength);
  if (bodyLength > MAX_BODY) return null;
  const buf = allocRequest(bodyLength);
  buf[HEADER_ROOM] = opTag;
  const pos = writeLength(buf, HEADER_ROOM + 1, contentLength);
  writeStringTlv(buf, pos, OCTET_STRING, dn, dnLength);
  return buf;
}

/**
 * A request whose op holds the DN and then one SEQUENCE of `sequenceLength` content bytes (a compare's
 * assertion, a modify's changes), written up to that content: it goes in the buffer's last bytes.
 */
function requestDnSequence(opTag: number, dn: string, sequenceLength: number): Buffer | null {
  const restLength = tlvSize(sequenceLength);
  const buf = requestAfterDn(opTag, dn, restLength);
  if (buf === null) return null;
  const pos = buf.length - restLength;
  buf[pos] = SEQUENCE;
  writeLength(buf, pos + 1, sequenceLength);
  return buf;
}

/** A TLV and the offset of its tag byte. */
interface Field extends Tlv {
  from: number;
}

/** The TLVs directly inside `parent`. */
function children(buf: Buffer, parent: Tlv): Field[] {
  const out: Field[] = [];
  for (let pos = parent.start; pos < parent.end;) {
    const tlv = readTlv(buf, pos, parent.end);
    if (tlv === null) throw new Error('ldapts wrote a truncated BER element');
    out.push({ ...tlv, from: pos });
    pos = tlv.end;
  }
  return out;
}

/** The TLVs of the protocol op of a message ldapts encoded, checked against the shape expected. */
function opFields(
  message: Message,
  opTag: number,
  fields: number,
): { bytes: Buffer; tlvs: Field[] } {
  const bytes = message.write();
  const outer = readTlv(bytes, 0);
  const parts = outer === null ? [] : children(bytes, outer);
  const op = parts[1];
  if (parts.length !== 2 || op?.tag !== opTag) {
    throw new Error(`ldapts encoded a ${message.constructor.name} in an unexpected shape`);
  }
  const tlvs = children(bytes, op);
  if (tlvs.length !== fields) {
    throw new Error(`ldapts encoded a ${message.constructor.name} with ${tlvs.length} fields`);
  }
  return { bytes, tlvs };
}

/** The whole TLV (tag and length included), copied out of the template. */
function whole(buf: Buffer, field: Field): Buffer {
  return Buffer.from(buf.subarray(field.from, field.end));
}

/** A kind whose op succeeds only on the result codes listed. */
function kindOf(message: Message, finalTag: number, accepted: readonly number[]): LeanKind {
  return {
    message,
    finalTag,
    countsEntries: finalTag === TAG.searchDone,
    accepts: (status) => accepted.includes(status),
  };
}

/** The fields of an unpaged, unsorted search that stay the same for every op of an operation. */
export interface LeanSearchFields {
  scope: 'base' | 'one' | 'sub' | 'children';
  derefAliases: 'never' | 'search' | 'find' | 'always';
  sizeLimit: number;
  timeLimitS: number;
  typesOnly: boolean;
  attributes: readonly string[];
}

/** Encodes the SearchRequests of one operation: scope to typesOnly and the attribute list once, DN and filter per op. */
export class SearchEncoder {
  private readonly kind: LeanKind;
  /** scope, derefAliases, sizeLimit, timeLimit and typesOnly, as ldapts wrote them. */
  private readonly middle: Buffer;
  private readonly attributeList: Buffer;
  /** The last filter encoded: a filter that never changes is one object, encoded once. */
  private lastFilter: Filter | null = null;
  /** Its bytes: a view of `filterWriter`, valid until the next filter is encoded. */
  private lastFilterBytes: Buffer = Buffer.alloc(0);
  private readonly filterWriter = new BerWriter({ size: 256 });

  constructor(fields: LeanSearchFields) {
    const template = new SearchRequest({
      messageId: 1,
      baseDN: '',
      scope: fields.scope,
      derefAliases: fields.derefAliases,
      sizeLimit: fields.sizeLimit,
      timeLimit: fields.timeLimitS,
      returnAttributeValues: !fields.typesOnly,
      filter: new PresenceFilter({ attribute: 'objectClass' }),
      attributes: [...fields.attributes],
    });
    const { bytes, tlvs } = opFields(template, TAG.searchRequest, 8);
    // baseObject, scope, derefAliases, sizeLimit, timeLimit, typesOnly, filter, attributes.
    const [baseDn, , , , , typesOnly, , attributes] = tlvs as [Field, ...Field[]];
    this.middle = Buffer.from(bytes.subarray(baseDn.end, (typesOnly as Field).end));
    this.attributeList = whole(bytes, attributes as Field);
    // searchrate's rule, as countingSearch: sizeLimitExceeded ends a size-limited search well.
    const accepted = fields.sizeLimit > 0 ? [0, 4] : [0];
    this.kind = kindOf(template, TAG.searchDone, accepted);
  }

  /** The request for one op; null when it is too long for the lean path (ldapts then sends it, or refuses it). */
  prepare(baseDn: string, filter: Filter): PreparedRequest | null {
    if (filter !== this.lastFilter) {
      // ldapts' own filter encoding: the filter's bytes are exactly what its SearchRequest would hold.
      this.lastFilter = null;
      const writer = emptied(this.filterWriter);
      filter.write(writer);
      this.lastFilterBytes = writer.buffer;
      this.lastFilter = filter;
    }
    const filterBytes = this.lastFilterBytes;
    const restLength = this.middle.length + filterBytes.length + this.attributeList.length;
    const buf = requestAfterDn(TAG.searchRequest, baseDn, restLength);
    if (buf === null) return null;
    let pos = buf.length - restLength;
    pos += this.middle.copy(buf, pos);
    pos += filterBytes.copy(buf, pos);
    this.attributeList.copy(buf, pos);
    return new PreparedRequest(this.kind, buf);
  }
}

/** Encodes the CompareRequests of one operation: the attribute once, DN and asserted value per op. */
export class CompareEncoder {
  private readonly kind: LeanKind;
  private readonly attributeTlv: Buffer;

  constructor(attribute: string) {
    const template = new CompareRequest({ messageId: 1, dn: '', attribute, value: '' });
    const { bytes, tlvs } = opFields(template, TAG.compareRequest, 2);
    const description = children(bytes, tlvs[1] as Field)[0] as Field;
    this.attributeTlv = whole(bytes, description);
    // compareTrue and compareFalse both answer the question: ldapts' compare() returns true or false.
    this.kind = kindOf(template, TAG.compareResponse, [5, 6]);
  }

  /** The request for one op; null when too long for the lean path. */
  prepare(dn: string, value: string): PreparedRequest | null {
    const valueLength = Buffer.byteLength(value);
    const avaLength = this.attributeTlv.length + tlvSize(valueLength);
    const buf = requestDnSequence(TAG.compareRequest, dn, avaLength);
    if (buf === null) return null;
    let pos = buf.length - avaLength;
    pos += this.attributeTlv.copy(buf, pos);
    writeStringTlv(buf, pos, OCTET_STRING, value, valueLength);
    return new PreparedRequest(this.kind, buf);
  }
}

/** One change of a modify: add, delete or replace values of an attribute. */
export interface LeanChange {
  operation: 'add' | 'delete' | 'replace';
  attribute: string;
}

/** Encodes the ModifyRequests of one operation: each change's operation and attribute once, DN and values per op. */
export class ModifyEncoder {
  private readonly kind: LeanKind;
  /** Per change: its operation ENUMERATED and its attribute description, as ldapts wrote them. */
  private readonly fixed: { operation: Buffer; type: Buffer }[];
  /** UTF-8 lengths of one op's values, computed once and used to size and to write. */
  private readonly lengths: number[] = [];

  constructor(changes: readonly LeanChange[]) {
    const template = new ModifyRequest({
      messageId: 1,
      dn: '',
      changes: changes.map(
        (c) =>
          new Change({
            operation: c.operation,
            modification: new Attribute({ type: c.attribute, values: [] }),
          }),
      ),
    });
    const { bytes, tlvs } = opFields(template, TAG.modifyRequest, 2);
    this.fixed = children(bytes, tlvs[1] as Field).map((change) => {
      const [operation, modification] = children(bytes, change) as [Field, Field];
      return {
        operation: whole(bytes, operation),
        type: whole(bytes, children(bytes, modification)[0] as Field),
      };
    });
    if (this.fixed.length !== changes.length) throw new Error('ldapts dropped a change');
    this.kind = kindOf(template, TAG.modifyResponse, [0]);
  }

  /** The request for one op with `values[i]` the values of change i; null when too long for the lean path. */
  prepare(dn: string, values: readonly (readonly string[])[]): PreparedRequest | null {
    const lengths = this.lengths;
    lengths.length = 0;
    let changesLength = 0;
    for (let i = 0; i < this.fixed.length; i++) {
      const { operation, type } = this.fixed[i] as { operation: Buffer; type: Buffer };
      let setLength = 0;
      for (const value of values[i] ?? []) {
        const length = Buffer.byteLength(value);
        lengths.push(length);
        setLength += tlvSize(length);
      }
      const modificationLength = type.length + tlvSize(setLength);
      changesLength += tlvSize(operation.length + tlvSize(modificationLength));
    }
    const buf = requestDnSequence(TAG.modifyRequest, dn, changesLength);
    if (buf === null) return null;
    let pos = buf.length - changesLength;
    let next = 0;
    for (let i = 0; i < this.fixed.length; i++) {
      const { operation, type } = this.fixed[i] as { operation: Buffer; type: Buffer };
      const changeValues = values[i] ?? [];
      let setLength = 0;
      for (let v = 0; v < changeValues.length; v++) setLength += tlvSize(lengths[next + v] ?? 0);
      const modificationLength = type.length + tlvSize(setLength);
      buf[pos] = SEQUENCE;
      pos = writeLength(buf, pos + 1, operation.length + tlvSize(modificationLength));
      pos += operation.copy(buf, pos);
      buf[pos] = SEQUENCE;
      pos = writeLength(buf, pos + 1, modificationLength);
      pos += type.copy(buf, pos);
      buf[pos] = SET;
      pos = writeLength(buf, pos + 1, setLength);
      for (const value of changeValues) {
        pos = writeStringTlv(buf, pos, OCTET_STRING, value, lengths[next++] ?? 0);
      }
    }
    return new PreparedRequest(this.kind, buf);
  }
}

/** Encodes DeleteRequests: the DN is the whole request (an [APPLICATION 10] string). */
export class DeleteEncoder {
  private readonly kind = kindOf(
    new DeleteRequest({ messageId: 1, dn: '' }),
    TAG.deleteResponse,
    [0],
  );

  /** The request for one op; null when too long for the lean path. */
  prepare(dn: string): PreparedRequest | null {
    const dnLength = Buffer.byteLength(dn);
    const bodyLength = tlvSize(dnLength);
    if (bodyLength > MAX_BODY) return null;
    const buf = allocRequest(bodyLength);
    writeStringTlv(buf, HEADER_ROOM, TAG.deleteRequest, dn, dnLength);
    return new PreparedRequest(this.kind, buf);
  }
}

/** Encodes the ExtendedRequests (RFC 4511 4.12) of one OID: its name once, its value (if any) per op. */
export class ExtendedEncoder {
  private readonly kind: LeanKind;
  private readonly nameTlv: Buffer;

  constructor(oid: string) {
    const template = new ExtendedRequest({ messageId: 1, oid });
    const { bytes, tlvs } = opFields(template, TAG.extendedRequest, 1);
    this.nameTlv = whole(bytes, tlvs[0] as Field);
    this.kind = kindOf(template, TAG.extendedResponse, [0]);
  }

  /** The request for one op (`value` null: none sent); null when too long for the lean path. */
  prepare(value: Buffer | null): PreparedRequest | null {
    const valueSize = value === null ? 0 : tlvSize(value.length);
    const contentLength = this.nameTlv.length + valueSize;
    const bodyLength = tlvSize(contentLength);
    if (bodyLength > MAX_BODY) return null;
    const buf = allocRequest(bodyLength);
    buf[HEADER_ROOM] = TAG.extendedRequest;
    let pos = writeLength(buf, HEADER_ROOM + 1, contentLength);
    pos += this.nameTlv.copy(buf, pos);
    if (value !== null) {
      buf[pos] = REQUEST_VALUE;
      value.copy(buf, writeLength(buf, pos + 1, value.length));
    }
    return new PreparedRequest(this.kind, buf);
  }
}
