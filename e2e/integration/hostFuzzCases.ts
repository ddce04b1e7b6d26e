// Generated HTTP requests for the browser-mode fuzz (host-fuzz.test.ts), each rebuilt from (seed, index)
// alone, and the oracle every answer is held to.
import { METHODS as NODE_METHODS } from 'node:http';
import { API_CHANNELS } from '../../src/shared/api.ts';
import type { ApiChannel } from '../../src/shared/api.ts';
import { streamFor } from '../../src/core/datagen/prng.ts';
import { MAX_BODY_BYTES } from '../../src/host/httpRoutes.ts';
import type { Prng } from '../../src/core/datagen/prng.ts';

/**
 * Channels that start load, labs, campaigns, brokers or agents (runs/start, campaigns/start,
 * campaigns/resume, lab/start, brokers/start, agents/start), download software (lab/install) or
 * connect to a host the payload names (targets/test). They only get
 * requests the host refuses before any handler runs, and must never answer 2xx.
 */
export const NEVER_HANDLED: ReadonlySet<ApiChannel> = new Set<ApiChannel>([
  'runs/start',
  'campaigns/start',
  'campaigns/resume',
  'lab/start',
  'lab/install',
  'targets/test',
  'brokers/start',
  'agents/start',
]);

/** Channels that get random payloads: every other one (a fresh data folder, so deletes delete fuzz data only). */
export const HANDLED_CHANNELS: readonly ApiChannel[] = API_CHANNELS.filter(
  (channel) => !NEVER_HANDLED.has(channel),
);

/** What a case needs to know about the server under test. */
export interface ServerFacts {
  port: number;
  token: string;
  /** Files dist/renderer serves, as paths ('/assets/index-X.js'). */
  assetPaths: readonly string[];
}

/** One generated request, and what it is allowed to get back. */
export interface HttpCase {
  index: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** False sends no Host header at all. */
  setHost: boolean;
  body: string | Buffer | undefined;
  /** Host and Origin name this server (so the gate lets it past the 403). */
  trusted: boolean;
  /** It carries the token: cookie, bearer header, or `?token=` on a GET. */
  credentialed: boolean;
  /** A GET with the right `?token=`, which is answered with a redirect. */
  tokenRedirect: boolean;
  /** It names a NEVER_HANDLED channel: no 2xx allowed. */
  guarded: boolean;
  /** A static path (not /api/): 503 is allowed while the UI is not built. */
  isStatic: boolean;
}

const ODD_STRINGS = [
  '',
  ' ',
  'x',
  'user/x',
  'builtin/salford',
  'user/../../../etc/passwd',
  '../../../../etc/passwd',
  '/etc/hostname',
  '/nonexistent/dir/file.pem',
  'C:\\Windows\\win.ini',
  '%00',
  '\u0000',
  '\uD800',
  '💥',
  'é',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  "'; DROP TABLE runs; --",
  '<script>alert(1)</script>',
  '${7*7}',
  'ldap://127.0.0.1:1',
  'ldaps://127.0.0.1:1',
  'http://127.0.0.1:1',
  'dc=example,dc=com',
  'uid=user.[1-10],ou=People,dc=example,dc=com',
  'cn=*)(uid=*',
  '1970-01-01',
  '9999-99-99T99:99',
  'csv',
  'json',
  'hdr',
  'png',
  'svg',
  'samples',
  'summaries',
  'searchrate-csv',
  'opendj-csv',
  'throughput',
  'latency',
  'openldap',
  '389ds',
  'opendj',
  'completed',
  'running',
];

const FIELD_NAMES = [
  'id',
  'runId',
  'runIds',
  'campaignId',
  'spec',
  'input',
  'confirmed',
  'format',
  'content',
  'chart',
  'metric',
  'references',
  'text',
  'fileName',
  'targetName',
  'kind',
  'name',
  'url',
  'startTls',
  'bindDn',
  'baseDn',
  'tlsVerify',
  'notes',
  'tags',
  'statuses',
  'sources',
  'targetNames',
  'vendors',
  'entries',
  'limit',
  'startedFrom',
  'startedTo',
  'workloads',
  'ops',
  'servers',
  'sizes',
  'repeats',
  'durationS',
  '__proto__',
  'constructor',
];

// Fields naming files the host would read are only given paths that are safe to open: a device such as
// /dev/zero or a FIFO would make the fuzz test a memory or hang test of the machine, not of the host.
const FILE_FIELDS = new Set(['caFile', 'clientCertFile', 'clientKeyFile', 'passwordFile']);
const SAFE_PATHS = ['', '/etc/hostname', '/nonexistent/x.pem', '/tmp', 'relative.pem'];

const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
// (A lower-case method goes out upper-cased by Node's client; raw cases send those.)
const ODD_METHODS = ['TRACE', 'PROPFIND', 'SEARCH', 'PURGE', 'FOO', 'M-SEARCH', 'LINK', 'QUERY'];

const PATH_PIECES = [
  '..',
  '.',
  '%2e%2e',
  '%2E',
  '%2f',
  '%2F',
  '%5c',
  '%00',
  '%E0%A4%A',
  '%',
  '%z',
  '%zz',
  '%C0%AF',
  '%ff',
  '%e2%82',
  '%F0%9F%92%A5',
  '%25',
  '%u2215',
  '//',
  '\\',
  'api',
  'events',
  'assets',
  'index.html',
  'etc',
  'passwd',
  'a',
  '~',
  "!$&'()*+,;=:@",
  '[::1]',
  '?',
  '#',
];

/** A string of `length` chars in 0x21-0xff (what Node's client lets into a path, latin1 above 0x7e). */
function latin1Text(rng: Prng, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) {
    const code = 0x21 + rng.int(0xff - 0x21 + 1);
    // '?' and '#' would end the path; they come in on purpose from PATH_PIECES.
    text += code === 0x3f || code === 0x23 ? 'x' : String.fromCharCode(code);
  }
  return text;
}

/** Printable ASCII without the characters a header value or cookie cannot carry. */
function asciiText(rng: Prng, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += String.fromCharCode(0x20 + rng.int(0x7f - 0x20));
  return text.trim();
}

function randomPath(rng: Prng, assetPaths: readonly string[]): string {
  switch (rng.int(6)) {
    case 0:
      return rng.pick(['/', '/index.html', '/favicon.ico', '/history', '/runs/abc', ...assetPaths]);
    case 1:
      return `/${latin1Text(rng, 1 + rng.int(40))}`;
    case 2: {
      // Long: some past Node's 16 KB header limit, which its parser answers with 431.
      const length = rng.pick([200, 1000, 4000, 8000, 17_000, 20_000]);
      return `/${'a/'.repeat(length / 2)}`;
    }
    default: {
      const parts: string[] = [];
      const count = 1 + rng.int(8);
      for (let i = 0; i < count; i++) parts.push(rng.pick(PATH_PIECES));
      return `/${parts.join(rng.pick(['/', '', '/']))}`;
    }
  }
}

function randomValue(rng: Prng, depth: number, field?: string): unknown {
  if (field !== undefined && FILE_FIELDS.has(field)) return rng.pick(SAFE_PATHS);
  // Long strings are rare: they cost the client and the host time without reaching new code often.
  if (rng.int(40) === 0)
    return rng.pick(['a'.repeat(10_000), '\\'.repeat(500), '('.repeat(2000), 'é'.repeat(3000)]);
  switch (rng.int(depth > 2 ? 4 : 7)) {
    case 0:
      return rng.pick(ODD_STRINGS);
    case 1:
      return rng.pick([0, -1, 1, 1.5, 1e308, -1e308, 2 ** 53 + 2, 100, 1_000_000, 2 ** 31]);
    case 2:
      return rng.pick([true, false, null]);
    case 3:
      return asciiText(rng, rng.int(30));
    case 4:
      return Array.from({ length: rng.int(5) }, () => randomValue(rng, depth + 1));
    default:
      return randomObject(rng, depth + 1);
  }
}

function randomObject(rng: Prng, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const count = rng.int(6);
  for (let i = 0; i < count; i++) {
    const name = rng.int(8) === 0 ? asciiText(rng, 1 + rng.int(10)) : rng.pick(FIELD_NAMES);
    // Defined as an own property even for "__proto__", exactly as JSON.parse would build it.
    Object.defineProperty(out, name, {
      value: randomValue(rng, depth, name),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  if (rng.int(4) === 0) out.caFile = rng.pick(SAFE_PATHS);
  return out;
}

/** A body for an API channel that a handler may see: mostly `{"req": {...}}` with odd fields. */
function handledBody(rng: Prng): string | Buffer {
  switch (rng.int(20)) {
    case 0:
      return '';
    case 1:
      return JSON.stringify(randomValue(rng, 0));
    case 2:
      return JSON.stringify({ req: randomValue(rng, 0), extra: randomValue(rng, 1) });
    case 3: {
      // Deep nesting, in the request itself.
      const depth = rng.pick([100, 1000, 5000]);
      return `{"req":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
    }
    case 4:
      return refusedBody(rng);
    default:
      return JSON.stringify({ req: randomObject(rng, 0) });
  }
}

/** A body the host refuses before any handler: not JSON, not an object, or a `req` that is not an object. */
function refusedBody(rng: Prng): string | Buffer {
  switch (rng.int(7)) {
    case 0:
      return JSON.stringify({ req: randomObject(rng, 0) }).slice(0, -1 - rng.int(5));
    case 1:
      return asciiText(rng, 1 + rng.int(200));
    case 2:
      return Buffer.from(Array.from({ length: 1 + rng.int(200) }, () => rng.int(256)));
    case 3:
      return rng.pick(['null', '5', '"x"', '[]', '[{"req":{}}]', 'true']);
    case 4:
      return JSON.stringify({ req: rng.pick([null, 5, 'x', [], true]) });
    case 5:
      return `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    default:
      return '{"req":{}}\u0000garbage';
  }
}

/** A body above the server's limit (its JSON is valid up to the cut, so only the size refuses it). */
function oversizeBody(rng: Prng): Buffer {
  const size = MAX_BODY_BYTES + 1 + rng.int(256 * 1024);
  const body = Buffer.alloc(size, 0x20);
  body.write('{"req":{"text":"', 0);
  return body;
}

/** A name after /api/ that is no channel: near misses, escapes, random text. */
function unknownChannel(rng: Prng): string {
  const real = rng.pick(API_CHANNELS);
  switch (rng.int(7)) {
    case 0:
      return real.toUpperCase();
    case 1:
      return `${real}/`;
    case 2:
      return real.replace('/', '%2F');
    case 3:
      return `${real}/../../runs/start`;
    case 4:
      return latin1Text(rng, 1 + rng.int(30));
    case 5:
      return rng.pick(['', '/', 'events', '__proto__', 'constructor', 'toString', 'runs', '..']);
    default:
      return `${rng.pick(PATH_PIECES)}/${rng.pick(PATH_PIECES)}`;
  }
}

/** Builds case `index` of the run `seed` (the same pair always builds the same request). */
export function httpCase(seed: number, index: number, server: ServerFacts): HttpCase {
  const rng = streamFor(seed, index);
  const { port, token } = server;
  const ownHost = `127.0.0.1:${port}`;
  const headers: Record<string, string> = {};

  // Host: ours or an alias of it, a foreign one (DNS rebinding), or none at all.
  let trusted = true;
  let setHost = true;
  const hostRoll = rng.int(40);
  if (hostRoll < 34) headers.Host = ownHost;
  else if (hostRoll < 36) headers.Host = rng.pick([`localhost:${port}`, `[::1]:${port}`]);
  else if (hostRoll < 39) {
    trusted = false;
    headers.Host = rng.pick([
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      `127.0.0.2:${port}`,
      // (An empty Host is not among them: Node's client would put its own in; raw cases send one.)
      asciiText(rng, 1 + rng.int(20)),
    ]);
    // An empty Host would be replaced by Node's client with ours; a random one that is ours is ours.
    if (headers.Host.trim() === '') headers.Host = 'evil.example';
    if (headers.Host === ownHost) trusted = true;
  } else {
    trusted = false;
    setHost = false;
  }

  // Origin: usually none (same-origin GETs), sometimes ours, sometimes a foreign page.
  const originRoll = rng.int(20);
  if (originRoll === 0) headers.Origin = `http://${ownHost}`;
  else if (originRoll <= 2) {
    trusted = false;
    headers.Origin = rng.pick([
      'http://evil.example',
      'null',
      `https://${ownHost}`,
      `http://127.0.0.1:${port + 1}`,
      'not a url',
      asciiText(rng, 1 + rng.int(20)),
    ]);
  }

  // Credentials.
  let credentialed = false;
  const credentialRoll = rng.int(40);
  if (credentialRoll < 32) {
    credentialed = true;
    headers.Cookie = rng.pick([
      `dirbench_token=${token}`,
      `a=b; dirbench_token=${token}`,
      `dirbench_token=${token}; theme=dark`,
    ]);
  } else if (credentialRoll < 34) {
    credentialed = true;
    headers.Authorization = `Bearer ${token}`;
  } else if (credentialRoll < 36) {
    headers.Cookie = rng.pick([
      'dirbench_token=guess',
      `dirbench_token=${token.slice(1)}`,
      `dirbench_token=${token}x`,
      'dirbench_token',
      '=;=;;',
      asciiText(rng, rng.int(60)),
    ]);
  } else if (credentialRoll < 38) {
    headers.Authorization = rng.pick([
      'Bearer guess',
      `Basic ${Buffer.from(`u:${token}`).toString('base64')}`,
      `bearer ${token}`,
      'Bearer ',
    ]);
  }

  let method = rng.int(50) === 0 ? rng.pick(ODD_METHODS) : rng.pick(METHODS);
  let path: string;
  let body: string | Buffer | undefined;
  let guarded = false;
  let isStatic = false;
  const targetRoll = rng.int(100);
  if (targetRoll < 45) {
    // A real channel with a random payload.
    method = rng.int(20) === 0 ? method : 'POST';
    path = `/api/${rng.pick(HANDLED_CHANNELS)}`;
    body = rng.int(300) === 0 ? oversizeBody(rng) : handledBody(rng);
    headers['Content-Type'] = contentType(rng);
  } else if (targetRoll < 52) {
    // A channel that must never run: only ways the host refuses before its handler.
    guarded = true;
    path = `/api/${rng.pick([...NEVER_HANDLED])}`;
    switch (rng.int(5)) {
      case 0:
        method = rng.pick(['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH']);
        body = JSON.stringify({ req: randomObject(rng, 0) });
        headers['Content-Type'] = 'application/json';
        break;
      case 1:
        method = 'POST';
        body = JSON.stringify({ req: randomObject(rng, 0) });
        headers['Content-Type'] = rng.pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/jsonx',
          'application/json-seq',
          'text/json',
        ]);
        break;
      case 2:
        method = 'POST';
        body = rng.int(20) === 0 ? oversizeBody(rng) : refusedBody(rng);
        headers['Content-Type'] = 'application/json';
        break;
      case 3:
        method = 'POST';
        body = JSON.stringify({ req: rng.pick([null, 1, 'x', [], false]) });
        headers['Content-Type'] = 'application/json';
        break;
      default:
        method = 'POST';
        body = rng.pick(['', '{}', '{"req":null}', '{"notReq":{}}']);
        headers['Content-Type'] = 'application/json';
    }
  } else if (targetRoll < 62) {
    path = `/api/${unknownChannel(rng)}`;
    if (rng.int(2) === 0) {
      body = handledBody(rng);
      headers['Content-Type'] = contentType(rng);
    }
  } else {
    isStatic = true;
    path = randomPath(rng, server.assetPaths);
    if (rng.int(10) === 0) body = asciiText(rng, rng.int(100));
  }

  // The token in the query: the right one on a GET is the first visit's redirect.
  let tokenRedirect = false;
  const queryRoll = rng.int(40);
  if (queryRoll === 0) {
    // After a `#` it is a fragment, which carries nothing to the server.
    const inQuery = !path.includes('#');
    path += `${path.includes('?') ? '&' : '?'}token=${token}`;
    // Node's client sends methods upper-cased.
    if (method.toUpperCase() === 'GET' && inQuery) {
      tokenRedirect = true;
      credentialed = true;
    }
  } else if (queryRoll === 1) {
    path += `?token=${rng.pick(['guess', '', token.slice(2), `${token}%00`])}`;
  } else if (queryRoll === 2) {
    path += `?${latin1Text(rng, rng.int(50))}`;
  }

  // A path that spells a channel that must never run anywhere in it (`/api/x/../../runs/start`, say)
  // must not reach it either.
  if ([...NEVER_HANDLED].some((channel) => path.includes(channel))) guarded = true;

  // Random extra headers (names and values Node's client accepts).
  const extraCount = rng.int(8) === 0 ? 1 + rng.int(4) : 0;
  for (let i = 0; i < extraCount; i++) {
    const name = rng.pick(['X-Fuzz', 'Accept', 'Accept-Language', 'X-Forwarded-For', 'Referer']);
    headers[`${name}`] = asciiText(rng, rng.int(200));
  }
  return {
    index,
    method,
    path,
    headers,
    setHost,
    body,
    trusted,
    credentialed,
    tokenRedirect,
    guarded,
    isStatic,
  };
}

function contentType(rng: Prng): string {
  return rng.int(12) === 0
    ? rng.pick(['text/plain', 'application/x-www-form-urlencoded', '', 'application/jsonx'])
    : rng.pick(['application/json', 'application/json; charset=utf-8', 'Application/JSON']);
}

/**
 * Node's own parser may refuse the case and close the connection: no Host, an unknown method, a head
 * over 16 KB, or bytes outside printable ASCII in the target (llhttp refuses some of those).
 */
export function parserRefuses(c: HttpCase): boolean {
  const headBytes = c.path.length + JSON.stringify(c.headers).length;
  return (
    !c.setHost ||
    !NODE_METHODS.includes(c.method.toUpperCase()) ||
    headBytes > 16 * 1024 ||
    /[^\x21-\x7e]/.test(c.path)
  );
}

/** A short description of a case for failure messages. */
export function describeCase(c: HttpCase): string {
  const body =
    c.body === undefined
      ? 'no body'
      : `body of ${Buffer.byteLength(c.body)} bytes: ${JSON.stringify(c.body.toString().slice(0, 120))}`;
  return `case ${c.index}: ${c.method} ${JSON.stringify(c.path.slice(0, 200))} headers ${JSON.stringify(c.headers).slice(0, 300)}, ${body}`;
}

/** What an answer of the server to a case was. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * The oracle: returns what is wrong with `answer` to `c`, or null. `allowed5xx` says whether a 5xx
 * answer is one of the deliberately allowed ones.
 */
export function answerProblem(
  c: HttpCase,
  answer: Answer,
  allowed5xx: (c: HttpCase, answer: Answer) => boolean,
): string | null {
  const { status } = answer;
  if (status >= 500 && !allowed5xx(c, answer))
    return `answered ${status}: ${answer.body.slice(0, 300)}`;
  const cors = Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));
  if (cors.length > 0) return `sent CORS headers ${cors.join(', ')}`;
  if (status >= 200 && status < 400) {
    if (!c.trusted) return `answered ${status} to a foreign Host or Origin`;
    if (!c.credentialed) return `answered ${status} without the token`;
    // The first visit's redirect names the path but runs nothing, so only a 2xx is a channel run.
    if (c.guarded && status < 300) return `answered ${status} on a channel that must never run`;
    if (answer.headers['x-frame-options'] !== 'DENY') return 'answered without X-Frame-Options';
  }
  if (status >= 300 && status < 400) {
    const location = String(answer.headers.location ?? '');
    if (!/^\/(?![/\\])/.test(location)) return `redirected off the site to ${location}`;
  }
  if (c.tokenRedirect && c.trusted && status < 400 && status !== 302)
    return `the token visit answered ${status}, not a redirect`;
  if (status < 100 || status > 599) return `answered an impossible status ${status}`;
  return null;
}
