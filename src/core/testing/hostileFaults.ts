// The hostile server's fault modes: what it writes instead of an honest answer, chosen per
// connection by the plan its client binds with (so a session replays from its seed alone).
import { Prng } from '../datagen/prng.ts';
import {
  berInteger,
  berString,
  lengthSize,
  mustReadTlv,
  tlv,
  writeHeader,
} from '../responder/ber.ts';
import { RESPONSE_TAG, encodeMessage } from '../responder/ldapMessages.ts';
import { referenceMessage } from './ldapResponses.ts';

/** Every way the hostile server misbehaves; `good` answers honestly (the control). */
export const FAULT_MODES = [
  'good',
  'malformed',
  'lyingLength',
  'split',
  'huge',
  'oversize',
  'wrongId',
  'repeatedId',
  'notice',
  'referral',
  'silent',
  'closeMid',
  'stallHalf',
  'wrongType',
] as const;

/** One fault mode. */
export type FaultMode = (typeof FAULT_MODES)[number];

/** What a connection's server does: `mode` on its answer number `at` (0: the bind's), varied by `seed`. */
export interface FaultPlan {
  mode: FaultMode;
  at: number;
  seed: number;
}

/** OID of the Notice of Disconnection (RFC 4511 4.4.1). */
export const NOTICE_OF_DISCONNECTION_OID = '1.3.6.1.4.1.1466.20036';

/** Size of the `huge` mode's messages: 16 MiB. */
export const HUGE_MESSAGE_BYTES = 16 << 20;

/** The bind DN that asks the hostile server for `plan`. */
export function planDn(plan: FaultPlan): string {
  return `cn=hostile,fault=${plan.mode},at=${plan.at},seed=${plan.seed}`;
}

/** The plan a bind DN asks for; null for any other DN (the server then answers honestly). */
export function planOf(dn: string): FaultPlan | null {
  const match = /^cn=hostile,fault=(\w+),at=(\d+),seed=(-?\d+)$/.exec(dn);
  if (match === null) return null;
  const mode = FAULT_MODES.find((m) => m === match[1]);
  return mode === undefined ? null : { mode, at: Number(match[2]), seed: Number(match[3]) };
}

/**
 * After a fault: go on answering, ignore everything, close with FIN or RST, or stream garbage
 * (the `oversize` mode's endless body) until the client closes or the cap is reached.
 */
export type AfterFault = 'answer' | 'silent' | 'end' | 'reset' | 'flood';

/** What the server writes for one answer: `chunks` (one byte per write when `paced`), then `then`. */
export interface FaultAction {
  chunks: Buffer[];
  paced: boolean;
  then: AfterFault;
}

/** One honest answer: its messages (a search's entries and done, or one result) and the request it answers. */
export interface HonestAnswer {
  messages: Buffer[];
  messageId: number;
  /** The response tag and result code of its final message. */
  finalTag: number;
  resultCode: number;
}

const RESPONSE_TAGS = [...Object.values(RESPONSE_TAG), 0x73, 0x79];

/** `message` (a whole LDAPMessage) with its message id replaced by `id`. */
function withMessageId(message: Buffer, id: number): Buffer {
  const outer = mustReadTlv(message, 0, message.length);
  const idTlv = mustReadTlv(message, outer.start, outer.end);
  return encodeMessage(id, message.subarray(idTlv.end, outer.end));
}

/** `message` with its protocol op tag replaced by `tag` (lengths kept). */
function withOpTag(message: Buffer, tag: number): Buffer {
  const outer = mustReadTlv(message, 0, message.length);
  const idTlv = mustReadTlv(message, outer.start, outer.end);
  const copy = Buffer.from(message);
  copy[idTlv.end] = tag;
  return copy;
}

/** `message` with its outer length changed by `delta` bytes (written in 4 bytes: any value fits). */
function withOuterLength(message: Buffer, delta: number): Buffer {
  const outer = mustReadTlv(message, 0, message.length);
  const header = Buffer.alloc(6);
  header[0] = 0x30;
  header[1] = 0x84;
  header.writeUInt32BE(Math.max(0, outer.end - outer.start + delta), 2);
  return Buffer.concat([header, message.subarray(outer.start)]);
}

/** An LDAPResult-shaped op with a referral (RFC 4511 4.1.10). */
function referralResult(tag: number): Buffer {
  const uris = tlv(
    0xa3,
    berString('ldap://elsewhere.invalid/o=x'),
    berString('ldap://other.invalid/'),
  );
  return tlv(tag, berInteger(10, 0x0a), berString(''), berString('ask elsewhere'), uris);
}

/** An unsolicited Notice of Disconnection with `code` (message id 0, RFC 4511 4.4.1). */
export function noticeOfDisconnection(code: number): Buffer {
  const op = tlv(
    RESPONSE_TAG.extended,
    berInteger(code, 0x0a),
    berString(''),
    berString('the server is going away'),
    berString(NOTICE_OF_DISCONNECTION_OID, 0x8a),
  );
  return encodeMessage(0, op);
}

/** The `huge` mode's filler, made once (a fuzz run sends it many times). */
let hugeFiller: Buffer | null = null;

/**
 * The `huge` mode's answer: one valid 16 MiB message where the request expects its final one (a
 * result whose diagnosticMessage fills it), as a header and the shared filler: no copy per answer.
 */
function hugeAnswer(answer: HonestAnswer): Buffer[] {
  const id = berInteger(answer.messageId);
  const code = berInteger(answer.resultCode, 0x0a);
  const matched = berString('');
  const fixed = 1 + lengthSize(HUGE_MESSAGE_BYTES) + code.length + matched.length;
  // Sized so that the whole message is HUGE_MESSAGE_BYTES.
  let textBytes = HUGE_MESSAGE_BYTES - 64;
  const opBytes = (): number =>
    code.length + matched.length + 1 + lengthSize(textBytes) + textBytes;
  const total = (): number => {
    const content = id.length + 1 + lengthSize(opBytes()) + opBytes();
    return 1 + lengthSize(content) + content;
  };
  textBytes += HUGE_MESSAGE_BYTES - total();
  hugeFiller ??= Buffer.alloc(HUGE_MESSAGE_BYTES, 0x61);
  const header = Buffer.alloc(fixed + 32);
  let pos = writeHeader(header, 0, 0x30, id.length + 1 + lengthSize(opBytes()) + opBytes());
  pos += id.copy(header, pos);
  pos = writeHeader(header, pos, answer.finalTag, opBytes());
  pos += code.copy(header, pos);
  pos += matched.copy(header, pos);
  pos = writeHeader(header, pos, 0x04, textBytes);
  return [header.subarray(0, pos), hugeFiller.subarray(0, textBytes)];
}

/** Random bytes, `length` of them. */
function randomBytes(rng: Prng, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = rng.int(256);
  return bytes;
}

/** Bytes of an answer broken as `variant` says: flipped bytes, garbage, or framing LDAP forbids. */
function malformed(bytes: Buffer, rng: Prng): Buffer {
  const variant = rng.int(6);
  switch (variant) {
    case 0: {
      const copy = Buffer.from(bytes);
      for (let n = 1 + rng.int(3); n > 0; n--) {
        const at = rng.int(copy.length);
        copy[at] = (copy[at] as number) ^ (1 + rng.int(255));
      }
      return copy;
    }
    case 1:
      return randomBytes(rng, 1 + rng.int(64));
    case 2:
      // Indefinite length (0x80): forbidden by RFC 4511 5.1.
      return Buffer.concat([Buffer.from([0x30, 0x80]), bytes.subarray(2), Buffer.from([0, 0])]);
    case 3:
      // Five length bytes: more than any reader takes.
      return Buffer.from([0x30, 0x85, 0, 0, 0, 0, 4, 0x02, 0x01, 0x01, 0x0a]);
    case 4:
      return Buffer.concat([Buffer.from([0x00]), bytes.subarray(1)]);
    default: {
      // The outer SEQUENCE whole, its content cut short inside the protocol op.
      const outer = mustReadTlv(bytes, 0, bytes.length);
      const cut = outer.start + 3 + rng.int(Math.max(1, outer.end - outer.start - 3));
      const content = bytes.subarray(outer.start, Math.min(cut, outer.end));
      return tlv(0x30, content);
    }
  }
}

/** A length header that claims more than any client should take, for the `oversize` mode. */
function oversizeHeader(rng: Prng): Buffer {
  const claims = [(20 << 20) + 1, 64 << 20, 0x7fff_ffff, 0xffff_ffff];
  const header = Buffer.alloc(6);
  header[0] = 0x30;
  header[1] = 0x84;
  header.writeUInt32BE(claims[rng.int(claims.length)] as number, 2);
  return header;
}

/** What to write for `answer` under `plan` (the fault is due on this answer). */
export function faultAction(
  plan: FaultPlan,
  answer: HonestAnswer,
  previousId: number,
): FaultAction {
  const rng = new Prng(plan.seed);
  const whole = Buffer.concat(answer.messages);
  const first = answer.messages[0] as Buffer;
  const act = (chunks: Buffer[], then: AfterFault = 'answer', paced = false): FaultAction => ({
    chunks,
    paced,
    then,
  });
  switch (plan.mode) {
    case 'good':
      return act(answer.messages);
    case 'malformed':
      return act([malformed(whole, rng)]);
    case 'lyingLength': {
      const delta = rng.int(2) === 0 ? 1 + rng.int(200) : -(1 + rng.int(first.length - 2));
      return act([withOuterLength(first, delta), ...answer.messages.slice(1)]);
    }
    case 'split':
      return act([whole], 'answer', true);
    case 'huge':
      return act(hugeAnswer(answer));
    case 'oversize':
      return act([oversizeHeader(rng)], 'flood');
    case 'wrongId': {
      const ids = [answer.messageId + 1, answer.messageId + 1000, 0, -1, 0x7fff_ffff];
      const id = ids[rng.int(ids.length)] as number;
      return act(answer.messages.map((m) => withMessageId(m, id)));
    }
    case 'repeatedId': {
      const variant = rng.int(3);
      if (variant === 0) return act([whole, whole]);
      // A stale answer first: the previous request's id again (0 when there was none).
      if (variant === 1)
        return act([...answer.messages.map((m) => withMessageId(m, previousId)), whole]);
      // Messages after the final one: entries (or results) for a request already done.
      return act([whole, ...answer.messages]);
    }
    case 'notice': {
      const codes = [52, 2, 8, 51];
      const afters: AfterFault[] = ['end', 'silent', 'answer', 'reset'];
      return act(
        [noticeOfDisconnection(codes[rng.int(codes.length)] as number)],
        afters[rng.int(4)],
      );
    }
    case 'referral': {
      const id = answer.messageId;
      if (answer.finalTag === RESPONSE_TAG.searchDone && rng.int(2) === 0) {
        const refs = [
          referenceMessage(id, 'ldap://elsewhere.invalid/o=x'),
          referenceMessage(id, 'ldap://b.invalid/'),
        ];
        return act([...refs, ...answer.messages]);
      }
      return act([encodeMessage(id, referralResult(answer.finalTag))]);
    }
    case 'silent':
      return act([], 'silent');
    case 'closeMid': {
      const cut = 1 + rng.int(whole.length - 1);
      return act([whole.subarray(0, cut)], rng.int(2) === 0 ? 'end' : 'reset');
    }
    case 'stallHalf':
      return act([whole.subarray(0, Math.max(1, whole.length >> 1))], 'silent');
    case 'wrongType': {
      const others = RESPONSE_TAGS.filter((t) => t !== answer.finalTag);
      const tag = others[rng.int(others.length)] as number;
      return act([withOpTag(answer.messages.at(-1) as Buffer, tag)]);
    }
  }
}
