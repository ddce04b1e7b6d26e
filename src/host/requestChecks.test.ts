import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API_CHANNELS } from '../shared/api.ts';
import {
  RequestRefused,
  apiChannelOf,
  checkDeclaredLength,
  checkJsonContentType,
  checkMethod,
  decodePathname,
  parseApiBody,
  parseRequestTarget,
  redirectPath,
  takesRequest,
} from './requestChecks.ts';
import { thrownBy } from '../core/testing/thrownBy.ts';

/** Runs `fn` and answers the RequestRefused it threw (failing when it threw nothing or something else). */
function refusal(fn: () => unknown): RequestRefused {
  return thrownBy(fn, RequestRefused, 'nothing was refused');
}

test('request targets: paths stay paths, garbage is a 400', () => {
  assert.equal(parseRequestTarget('/a/b?x=1').pathname, '/a/b');
  assert.equal(parseRequestTarget(undefined).pathname, '/');
  // Taken literally: a leading `//` names no host.
  assert.equal(parseRequestTarget('//evil.example/x').pathname, '//evil.example/x');
  assert.equal(parseRequestTarget('http://127.0.0.1:1/api/x').pathname, '/api/x');
  assert.equal(parseRequestTarget('*').pathname, '/');
  for (const bad of ['http://[bad/', 'http://a:99999/', 'mailto:x@y', 'javascript:alert(1)']) {
    const refused = refusal(() => parseRequestTarget(bad));
    assert.equal(refused.status, 400, bad);
    assert.equal(refused.kind, 'bad-target');
  }
});

test('percent escapes: valid ones decode, a malformed one or a NUL is a 400 naming the problem', () => {
  assert.equal(decodePathname('/a%20b/%E2%82%AC'), '/a b/€');
  for (const bad of ['/%E0%A4%A', '/%', '/%zz', '/%C0%AF', '/%ff', '/%e2%82']) {
    const refused = refusal(() => decodePathname(bad));
    assert.equal(refused.status, 400, bad);
    assert.equal(refused.kind, 'bad-escape');
    assert.match(refused.message, /malformed percent escape/);
  }
  assert.equal(refusal(() => decodePathname('/a%00b')).kind, 'bad-path');
});

test('the token redirect stays on this site whatever the path', () => {
  assert.equal(redirectPath('/'), '/');
  assert.equal(redirectPath('/history'), '/history');
  assert.equal(redirectPath('//evil.example'), '/evil.example');
  assert.equal(redirectPath('/\\evil.example'), '/evil.example');
  assert.equal(redirectPath('///\\\\x'), '/x');
});

test('methods: allowed ones pass, others get 405 with Allow', () => {
  checkMethod('GET', ['GET', 'HEAD']);
  const refused = refusal(() => checkMethod('DELETE', ['GET', 'HEAD']));
  assert.equal(refused.status, 405);
  assert.deepEqual(refused.headers, { Allow: 'GET, HEAD' });
  assert.equal(refusal(() => checkMethod(undefined, ['POST'])).status, 405);
});

test('API channels: only the literal /api/<channel>, never after dot segments or escapes', () => {
  assert.equal(apiChannelOf('/api/runs/active'), 'runs/active');
  assert.equal(apiChannelOf('/api/runs/active?x=1'), 'runs/active');
  for (const bad of [
    '/api/lab/list/../../runs/start',
    '/api/x/%2e%2e/runs/start',
    '/api/runs%2Fstart',
    '/api/RUNS/ACTIVE',
    '/api/runs/active/',
    '/api/__proto__',
    '/api/constructor',
    '/api/',
    'http://127.0.0.1:1/api/runs/active',
  ]) {
    const refused = refusal(() => apiChannelOf(bad));
    assert.equal(refused.status, 404, bad);
    assert.equal(refused.kind, 'unknown-channel');
  }
  assert.ok(refusal(() => apiChannelOf(`/api/${'x'.repeat(5000)}`)).message.length < 200);
});

test('content type: application/json (any case, with parameters) only', () => {
  checkJsonContentType('application/json');
  checkJsonContentType('Application/JSON; charset=utf-8');
  for (const bad of [
    undefined,
    '',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonx',
    'application/json-seq',
  ]) {
    assert.equal(refusal(() => checkJsonContentType(bad)).status, 415, String(bad));
  }
});

test('a declared body above the limit is a 413 before anything is read', () => {
  checkDeclaredLength(undefined, 100);
  checkDeclaredLength('100', 100);
  const refused = refusal(() => checkDeclaredLength('101', 100));
  assert.equal(refused.status, 413);
  assert.equal(refused.kind, 'body-too-large');
  assert.match(refusal(() => checkDeclaredLength('2097152', 1024 * 1024)).message, /1 MB/);
});

test('which channels take a request follows the contract: exactly the ones the UI calls without one', () => {
  const without = API_CHANNELS.filter((channel) => !takesRequest(channel));
  assert.ok(without.includes('runs/active'));
  assert.ok(without.includes('targets/list'));
  assert.ok(!without.includes('history/list'), 'history/list takes a filter');
  assert.ok(!without.includes('lab/stop'));
});

test('API bodies: an object with an object `req` for channels that take one', () => {
  assert.deepEqual(parseApiBody('{"req":{"id":"x"}}', 'lab/stop'), { id: 'x' });
  // Channels without a request ignore what came (the UI sends null).
  assert.equal(parseApiBody('{"req":null}', 'runs/active'), undefined);
  assert.equal(parseApiBody('', 'runs/active'), undefined);
  assert.equal(parseApiBody('{"req":[1,2]}', 'runs/active'), undefined);
  const cases: [string, string][] = [
    ['{', 'body-not-json'],
    ['{"req":{}}\u0000', 'body-not-json'],
    ['null', 'body-not-object'],
    ['[{"req":{}}]', 'body-not-object'],
    ['5', 'body-not-object'],
    ['', 'req-not-object'],
    ['{}', 'req-not-object'],
    ['{"req":null}', 'req-not-object'],
    ['{"req":[]}', 'req-not-object'],
    ['{"req":"x"}', 'req-not-object'],
    // JSON.parse makes "__proto__" an own key: it is not `req`.
    ['{"__proto__":{"req":{"id":"x"}}}', 'req-not-object'],
  ];
  for (const [body, kind] of cases) {
    const refused = refusal(() => parseApiBody(body, 'lab/stop'));
    assert.equal(refused.status, 400, body);
    assert.equal(refused.kind, kind, body);
  }
  assert.match(refusal(() => parseApiBody('{}', 'lab/stop')).message, /lab\/stop/);
});
