// Browser-mode access control: a per-start token, and Host/Origin checks against DNS rebinding.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';

/** Cookie that carries the token after the first visit. */
export const TOKEN_COOKIE = 'dirbench_token';

/** A fresh random token for this start of the server. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Compares a presented token with ours in constant time. */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Reads the token from the cookie or an `Authorization: Bearer` header. */
export function presentedToken(req: IncomingMessage): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice('Bearer '.length);
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return value.join('=');
  }
  return null;
}

/** True when the request carries this server's token. */
export function isAuthorized(req: IncomingMessage, token: string): boolean {
  const presented = presentedToken(req);
  return presented !== null && sameToken(presented, token);
}

/** True when Host (and Origin, if sent) name this server, so a rebinding page cannot reach it. */
export function isTrustedOrigin(req: IncomingMessage, allowedHosts: ReadonlySet<string>): boolean {
  const host = req.headers.host;
  if (!host || !allowedHosts.has(host.toLowerCase())) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    const parsed = new URL(origin);
    // `null` (sandboxed frames, file://) and https:// pages are never our own plain-http UI.
    return parsed.protocol === 'http:' && allowedHosts.has(parsed.host.toLowerCase());
  } catch {
    return false;
  }
}

/** Addresses that mean "every interface" when listened on. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

/** The Host header values that name a server listening on `host:port`. */
export function allowedHostsFor(
  host: string,
  port: number,
  interfaceAddresses: () => string[] = localAddresses,
): Set<string> {
  const withPort = (name: string) => `${name.includes(':') ? `[${name}]` : name}:${port}`;
  const names = new Set([withPort(host.toLowerCase())]);
  const loopback = host === '127.0.0.1' || host === '::1' || host === 'localhost';
  if (loopback || WILDCARDS.has(host)) {
    for (const name of ['127.0.0.1', 'localhost', '::1']) names.add(withPort(name));
  }
  // Listening everywhere: the machine's own addresses name it, never a name a DNS server chose.
  if (WILDCARDS.has(host)) for (const address of interfaceAddresses()) names.add(withPort(address));
  return names;
}

/** This machine's interface addresses (IPv6 link-local ones carry a zone, so they are left out). */
function localAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((info) => info.address.toLowerCase())
    .filter((address) => !address.includes('%'));
}
