import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WorkerStartMessage } from '../loadgen/protocol.ts';
import type { PrepareRequest } from './agentRunProtocol.ts';
import { joinParts, parseDnPart, splitPrepare, withDnList } from './dnListParts.ts';

function request(dns: string[], columns?: Record<string, string[]>): PrepareRequest {
  const start = {
    type: 'start',
    dnSource: { kind: 'list', dns, ...(columns === undefined ? {} : { columns }) },
  } as unknown as WorkerStartMessage;
  return {
    runId: 'run-1',
    clockOffsetMs: 0,
    loadMs: 1000,
    workers: [
      { workerIndex: 0, start },
      { workerIndex: 2, start },
    ],
  };
}

test('a small prepare request goes as it is', () => {
  const small = request(['uid=a,o=x', 'uid=b,o=x']);
  assert.deepEqual(splitPrepare(small), { request: small, parts: [] });
});

test('a big DN list goes in parts under the limit and comes back whole, columns aligned', () => {
  const dns = Array.from({ length: 20_000 }, (_, i) => `uid=user.${i},ou=People,o=Salford,c=gb`);
  const mail = dns.map((_, i) => `user.${i}@salford.example`);
  const big = request(dns, { mail });
  const { request: small, parts } = splitPrepare(big, 64 * 1024);
  assert.ok(parts.length > 10, `${parts.length} parts`);
  for (const part of parts) {
    assert.ok(Buffer.byteLength(JSON.stringify(part)) < 80 * 1024);
    assert.deepEqual(parseDnPart(JSON.stringify(part)), part);
  }
  assert.equal(small.dnParts, parts.length);
  assert.ok(Buffer.byteLength(JSON.stringify(small)) < 1024, 'the request itself is small');
  const restored = withDnList(small, parts.toReversed()) ?? assert.fail('not restored');
  assert.deepEqual(restored, big);
  assert.equal(joinParts(parts.slice(1), parts.length), null, 'a missing part is noticed');
  assert.equal(withDnList(small, parts.slice(1)), null);
});

test('what is not a DN part is refused', () => {
  for (const text of [
    '',
    'null',
    '{"runId":"r","part":0}',
    '{"runId":1,"part":0,"parts":1,"dns":[]}',
  ])
    assert.equal(parseDnPart(text), null, text);
});
