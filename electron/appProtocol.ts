// The app:// protocol: serves the renderer's files from dist/renderer to our window only, so the UI
// needs none of file://'s extra privileges (the GrantFileProtocolExtraPrivileges fuse is off).
import type { CustomScheme } from 'electron';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { APP_HOST, APP_SCHEME } from './appOrigin.ts';
import { CONTENT_SECURITY_POLICY } from './security.ts';

/**
 * How the scheme is registered before the app is ready: standard (an origin, relative URLs, 'self'
 * in the CSP), secure (like https, for ES modules) and reachable by fetch.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};

/** Content types of the files Vite writes (and a few it may), by extension. */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Where a request leads: a file under the root, or a refusal with its status. */
export type AppRequestTarget =
  { ok: true; segments: string[] } | { ok: false; status: 400 | 403 | 404; reason: string };

// Separators and drive or stream markers have no place inside one path segment.
const BAD_SEGMENT = /[/\\:\0]/;

/**
 * The path segments `url` names under the root, checked before the disk is touched: our scheme and
 * host only; no dot segments, encoded separators or empty segments (whatever decoding the URL
 * parser did or did not do). `/` is the index page.
 */
export function resolveAppUrl(url: string): AppRequestTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, status: 400, reason: 'not a URL' };
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host.toLowerCase() !== APP_HOST) {
    return { ok: false, status: 403, reason: `not ${APP_SCHEME}://${APP_HOST}/` };
  }
  if (parsed.username || parsed.password) return { ok: false, status: 403, reason: 'credentials' };
  const path = parsed.pathname === '/' ? '/index.html' : parsed.pathname;
  const raw = path.slice(1).split('/');
  const segments: string[] = [];
  for (const part of raw) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return { ok: false, status: 400, reason: 'bad percent-encoding' };
    }
    if (segment === '' || segment === '.' || segment === '..' || BAD_SEGMENT.test(segment)) {
      return { ok: false, status: 403, reason: `path segment ${JSON.stringify(segment)}` };
    }
    segments.push(segment);
  }
  return { ok: true, segments };
}

function refusal(status: number, reason: string): Response {
  return new Response(`${status} ${reason}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  });
}

/**
 * The protocol.handle('app', ...) handler serving files under `rootDir` (dist/renderer). A file
 * whose real path (symbolic links followed) leaves the root is refused like a `..` in the URL.
 */
export function appProtocolHandler(rootDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refusal(405, 'method not allowed');
    }
    const target = resolveAppUrl(request.url);
    if (!target.ok) return refusal(target.status, target.reason);
    let file: string;
    try {
      const root = await realpath(rootDir);
      file = await realpath(join(root, ...target.segments));
      if (!file.startsWith(root + sep)) return refusal(403, 'outside the app');
      if (!(await stat(file)).isFile()) return refusal(404, 'not found');
    } catch {
      return refusal(404, 'not found');
    }
    const type = MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'Content-Type': type,
      'X-Content-Type-Options': 'nosniff',
      // Local files change only with a new build; always revalidating keeps reloads honest.
      'Cache-Control': 'no-cache',
    };
    if (type.startsWith('text/html')) headers['Content-Security-Policy'] = CONTENT_SECURITY_POLICY;
    const body = request.method === 'HEAD' ? null : await readFile(file);
    return new Response(body, { status: 200, headers });
  };
}
