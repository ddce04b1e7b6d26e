// Browser-mode access control: a per-start token, and Host/Origin checks against DNS rebinding.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Cookie that carries the token after the first visit. */
export const TOKEN_COOKIE = 'dirbench_token';

/** A fresh random token for this start of the server. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

function sameToken(a: string, b: string): boolean {
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
    return allowedHosts.has(new URL(origin).host.toLowerCase());
  } catch {
    return false;
  }
}

/** The Host header values that name a server listening on `host:port`. */
export function allowedHostsFor(host: string, port: number): Set<string> {
  const names = new Set([`${host}:${port}`]);
  if (host === '127.0.0.1' || host === '::1' || host === 'localhost') {
    names.add(`127.0.0.1:${port}`);
    names.add(`localhost:${port}`);
    names.add(`[::1]:${port}`);
  }
  return names;
}
