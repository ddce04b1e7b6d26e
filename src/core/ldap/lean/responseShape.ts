// Checks that a server's message has the shape RFC 4511 gives its kind before ldapts parses it:
// ldapts' reader returns null instead of failing when an element runs past the message, and its
// parse loops (`while (offset < end)`) then never advance - one bad entry spun a worker until it
// ran out of memory. A message that passes has every element inside its parent, as ldapts reads it.
import { readTlv } from '../../responder/ber.ts';

/** Element tags as LDAP uses them. */
const INTEGER = 0x02;
const BOOLEAN = 0x01;
const OCTETS = 0x04;
const ENUMERATED = 0x0a;
const SEQUENCE = 0x30;
const SET = 0x31;
const CONTROLS = 0xa0;
const REFERRAL = 0xa3;

/** Protocol ops built as an LDAPResult, with the optional tagged fields that may follow it. */
const RESULT_EXTRAS = new Map<number, readonly number[]>([
  [0x61, [0x87]], // BindResponse: serverSaslCreds
  [0x65, []],
  [0x67, []],
  [0x69, []],
  [0x6b, []],
  [0x6d, []],
  [0x6f, []],
  [0x78, [0x8a, 0x8b]], // ExtendedResponse: responseName, responseValue
]);
const SEARCH_ENTRY = 0x64;
const SEARCH_REFERENCE = 0x73;
const INTERMEDIATE = 0x79;

/** The children of the constructed element at [start, end): each tag and bounds; null if they do not tile it. */
function children(
  buf: Buffer,
  start: number,
  end: number,
): { tag: number; start: number; end: number }[] | null {
  const out: { tag: number; start: number; end: number }[] = [];
  for (let pos = start; pos < end;) {
    const tlv = readTlv(buf, pos, end);
    if (tlv === null) return null;
    out.push(tlv);
    pos = tlv.end;
  }
  return out;
}

/** Elements with `tags`, each in order and each optional (a prefix of them, none out of order or twice). */
function optionalInOrder(kids: { tag: number }[], tags: readonly number[]): boolean {
  let t = 0;
  for (const kid of kids) {
    while (t < tags.length && tags[t] !== kid.tag) t++;
    if (t === tags.length) return false;
    t++;
  }
  return true;
}

/** Every child of [start, end) is an element with `tag` whose own content passes `inner`. */
function allOf(
  buf: Buffer,
  start: number,
  end: number,
  tag: number,
  inner: (s: number, e: number) => boolean = () => true,
): boolean {
  const kids = children(buf, start, end);
  return kids !== null && kids.every((k) => k.tag === tag && inner(k.start, k.end));
}

/** An LDAPResult followed by the op's optional fields: resultCode, matchedDN, diagnosticMessage, referral? */
function resultShape(buf: Buffer, start: number, end: number, extras: readonly number[]): boolean {
  const kids = children(buf, start, end);
  if (kids === null || kids.length < 3) return false;
  const [code, matched, text] = kids as [
    { tag: number; start: number; end: number },
    ...{ tag: number; start: number; end: number }[],
  ];
  // resultCode is a non-negative ENUMERATED (RFC 4511 4.1.9) that ldapts reads in at most 4 bytes.
  if (code.tag !== ENUMERATED || code.end === code.start || code.end - code.start > 4) return false;
  if ((buf[code.start] as number) >= 0x80) return false;
  if (matched?.tag !== OCTETS || text?.tag !== OCTETS) return false;
  let rest = kids.slice(3);
  const referral = rest[0];
  if (referral?.tag === REFERRAL) {
    if (!allOf(buf, referral.start, referral.end, OCTETS)) return false;
    rest = rest.slice(1);
  }
  return optionalInOrder(rest, extras);
}

/** SearchResultEntry: objectName, then attributes SEQUENCE OF { type, vals SET OF value }. */
function entryShape(buf: Buffer, start: number, end: number): boolean {
  const kids = children(buf, start, end);
  if (kids?.length !== 2) return false;
  const [name, list] = kids as [
    { tag: number; start: number; end: number },
    { tag: number; start: number; end: number },
  ];
  if (name.tag !== OCTETS || list.tag !== SEQUENCE) return false;
  return allOf(buf, list.start, list.end, SEQUENCE, (s, e) => {
    const parts = children(buf, s, e);
    if (parts?.length !== 2) return false;
    const [type, values] = parts as [
      { tag: number; start: number; end: number },
      { tag: number; start: number; end: number },
    ];
    return (
      type.tag === OCTETS && values.tag === SET && allOf(buf, values.start, values.end, OCTETS)
    );
  });
}

/** Controls: SEQUENCE OF { controlType, criticality BOOLEAN?, controlValue? }. */
function controlsShape(buf: Buffer, start: number, end: number): boolean {
  return allOf(buf, start, end, SEQUENCE, (s, e) => {
    const parts = children(buf, s, e);
    if (parts === null || parts.length === 0 || parts[0]?.tag !== OCTETS) return false;
    return optionalInOrder(parts.slice(1), [BOOLEAN, OCTETS]);
  });
}

/** The protocol op at [start, end) with `tag` has its kind's shape. */
function opShape(buf: Buffer, tag: number, start: number, end: number): boolean {
  const extras = RESULT_EXTRAS.get(tag);
  if (extras !== undefined) return resultShape(buf, start, end, extras);
  if (tag === SEARCH_ENTRY) return entryShape(buf, start, end);
  if (tag === SEARCH_REFERENCE) return end > start && allOf(buf, start, end, OCTETS);
  if (tag === INTERMEDIATE) {
    const kids = children(buf, start, end);
    return kids !== null && optionalInOrder(kids, [0x80, 0x81]);
  }
  return false;
}

/** True when `message` (one whole LDAPMessage) is a response of a kind RFC 4511 defines, in its shape. */
export function wellFormedResponse(message: Buffer): boolean {
  try {
    const outer = readTlv(message, 0);
    if (outer?.tag !== SEQUENCE || outer.end !== message.length) return false;
    const kids = children(message, outer.start, outer.end);
    if (kids === null || kids.length < 2 || kids.length > 3) return false;
    const [id, op, controls] = kids;
    if (id?.tag !== INTEGER || id.end === id.start || id.end - id.start > 4 || op === undefined)
      return false;
    if (
      controls !== undefined &&
      (controls.tag !== CONTROLS || !controlsShape(message, controls.start, controls.end))
    ) {
      return false;
    }
    return opShape(message, op.tag, op.start, op.end);
  } catch {
    // Framing LDAP never uses inside the message (readTlv throws on it).
    return false;
  }
}
