// SASL DIGEST-MD5 (RFC 2831), client side with qop=auth (authentication only, no security layer):
// reads the server's digest-challenge, answers with a digest-response, and checks the server's
// rspauth so a server that does not know the password cannot pass for one that does.
import { createHash, randomBytes } from 'node:crypto';

/** Thrown when the server's challenge or final message cannot be used; says what was wrong. */
export class DigestMd5Error extends Error {
  constructor(message: string) {
    super(`DIGEST-MD5: ${message}`);
    this.name = 'DigestMd5Error';
  }
}

/** The directives of a digest-challenge (RFC 2831 section 2.1.1); `realm` may repeat. */
export interface DigestChallenge {
  realms: string[];
  nonce: string;
  qop: string[];
  charsetUtf8: boolean;
  algorithm: string;
}

/** Splits `key=value,key="quoted \" value",...` into pairs (RFC 2831's #rule, quoted-string escapes). */
export function parseDirectives(text: string): [string, string][] {
  const out: [string, string][] = [];
  let pos = 0;
  while (pos < text.length) {
    while (pos < text.length && /[\s,]/.test(text[pos] as string)) pos++;
    if (pos >= text.length) break;
    const eq = text.indexOf('=', pos);
    if (eq < 0) throw new DigestMd5Error(`directive without a value in "${text}"`);
    const key = text.slice(pos, eq).trim().toLowerCase();
    pos = eq + 1;
    let value = '';
    if (text[pos] === '"') {
      pos++;
      while (pos < text.length && text[pos] !== '"') {
        if (text[pos] === '\\') pos++;
        value += text[pos] ?? '';
        pos++;
      }
      if (text[pos] !== '"') throw new DigestMd5Error(`unterminated quoted value in "${text}"`);
      pos++;
    } else {
      const end = text.indexOf(',', pos);
      value = text.slice(pos, end < 0 ? text.length : end).trim();
      pos = end < 0 ? text.length : end;
    }
    out.push([key, value]);
  }
  return out;
}

/** Reads the server's first message. */
export function parseDigestChallenge(text: string): DigestChallenge {
  const challenge: DigestChallenge = {
    realms: [],
    nonce: '',
    qop: [],
    charsetUtf8: false,
    algorithm: '',
  };
  for (const [key, value] of parseDirectives(text)) {
    if (key === 'realm') challenge.realms.push(value);
    else if (key === 'nonce') challenge.nonce = value;
    else if (key === 'qop') challenge.qop.push(...value.split(',').map((q) => q.trim()));
    else if (key === 'charset') challenge.charsetUtf8 = value.toLowerCase() === 'utf-8';
    else if (key === 'algorithm') challenge.algorithm = value;
  }
  if (challenge.nonce === '') throw new DigestMd5Error(`the challenge has no nonce: "${text}"`);
  if (challenge.algorithm.toLowerCase() !== 'md5-sess') {
    throw new DigestMd5Error(
      `the challenge asks for algorithm "${challenge.algorithm}", not md5-sess`,
    );
  }
  if (challenge.qop.length > 0 && !challenge.qop.includes('auth')) {
    throw new DigestMd5Error(
      `the server offers qop ${challenge.qop.join(',')} only; DirBench sends qop=auth`,
    );
  }
  return challenge;
}

/** What the client answers with. */
export interface DigestCredentials {
  user: string;
  password: string;
  /** `ldap/HOST`, the host the client connected to. */
  digestUri: string;
  /** Fresh per bind; tests give the RFC's. */
  cnonce?: string;
}

/** The client's digest-response and the rspauth the server must send back. */
export interface DigestAnswer {
  response: string;
  expectedRspauth: string;
}

const md5 = (data: Buffer | string): Buffer => createHash('md5').update(data).digest();
const md5Hex = (data: Buffer | string): string => createHash('md5').update(data).digest('hex');

/**
 * RFC 2831 section 2.1.2.1: with charset=utf-8, names and passwords that fit ISO 8859-1 are hashed
 * in ISO 8859-1; all others (and everything without the directive) in their bytes as given.
 */
function hashBytes(text: string, utf8: boolean): Buffer {
  // eslint-disable-next-line no-control-regex
  const latin1 = /^[\u0000-\u00ff]*$/.test(text);
  return Buffer.from(text, utf8 && latin1 ? 'latin1' : 'utf8');
}

/** A quoted-string value with `\` and `"` escaped. */
function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** Builds the digest-response to `challenge` (nc=00000001, qop=auth, the server's first realm). */
export function digestMd5Answer(
  challenge: DigestChallenge,
  creds: DigestCredentials,
): DigestAnswer {
  const realm = challenge.realms[0] ?? '';
  const cnonce = creds.cnonce ?? randomBytes(16).toString('base64');
  const nc = '00000001';
  const utf8 = challenge.charsetUtf8;
  const secret = md5(
    Buffer.concat([
      hashBytes(creds.user, utf8),
      Buffer.from(':'),
      hashBytes(realm, utf8),
      Buffer.from(':'),
      hashBytes(creds.password, utf8),
    ]),
  );
  const a1 = Buffer.concat([secret, Buffer.from(`:${challenge.nonce}:${cnonce}`)]);
  const ha1 = md5Hex(a1);
  const kd = (a2: string): string =>
    md5Hex(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:auth:${md5Hex(a2)}`);
  const fields = [
    ...(utf8 ? ['charset=utf-8'] : []),
    `username=${quoted(creds.user)}`,
    ...(challenge.realms.length > 0 ? [`realm=${quoted(realm)}`] : []),
    `nonce=${quoted(challenge.nonce)}`,
    `nc=${nc}`,
    `cnonce=${quoted(cnonce)}`,
    `digest-uri=${quoted(creds.digestUri)}`,
    `response=${kd(`AUTHENTICATE:${creds.digestUri}`)}`,
    'qop=auth',
  ];
  return { response: fields.join(','), expectedRspauth: kd(`:${creds.digestUri}`) };
}

/** Checks the server's response-auth message (`rspauth=...`); throws unless it proves the server knew the password. */
export function checkRspauth(text: string, expected: string): void {
  const rspauth = parseDirectives(text).find(([key]) => key === 'rspauth')?.[1];
  if (rspauth === undefined) throw new DigestMd5Error(`the server sent no rspauth: "${text}"`);
  if (rspauth.toLowerCase() !== expected) {
    throw new DigestMd5Error("the server's rspauth is wrong: it does not know the password");
  }
}
