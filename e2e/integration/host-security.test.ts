// Browser mode's gate, proven against the real `dirbench serve`: token, Host, Origin, cookie, CORS, interfaces.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { WebSocket } from 'ws';
import { RENDERER_DIR } from '../../src/host/static.ts';
import { rawRequest, spawnServe } from './hostServe.ts';
import type { RawResponse, ServeProcess } from './hostServe.ts';

let serve: ServeProcess;
let port = 0;
let token = '';
let host = '';
let cookie = '';

const JSON_TYPE = { 'Content-Type': 'application/json' };

before(async () => {
  serve = spawnServe([]);
  const url = new URL(await serve.url);
  assert.equal(url.hostname, '127.0.0.1', 'serve listens on loopback by default');
  port = Number(url.port);
  token = url.searchParams.get('token') ?? '';
  host = `127.0.0.1:${port}`;
  cookie = `dirbench_token=${token}`;
});

after(async () => serve?.stop());

function assertNoCors(res: RawResponse): void {
  const cors = Object.keys(res.headers).filter((name) => name.startsWith('access-control-'));
  assert.deepEqual(cors, [], 'no CORS header is ever sent');
}

/** A script of the built UI (its names carry content hashes), or a made-up one while it is not built. */
function assetPath(): string {
  try {
    const script = readdirSync(join(RENDERER_DIR, 'assets')).find((name) => name.endsWith('.js'));
    return `/assets/${script ?? 'index.js'}`;
  } catch {
    return '/assets/index.js';
  }
}

/** The status of an API call and of a static file request with these headers. */
async function statuses(headers: Record<string, string>): Promise<number[]> {
  const api = await rawRequest(
    port,
    'POST',
    '/api/runs/active',
    { ...JSON_TYPE, ...headers },
    '{}',
  );
  const page = await rawRequest(port, 'GET', '/', headers);
  const asset = await rawRequest(port, 'GET', assetPath(), headers);
  for (const res of [api, page, asset]) assertNoCors(res);
  return [api.status, page.status, asset.status];
}

/** Opens a WebSocket on /api/events; the status of the refused upgrade, or 101 when it opened. */
function upgradeStatus(headers: Record<string, string>, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/events`, {
      headers,
      ...(origin === undefined ? {} : { origin }),
      handshakeTimeout: 10_000,
    });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      ws.terminate();
    });
    ws.once('error', (err) => reject(err));
  });
}

test('the printed token becomes an HttpOnly, SameSite=Strict cookie and leaves the URL', async () => {
  const res = await rawRequest(port, 'GET', `/?token=${token}`, { Host: host });
  assert.equal(res.status, 302);
  assert.equal(res.headers.location, '/');
  const setCookie = res.headers['set-cookie']?.[0] ?? '';
  assert.match(setCookie, new RegExp(`^dirbench_token=${token};`));
  assert.match(setCookie, /; HttpOnly/);
  assert.match(setCookie, /; SameSite=Strict/);
  assertNoCors(res);
  const wrong = await rawRequest(port, 'GET', '/?token=not-the-token', { Host: host });
  assert.equal(wrong.status, 401);
  assert.equal(wrong.headers['set-cookie'], undefined);
});

test('with the token the API answers and static files pass the gate', async () => {
  const [api, page, asset] = await statuses({ Host: host, Cookie: cookie });
  assert.equal(api, 200);
  // 503 when the renderer is not built yet: past the gate either way.
  assert.ok(page === 200 || page === 503, `page status ${page}`);
  assert.ok(asset === 200 || asset === 503, `asset status ${asset}`);
  const bearer = await rawRequest(
    port,
    'POST',
    '/api/runs/active',
    { ...JSON_TYPE, Host: host, Authorization: `Bearer ${token}` },
    '{}',
  );
  assert.equal(bearer.status, 200);
});

test('without the token or with a wrong one every request gets 401', async () => {
  assert.deepEqual(await statuses({ Host: host }), [401, 401, 401]);
  assert.deepEqual(await statuses({ Host: host, Cookie: 'dirbench_token=guess' }), [401, 401, 401]);
  assert.deepEqual(
    await statuses({ Host: `localhost:${port}`, Origin: `http://localhost:${port}` }),
    [401, 401, 401],
  );
});

test('a foreign Host (DNS rebinding) gets 403 even with the token', async () => {
  for (const forged of [`evil.example:${port}`, 'evil.example', `127.0.0.1:${port + 1}`]) {
    assert.deepEqual(await statuses({ Host: forged, Cookie: cookie }), [403, 403, 403], forged);
  }
});

test('a foreign Origin gets 403 even with the token, and preflights get no CORS', async () => {
  for (const origin of ['http://evil.example', 'null', `https://127.0.0.1:${port}`]) {
    const forged = { Host: host, Cookie: cookie, Origin: origin };
    assert.deepEqual(await statuses(forged), [403, 403, 403], origin);
  }
  const preflight = await rawRequest(port, 'OPTIONS', '/api/runs/start', {
    Host: host,
    Origin: 'http://evil.example',
    'Access-Control-Request-Method': 'POST',
  });
  assert.equal(preflight.status, 403);
  assertNoCors(preflight);
  const own = { Host: host, Cookie: cookie, Origin: `http://127.0.0.1:${port}` };
  assert.equal((await statuses(own))[0], 200);
});

test('API calls must be JSON, so a cross-site form post cannot start anything', async () => {
  const form = await rawRequest(
    port,
    'POST',
    '/api/runs/active',
    { Host: host, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    'req=1',
  );
  assert.equal(form.status, 415);
});

test('the WebSocket upgrade checks the token, Host and Origin too', async () => {
  const own = `http://127.0.0.1:${port}`;
  assert.equal(await upgradeStatus({ Cookie: cookie }, own), 101);
  assert.equal(await upgradeStatus({}, own), 401);
  assert.equal(await upgradeStatus({ Cookie: 'dirbench_token=guess' }, own), 401);
  assert.equal(await upgradeStatus({ Cookie: cookie }, 'http://evil.example'), 403);
  assert.equal(await upgradeStatus({ Cookie: cookie, Host: `evil.example:${port}` }, own), 403);
});

test('another interface is refused without --allow-remote (exit 2)', async () => {
  const refused = spawnServe(['--host', '0.0.0.0']);
  try {
    assert.equal(await refused.exited, 2);
    assert.match(refused.output(), /--allow-remote/);
    assert.doesNotMatch(refused.output(), /DirBench is serving at/);
  } finally {
    await refused.stop();
  }
});

test('with --allow-remote it listens on every interface, warns, and still checks the token', async () => {
  const remote = spawnServe(['--host', '0.0.0.0', '--allow-remote']);
  try {
    const url = new URL(await remote.url);
    assert.match(remote.output(), /WARNING: listening on 0\.0\.0\.0/);
    const remotePort = Number(url.port);
    const ownHost = `127.0.0.1:${remotePort}`;
    const anonymous = await rawRequest(remotePort, 'GET', '/', { Host: ownHost });
    assert.equal(anonymous.status, 401);
    const rebinding = await rawRequest(
      remotePort,
      'GET',
      `/?token=${url.searchParams.get('token')}`,
      {
        Host: `evil.example:${remotePort}`,
      },
    );
    assert.equal(rebinding.status, 403);
  } finally {
    await remote.stop();
  }
});
