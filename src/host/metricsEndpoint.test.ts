import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import type { ApiEventMessage } from '../shared/api.ts';
import { runConfigFixture } from '../core/testing/runConfigFixture.ts';
import { startMetricsEndpoint } from './metricsEndpoint.ts';

/** A GET with exactly these headers (Host included), answered as status and body. */
function get(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test('the CLI endpoint answers /metrics only, to Host headers naming it, and stops counting once closed', async () => {
  const listeners = new Set<(message: ApiEventMessage) => void>();
  const endpoint = await startMetricsEndpoint({
    host: '127.0.0.1',
    port: 0,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  try {
    assert.equal(endpoint.url, `http://127.0.0.1:${endpoint.port}/metrics`);
    assert.equal(endpoint.loopback, true);
    const active = {
      runId: 'r1',
      config: runConfigFixture(),
      status: 'preparing' as const,
      startedAt: 'now',
      samples: [],
    };
    for (const listener of listeners)
      listener({ event: 'run/started', payload: { runId: 'r1', active } });
    const host = { Host: `127.0.0.1:${endpoint.port}` };
    const ok = await get(endpoint.port, '/metrics', host);
    assert.equal(ok.status, 200);
    assert.equal(ok.type, 'application/openmetrics-text; version=1.0.0; charset=utf-8');
    assert.match(ok.body, /^dirbench_run_active\{run="r1",.*\} 1$/m);
    assert.ok(ok.body.endsWith('# EOF\n'));
    assert.equal((await get(endpoint.port, '/metrics', host, 'HEAD')).body, '');
    assert.equal((await get(endpoint.port, '/metrics', host, 'POST')).status, 405);
    assert.equal((await get(endpoint.port, '/', host)).status, 404);
    const rebound = await get(endpoint.port, '/metrics', { Host: `evil.example:${endpoint.port}` });
    assert.equal(rebound.status, 403, 'a DNS-rebound name is refused');
  } finally {
    await endpoint.close();
  }
  assert.equal(listeners.size, 0, 'closing unsubscribes from the core');
});
