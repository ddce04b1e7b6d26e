// SASL SCRAM-SHA-1 (RFC 5802) and SCRAM-SHA-256 (RFC 7677), client side without channel binding
// (gs2 header "n,,"): the client-first message, the client-final message with its proof, and the
// check of the server's signature, so a server that does not know the password cannot pass for one
// that does. The salted password is computed per bind, as a client without a cache would.
import { createHash, createHmac, pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

/** The SCRAM mechanisms DirBench sends. */
export type ScramMechanism = 'SCRAM-SHA-1' | 'SCRAM-SHA-256';

/** Thrown when the server's messages cannot be used; says what was wrong. */
export class ScramError extends Error {
  constructor(mechanism: ScramMechanism, message: string) {
    super(`${mechanism}: ${message}`);
    this.name = 'ScramError';
  }
}

const HASH: Record<ScramMechanism, { name: 'sha1' | 'sha256'; bytes: number }> = {
  'SCRAM-SHA-1': { name: 'sha1', bytes: 20 },
  'SCRAM-SHA-256': { name: 'sha256', bytes: 32 },
};

/** No channel binding, no authorization identity. */
const GS2_HEADER = 'n,,';

/** Past this a server's iteration count would stall the load for seconds per bind. */
const MAX_ITERATIONS = 10_000_000;

const pbkdf2Async = promisify(pbkdf2);

// RFC 3454 table B.1 (mapped to nothing), as code point ranges (several are combining marks, which
// a regular expression's character class would misread).
const MAPPED_TO_NOTHING: readonly [number, number][] = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x1806, 0x1806],
  [0x180b, 0x180d],
  [0x200b, 0x200d],
  [0x2060, 0x2060],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
];
// RFC 3454 table C.1.2: non-ASCII spaces, mapped to SPACE.
const NON_ASCII_SPACE = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/gu;

/** Whether SASLprep maps the character to nothing. */
function mappedToNothing(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return MAPPED_TO_NOTHING.some(([from, to]) => code >= from && code <= to);
}

/**
 * SASLprep (RFC 4013) of a user name or password: its mappings and NFKC. Prohibited characters
 * are not refused here: the server refuses a name or password it cannot prepare.
 */
export function saslPrep(text: string): string {
  return [...text]
    .filter((char) => !mappedToNothing(char))
    .join('')
    .replace(NON_ASCII_SPACE, ' ')
    .normalize('NFKC');
}

/** A saslname: `=` and `,` escaped as RFC 5802 section 5.1 says. */
function saslName(user: string): string {
  return saslPrep(user).replace(/=/g, '=3D').replace(/,/g, '=2C');
}

/** The client's first message and its bare part (without the gs2 header), kept for the proof. */
export interface ScramFirst {
  message: string;
  bare: string;
  nonce: string;
}

/** The client-first message for `user`; `nonce` is fresh per bind (tests give the RFC's). */
export function scramClientFirst(user: string, nonce?: string): ScramFirst {
  const clientNonce = nonce ?? randomBytes(18).toString('base64');
  const bare = `n=${saslName(user)},r=${clientNonce}`;
  return { message: `${GS2_HEADER}${bare}`, bare, nonce: clientNonce };
}

/** The attributes of a SCRAM message (`a=value,b=value`; a value may hold `=`). */
function attributes(mechanism: ScramMechanism, text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq !== 1) throw new ScramError(mechanism, `malformed attribute "${part}" in "${text}"`);
    out.set(part.slice(0, 1), part.slice(2));
  }
  return out;
}

/** The client-final message and the server signature the server must send back (base64). */
export interface ScramFinal {
  message: string;
  expectedServerSignature: string;
}

/** Answers the server-first message with the client proof for `password`. */
export async function scramClientFinal(
  mechanism: ScramMechanism,
  first: ScramFirst,
  serverFirst: string,
  password: string,
): Promise<ScramFinal> {
  const fields = attributes(mechanism, serverFirst);
  if (fields.has('m')) {
    throw new ScramError(mechanism, `the server asks for an extension DirBench does not know`);
  }
  const nonce = fields.get('r') ?? '';
  const salt = Buffer.from(fields.get('s') ?? '', 'base64');
  const iterations = Number(fields.get('i'));
  if (!nonce.startsWith(first.nonce) || nonce.length === first.nonce.length) {
    throw new ScramError(mechanism, `the server's nonce does not extend the client's: "${nonce}"`);
  }
  if (salt.length === 0) throw new ScramError(mechanism, `the server sent no salt`);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS) {
    throw new ScramError(
      mechanism,
      `the server's iteration count "${fields.get('i') ?? ''}" is not a whole number from 1 to ${MAX_ITERATIONS}`,
    );
  }
  const { name, bytes } = HASH[mechanism];
  const hmac = (key: Buffer, data: string): Buffer => createHmac(name, key).update(data).digest();
  const salted = await pbkdf2Async(saslPrep(password), salt, iterations, bytes, name);
  const clientKey = hmac(salted, 'Client Key');
  const storedKey = createHash(name).update(clientKey).digest();
  const withoutProof = `c=${Buffer.from(GS2_HEADER).toString('base64')},r=${nonce}`;
  const authMessage = `${first.bare},${serverFirst},${withoutProof}`;
  const signature = hmac(storedKey, authMessage);
  const proof = Buffer.from(clientKey.map((byte, i) => byte ^ (signature[i] ?? 0)));
  return {
    message: `${withoutProof},p=${proof.toString('base64')}`,
    expectedServerSignature: hmac(hmac(salted, 'Server Key'), authMessage).toString('base64'),
  };
}

/** Checks the server-final message (`v=SIGNATURE`); throws unless it proves the server knew the password. */
export function checkServerFinal(
  mechanism: ScramMechanism,
  text: string,
  expectedServerSignature: string,
): void {
  if (text === '')
    throw new ScramError(mechanism, 'the server ended the bind without its signature');
  const fields = attributes(mechanism, text);
  const error = fields.get('e');
  if (error !== undefined) throw new ScramError(mechanism, `the server refused: ${error}`);
  const given = Buffer.from(fields.get('v') ?? '', 'base64');
  const expected = Buffer.from(expectedServerSignature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ScramError(
      mechanism,
      "the server's signature is wrong: it does not know the password",
    );
  }
}
