// What the browser host checks before a request reaches a handler or a file; a failed check is a RequestRefused.
import type { ApiChannel, ApiRequest } from '../shared/api.ts';
import { isApiChannel } from '../shared/api.ts';

/** Why a request was turned away, as logged (one log line per kind, see hostLog.ts). */
export type RefusalKind =
  | 'bad-target'
  | 'bad-escape'
  | 'bad-path'
  | 'missing-asset'
  | 'wrong-method'
  | 'unknown-channel'
  | 'not-json-type'
  | 'body-too-large'
  | 'body-not-json'
  | 'body-not-object'
  | 'req-not-object'
  | 'forbidden-origin'
  | 'unauthorized';

/** A request the host answers with a 4xx: the status, what to log it under, and the message for the client. */
export class RequestRefused extends Error {
  readonly status: number;
  readonly kind: RefusalKind;
  /** Extra response headers, e.g. `Allow` with a 405. */
  readonly headers: Record<string, string>;

  constructor(status: number, kind: RefusalKind, message: string, headers = {}) {
    super(message);
    this.name = 'RequestRefused';
    this.status = status;
    this.kind = kind;
    this.headers = headers;
  }
}

/**
 * Parses a request target (origin-form `/path?query`, or absolute-form `http://host/path`).
 * Origin-form is taken literally, so `//name/x` stays a path and never becomes a host.
 */
export function parseRequestTarget(raw: string | undefined): URL {
  const target = raw ?? '/';
  try {
    const url = target.startsWith('/')
      ? new URL(`http://localhost${target}`)
      : new URL(target === '*' ? 'http://localhost/' : target);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // Falls through to the refusal: the target is not a URL at all.
  }
  throw new RequestRefused(400, 'bad-target', 'The request target is not a valid path or URL.');
}

/** Decodes the percent escapes of a path; a malformed escape or a NUL byte is refused with 400. */
export function decodePathname(pathname: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw new RequestRefused(
      400,
      'bad-escape',
      'The path has a malformed percent escape (each % must start a valid UTF-8 %XX sequence).',
    );
  }
  if (decoded.includes('\0'))
    throw new RequestRefused(400, 'bad-path', 'The path contains a NUL character.');
  return decoded;
}

/** A same-site Location for `pathname`: leading slashes collapse, so `//host` can never redirect away. */
export function redirectPath(pathname: string): string {
  return `/${pathname.replace(/^[/\\]+/, '')}`;
}

/** Refuses with 405 (and the Allow header) any method not in `allowed`. */
export function checkMethod(method: string | undefined, allowed: readonly string[]): void {
  if (method !== undefined && allowed.includes(method)) return;
  throw new RequestRefused(
    405,
    'wrong-method',
    `Method ${method ?? '(none)'} is not allowed here; use ${allowed.join(' or ')}.`,
    { Allow: allowed.join(', ') },
  );
}

/**
 * The API channel a request target names: exactly `/api/<channel>` as sent, before any dot segment or
 * escape is resolved, so a path like `/api/x/../runs/start` reaches no channel; anything else is a 404.
 */
export function apiChannelOf(rawTarget: string | undefined): ApiChannel {
  const rawPath = (rawTarget ?? '').split(/[?#]/, 1)[0] ?? '';
  const name = rawPath.startsWith('/api/') ? rawPath.slice('/api/'.length) : rawPath;
  if (isApiChannel(name)) return name;
  // The name is echoed back as JSON, never as HTML, and cut short so a huge path is not repeated.
  throw new RequestRefused(404, 'unknown-channel', `unknown API channel ${name.slice(0, 100)}`);
}

/** Refuses a body that is not declared as JSON: a cross-site form can post only form types without a preflight. */
export function checkJsonContentType(contentType: string | undefined): void {
  // The media type before any parameter (charset), which is case-insensitive.
  const mediaType = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (mediaType === 'application/json') return;
  throw new RequestRefused(415, 'not-json-type', 'send the request as application/json');
}

/** The 413 for a body above `maxBytes`, whether it was declared or counted while reading. */
export function bodyTooLarge(maxBytes: number): RequestRefused {
  return new RequestRefused(
    413,
    'body-too-large',
    `request body is larger than ${formatBytes(maxBytes)}`,
  );
}

/** Refuses up front a Content-Length above `maxBytes` (a malformed one is Node's parser's to refuse). */
export function checkDeclaredLength(contentLength: string | undefined, maxBytes: number): void {
  if (contentLength !== undefined && Number(contentLength) > maxBytes) throw bodyTooLarge(maxBytes);
}

/** Channels whose request type is `undefined`: derived from the API contract, so the compiler keeps this list whole. */
type NoRequestChannel = {
  [C in ApiChannel]: ApiRequest<C> extends undefined ? C : never;
}[ApiChannel];

// A Record over exactly those channels: a channel added to or dropped from the contract fails the type check here.
const TAKES_NO_REQUEST: Record<NoRequestChannel, true> = {
  'targets/list': true,
  'targets/secretStorage': true,
  'lab/availability': true,
  'lab/list': true,
  'lab/indexProfiles': true,
  'runs/active': true,
  'history/facets': true,
  'matrix/list': true,
  'campaigns/list': true,
  'campaigns/active': true,
  'reference/list': true,
  'workloads/list': true,
  'brokers/list': true,
  'agents/local': true,
};

/** True when the channel's request is an object (every channel that takes one), false when it takes none. */
export function takesRequest(channel: ApiChannel): boolean {
  return !Object.hasOwn(TAKES_NO_REQUEST, channel);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The request inside an API body `{"req": ...}` (an empty body means no request). A channel that takes
 * no request gets `undefined` whatever was sent; one that takes a request must get a JSON object.
 */
export function parseApiBody(text: string, channel: ApiChannel): unknown {
  let body: unknown;
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new RequestRefused(400, 'body-not-json', 'request body is not JSON');
  }
  if (!isPlainObject(body))
    throw new RequestRefused(
      400,
      'body-not-object',
      'request body must be a JSON object {"req": ...}',
    );
  if (!takesRequest(channel)) return undefined;
  const req = body.req;
  if (!isPlainObject(req)) {
    throw new RequestRefused(
      400,
      'req-not-object',
      `the request of ${channel} must be a JSON object in the body's "req" field`,
    );
  }
  return req;
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}
