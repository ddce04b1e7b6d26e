import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { APP_INDEX_URL } from './appOrigin.ts';
import { APP_SCHEME_PRIVILEGES, appProtocolHandler, resolveAppUrl } from './appProtocol.ts';
import { CONTENT_SECURITY_POLICY, isAppPage } from './security.ts';

let dir = '';
let serve: (request: Request) => Promise<Response>;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'dirbench-app-'));
  const root = join(dir, 'dist', 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>DirBench</title>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'export {};');
  writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}');
  writeFileSync(join(root, 'assets', 'logo.svg'), '<svg/>');
  writeFileSync(join(root, 'assets', 'blob.xyz'), 'x');
  writeFileSync(join(root, 'assets', 'with space.json'), '{}');
  writeFileSync(join(dir, 'dist', 'secret.txt'), 'TOP-SECRET-CONTENT');
  writeFileSync(join(dir, 'package.json'), '{"name":"OUTSIDE-PACKAGE"}');
  symlinkSync(join(dir, 'dist', 'secret.txt'), join(root, 'assets', 'leak.txt'));
  symlinkSync(join(dir, 'dist'), join(root, 'up'));
  serve = appProtocolHandler(root);
});

after(() => rmSync(dir, { recursive: true, force: true }));

async function get(url: string, method = 'GET'): Promise<Response> {
  return serve(new Request(url, { method }));
}

test('the scheme is standard, secure and fetchable, and the window loads app://dirbench/index.html', () => {
  assert.deepEqual(APP_SCHEME_PRIVILEGES, {
    scheme: 'app',
    privileges: { standard: true, secure: true, supportFetchAPI: true },
  });
  assert.equal(APP_INDEX_URL, 'app://dirbench/index.html');
});

test('the renderer files are served with their content types; the page carries the CSP', async () => {
  const page = await get('app://dirbench/index.html');
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(page.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
  assert.match(await page.text(), /<title>DirBench/);
  const root = await get('app://dirbench/');
  assert.equal(root.status, 200, '/ is the index page');
  const types: [string, string][] = [
    ['assets/index-abc.js', 'text/javascript; charset=utf-8'],
    ['assets/index-abc.css', 'text/css; charset=utf-8'],
    ['assets/logo.svg', 'image/svg+xml'],
    ['assets/blob.xyz', 'application/octet-stream'],
    ['assets/with%20space.json', 'application/json'],
  ];
  for (const [path, type] of types) {
    const res = await get(`app://dirbench/${path}?v=1#x`);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get('content-type'), type, path);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('content-security-policy'), null);
  }
  const head = await get('app://dirbench/assets/index-abc.js', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(await head.text(), '');
  assert.equal((await get('app://dirbench/index.html', 'POST')).status, 405);
});

test('nothing outside dist/renderer is reachable, however the path is spelled', async () => {
  const escapes = [
    'app://dirbench/../secret.txt',
    'app://dirbench/..%2fsecret.txt',
    'app://dirbench/%2e%2e/secret.txt',
    'app://dirbench/%2E%2E%2Fsecret.txt',
    'app://dirbench/assets/%2e%2e/%2e%2e/secret.txt',
    'app://dirbench/assets%2f..%2f..%2fsecret.txt',
    'app://dirbench/assets%5c..%5c..%5csecret.txt',
    'app://dirbench/..%5c..%5cpackage.json',
    'app://dirbench//etc/passwd',
    `app://dirbench/${encodeURIComponent(join(dir, 'package.json'))}`,
    'app://dirbench/C:%5cWindows%5cwin.ini',
    'app://dirbench/%00index.html',
    'app://dirbench/assets/leak.txt',
    'app://dirbench/up/secret.txt',
    'app://dirbench/%ZZ',
    'app://other/index.html',
    'app://dirbench.evil/index.html',
    'app://dirbench:8080/index.html',
    'https://dirbench/index.html',
    'file:///etc/passwd',
  ];
  for (const url of escapes) {
    const res = await get(url);
    assert.ok([400, 403, 404].includes(res.status), `${url} -> ${res.status}`);
    assert.doesNotMatch(await res.text(), /TOP-SECRET-CONTENT|OUTSIDE-PACKAGE/, url);
  }
  assert.equal((await get('app://dirbench/assets/leak.txt')).status, 403, 'symlink out is refused');
  assert.equal((await get('app://dirbench/missing.js')).status, 404);
  assert.equal((await get('app://dirbench/assets')).status, 404, 'a directory is not a file');
  assert.equal((await get('app://DirBench/index.html')).status, 200, 'hosts are case-blind');
});

test('the URL check refuses before touching the disk', () => {
  assert.deepEqual(resolveAppUrl('app://dirbench/assets/a.js'), {
    ok: true,
    segments: ['assets', 'a.js'],
  });
  assert.deepEqual(resolveAppUrl('app://dirbench/'), { ok: true, segments: ['index.html'] });
  assert.equal(resolveAppUrl('nonsense').ok, false);
  assert.equal(resolveAppUrl('app://dirbench/a%2fb').ok, false);
  assert.equal(resolveAppUrl('app://user:pw@dirbench/index.html').ok, false);
});

test('a handler over a missing folder answers 404 instead of failing', async () => {
  const handler = appProtocolHandler(join(dir, 'nowhere'));
  assert.equal((await handler(new Request('app://dirbench/index.html'))).status, 404);
});

test('only the app page may call the API: app://dirbench/index.html with any hash route', () => {
  assert.equal(isAppPage(APP_INDEX_URL), true);
  assert.equal(isAppPage(`${APP_INDEX_URL}#/history?target=a`), true);
  for (const url of [
    `${APP_INDEX_URL}?x=1`,
    'app://dirbench/other.html',
    'app://evil/index.html',
    'file:///opt/DirBench/resources/app.asar/dist/renderer/index.html',
    'https://dirbench/index.html',
    'not a url',
  ]) {
    assert.equal(isAppPage(url), false, url);
  }
});
