import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { Attribute, Change, Client } from 'ldapts';
import { berInteger, berString, tlv } from './ber.ts';
import { CANNED_PERSON, RESPONDER_VENDOR_NAME } from './cannedEntries.ts';
import { startResponder } from './responder.ts';
import type { Responder } from './responder.ts';

let responder: Responder;
const clients: Client[] = [];

async function boundClient(dn = 'cn=admin,o=dirbench', password = 'x'): Promise<Client> {
  const client = new Client({ url: responder.url, timeout: 5000, connectTimeout: 2000 });
  clients.push(client);
  // Awaited before anything else: ops racing ldapts' first connect can hang.
  await client.bind(dn, password);
  return client;
}

before(async () => {
  responder = await startResponder();
});

after(async () => {
  await Promise.all(clients.map((c) => c.unbind().catch(() => undefined)));
  await responder.close();
});

test('listens on loopback with a URL and port', () => {
  assert.match(responder.url, /^ldap:\/\/127\.0\.0\.1:\d+$/);
  assert.ok(responder.port > 0);
});

test('simple and anonymous binds succeed', async () => {
  await boundClient();
  await boundClient('', '');
});

test('the root DSE names the responder and its version', async () => {
  const client = await boundClient();
  const { searchEntries } = await client.search('', { scope: 'base', attributes: ['+', '*'] });
  assert.equal(searchEntries.length, 1);
  assert.equal(searchEntries[0]?.vendorName, RESPONDER_VENDOR_NAME);
  assert.match(String(searchEntries[0]?.vendorVersion), /^\d+\.\d+\.\d+/);
});

test('a base search returns the canned entry under the requested DN', async () => {
  const client = await boundClient();
  const dn = 'uid=someone,ou=People,o=Salford,c=gb';
  const { searchEntries } = await client.search(dn, { scope: 'base', attributes: [] });
  assert.equal(searchEntries.length, 1);
  const entry = searchEntries[0];
  assert.equal(entry?.dn, dn);
  assert.equal(entry?.cn, CANNED_PERSON.cn?.[0]);
  assert.deepEqual(entry?.objectClass, CANNED_PERSON.objectClass);
  const one = await client.search(dn, { scope: 'base', attributes: ['mail'] });
  assert.deepEqual(Object.keys(one.searchEntries[0] ?? {}).sort(), ['dn', 'mail']);
});

test('the returned entry is configurable', async () => {
  const small = await startResponder({ entry: { cn: ['tiny'] } });
  const client = new Client({ url: small.url, timeout: 5000 });
  try {
    await client.bind('', '');
    const { searchEntries } = await client.search('cn=a', { scope: 'base' });
    assert.deepEqual(searchEntries, [{ dn: 'cn=a', cn: 'tiny' }]);
  } finally {
    await client.unbind();
    await small.close();
  }
});

test('a subtree search lists synthetic entries, DNs only when asked with 1.1', async () => {
  const client = await boundClient();
  const { searchEntries } = await client.search('o=x', { scope: 'sub', attributes: ['1.1'] });
  assert.equal(searchEntries.length, 100);
  assert.equal(searchEntries[3]?.dn, 'uid=user.3,o=x');
  // ldapts pads each entry with the requested names; no real attribute may travel.
  assert.deepEqual(Object.keys(searchEntries[3] ?? {}).sort(), ['1.1', 'dn']);
  assert.deepEqual(searchEntries[3]?.['1.1'], []);
});

test('pipelined searches on one connection all get their own answer', async () => {
  const client = await boundClient();
  const dns = Array.from({ length: 500 }, (_, i) => `uid=p${i},o=pipe`);
  const results = await Promise.all(dns.map((dn) => client.search(dn, { scope: 'base' })));
  assert.deepEqual(
    results.map((r) => r.searchEntries[0]?.dn),
    dns,
  );
});

test('modify, add, delete, modify DN and compare succeed', async () => {
  const client = await boundClient();
  await client.modify('uid=a,o=x', [
    new Change({
      operation: 'replace',
      modification: new Attribute({ type: 'title', values: ['t'] }),
    }),
  ]);
  await client.add('uid=b,o=x', { objectClass: ['person'], cn: 'b', sn: 'b' });
  await client.del('uid=b,o=x');
  await client.modifyDN('uid=a,o=x', 'uid=c');
  assert.equal(await client.compare('uid=a,o=x', 'cn', 'anything'), true);
});

test('StartTLS is refused as unavailable', async () => {
  const client = new Client({ url: responder.url, timeout: 5000 });
  clients.push(client);
  await assert.rejects(client.startTLS({}), /unavailable|52/i);
});

test('many connections are served at once', async () => {
  const many = await Promise.all(Array.from({ length: 64 }, () => boundClient()));
  const results = await Promise.all(many.map((c, i) => c.search(`cn=${i}`, { scope: 'base' })));
  assert.ok(results.every((r, i) => r.searchEntries[0]?.dn === `cn=${i}`));
});

/** Encodes a search request by hand, for byte-level tests. */
function rawSearch(messageId: number, dn: string): Buffer {
  const filter = berString('objectClass', 0x87);
  const search = tlv(
    0x63,
    berString(dn),
    berInteger(0, 0x0a),
    berInteger(0, 0x0a),
    berInteger(0),
    berInteger(0),
    tlv(0x01, Buffer.from([0])),
    filter,
    tlv(0x30),
  );
  return tlv(0x30, berInteger(messageId), search);
}

/** Sends bytes in the given pieces (one write each, spaced) and collects answers until `bytes` arrived. */
async function exchange(pieces: Buffer[], expectDone: number): Promise<Buffer> {
  const socket = net.connect({ port: responder.port, host: '127.0.0.1', noDelay: true });
  await new Promise((resolve) => socket.once('connect', resolve));
  const received: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no complete answer in 3 s')), 3000);
    socket.on('data', (d: Buffer) => {
      received.push(d);
      const all = Buffer.concat(received);
      // Each searchResultDone here is 0x65 0x07 ...: count them.
      let count = 0;
      for (let i = 0; i + 1 < all.length; i++) if (all[i] === 0x65 && all[i + 1] === 0x07) count++;
      if (count >= expectDone) {
        clearTimeout(timer);
        resolve(all);
      }
    });
  });
  for (const piece of pieces) {
    socket.write(piece);
    await new Promise((r) => setTimeout(r, 2));
  }
  try {
    return await done;
  } finally {
    socket.destroy();
  }
}

test('requests split across TCP reads are reassembled', async () => {
  const request = rawSearch(7, 'cn=split,o=x');
  const pieces = [...request].map((byte) => Buffer.from([byte]));
  const answer = await exchange(pieces, 1);
  assert.ok(answer.includes(Buffer.from('cn=split,o=x')));
});

test('several requests in one write get every answer, in order', async () => {
  const joined = Buffer.concat([1, 2, 3].map((id) => rawSearch(id, `cn=r${id}`)));
  // The boundary falls inside the second request: a join and a split at once.
  const answer = await exchange([joined.subarray(0, 40), joined.subarray(40)], 3);
  const positions = [1, 2, 3].map((id) => answer.indexOf(Buffer.from(`cn=r${id}`)));
  assert.ok(positions.every((p) => p >= 0));
  assert.deepEqual(
    positions,
    [...positions].sort((a, b) => a - b),
  );
});

test('garbage closes the connection', async () => {
  const socket = net.connect({ port: responder.port, host: '127.0.0.1' });
  await new Promise((resolve) => socket.once('connect', resolve));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.on('error', () => undefined);
  socket.write(Buffer.from([0x04, 0x01, 0x41]));
  await closed;
});

test('with an answer delay, answers are held back that long, and onRequest hears each request in order', async () => {
  const heard: [number, number][] = [];
  const slow = await startResponder({
    answerDelayMs: 30,
    onRequest: (connection, opTag) => heard.push([connection, opTag]),
  });
  const client = new Client({ url: slow.url, timeout: 5000, connectTimeout: 2000 });
  try {
    await client.bind('', '');
    for (let i = 0; i < 5; i++) {
      const startedMs = performance.now();
      const { searchEntries } = await client.search(`uid=u${i},o=x`, { scope: 'base' });
      // Timers never fire early, so no answer comes sooner (the correction keeps the mean at 30).
      assert.ok(performance.now() - startedMs >= 30 - 2, `answer ${i} came early`);
      assert.equal(searchEntries.length, 1);
    }
    assert.deepEqual(heard, [[0, 0x60], ...Array.from({ length: 5 }, () => [0, 0x63])]);
  } finally {
    await client.unbind().catch(() => undefined);
    await slow.close();
  }
});

test('with resultCode, every kind of request is answered with that code and no entry', async () => {
  const refusing = await startResponder({ resultCode: 53 });
  const client = new Client({ url: refusing.url, timeout: 5000, connectTimeout: 2000 });
  const change = new Change({
    operation: 'replace',
    modification: new Attribute({ type: 'title', values: ['t'] }),
  });
  const requests: [string, () => Promise<unknown>][] = [
    ['bind', () => client.bind('cn=a,o=x', 'x')],
    ['search', () => client.search('o=x', { scope: 'sub' })],
    ['compare', () => client.compare('uid=a,o=x', 'cn', 'a')],
    ['modify', () => client.modify('uid=a,o=x', [change])],
    ['add', () => client.add('uid=b,o=x', { objectClass: ['person'], cn: 'b', sn: 'b' })],
    ['delete', () => client.del('uid=b,o=x')],
    ['modDN', () => client.modifyDN('uid=a,o=x', 'uid=c')],
    ['extended', () => client.exop('1.3.6.1.4.1.4203.1.11.3')],
  ];
  try {
    for (const [kind, request] of requests) {
      await assert.rejects(
        request(),
        (err: { code?: unknown; message?: string }) =>
          err.code === 53 && /answers every request with result code 53/.test(err.message ?? ''),
        kind,
      );
    }
  } finally {
    await client.unbind().catch(() => undefined);
    await refusing.close();
  }
});

test('with resultCode for work only, simple binds and the root DSE still answer; everything else gets the code', async () => {
  const refusing = await startResponder({ resultCode: 4, resultCodeFor: 'work' });
  const client = new Client({ url: refusing.url, timeout: 5000, connectTimeout: 2000 });
  try {
    await client.bind('cn=a,o=x', 'x');
    const { searchEntries } = await client.search('', { scope: 'base', attributes: ['+'] });
    assert.equal(searchEntries[0]?.vendorName, RESPONDER_VENDOR_NAME);
    await assert.rejects(
      client.search('o=x', { scope: 'sub' }),
      (err: { code?: unknown }) => err.code === 4,
    );
    await assert.rejects(
      client.search('o=x', { scope: 'base' }),
      (err: { code?: unknown }) => err.code === 4,
    );
  } finally {
    await client.unbind().catch(() => undefined);
    await refusing.close();
  }
});

test('with a service model, one slot serves concurrent searches one after another, in order, never early', async () => {
  const served = await startResponder({ service: { slots: 1, serviceUs: 20_000 } });
  const client = new Client({ url: served.url, timeout: 5000, connectTimeout: 2000 });
  try {
    assert.equal(served.capacityOpsPerSec, 50);
    assert.equal(responder.capacityOpsPerSec, null);
    await client.bind('', '');
    const sentMs = performance.now();
    const order: number[] = [];
    const elapsedMs = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        await client.search(`uid=u${i},o=x`, { scope: 'base' });
        order.push(i);
        return performance.now() - sentMs;
      }),
    );
    assert.deepEqual(order, [0, 1, 2, 3]);
    // Sent together, so the slot's virtual clock puts answer i at least (i + 1) x 20 ms after them.
    for (const [i, ms] of elapsedMs.entries()) {
      assert.ok(ms >= (i + 1) * 20, `answer ${i} came after ${ms.toFixed(1)} ms`);
    }
    assert.ok((elapsedMs[3] ?? 0) < 1000, `four 20 ms services took ${elapsedMs[3]} ms`);
  } finally {
    await client.unbind().catch(() => undefined);
    await served.close();
  }
});
