// Every ldapts internal DirBench relies on (src/core/ldap/clientInternals.ts, the lean path in
// src/core/ldap/lean), checked by name, shape and behaviour against a real slapd with StartTLS: an
// ldapts upgrade that changes any of them fails here, loudly, before a run can go wrong.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type net from 'node:net';
import { after, before, test } from 'node:test';
import tls from 'node:tls';
import {
  BerWriter,
  Client,
  CompareRequest,
  DeleteRequest,
  FilterParser,
  ModifyRequest,
  NoSuchObjectError,
  SearchRequest,
  SearchResponse,
  StatusCodeParser,
} from 'ldapts';
import { salfordPersonDn } from '../../src/core/datagen/salford.ts';
import { internalsOf } from '../../src/core/ldap/clientInternals.ts';
import type { ClientInternals, MessageDetails } from '../../src/core/ldap/clientInternals.ts';
import { startTlsOptions } from '../../src/core/ldap/connection.ts';
import { sendLean } from '../../src/core/ldap/lean/channel.ts';
import { SearchEncoder } from '../../src/core/ldap/lean/encode.ts';
import { startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';

let slapd: TestSlapd;

before(async () => {
  slapd = await startTestSlapd(50, { tls: true });
});
after(async () => {
  await slapd.stop();
});

async function bound(startTls = false): Promise<{ client: Client; internals: ClientInternals }> {
  const client = new Client({ url: slapd.url });
  if (startTls)
    await client.startTLS(startTlsOptions({ url: slapd.url, caFile: slapd.caFile ?? '' }));
  await client.bind(slapd.rootDn, slapd.rootPw);
  return { client, internals: internalsOf(client) };
}

/** Resolves once ldapts has `count` requests in flight on `internals`. */
async function inFlight(internals: ClientInternals, count: number): Promise<void> {
  while (internals.messageDetailsByMessageId.size !== count) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

test('ldapts is the exact version package.json pins', () => {
  const pinned = (
    JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    }
  ).dependencies.ldapts;
  const installed = (
    JSON.parse(
      readFileSync(new URL('../../node_modules/ldapts/package.json', import.meta.url), 'utf8'),
    ) as { version: string }
  ).version;
  assert.match(pinned ?? '', /^\d+\.\d+\.\d+$/, 'an exact version, no range');
  assert.equal(installed, pinned);
});

test('_destroySocket: the client reads as not connected at once, and its requests still fail when the socket closes', async () => {
  const { client, internals } = await bound();
  const pending = client.search(slapd.baseDn, { filter: '(objectClass=*)', sizeLimit: 1 });
  await inFlight(internals, 1);
  internals._destroySocket(internals.socket);
  assert.equal(client.isConnected, false);
  await assert.rejects(pending, /Connection closed before message response was received/);
});

test('_nextMessageId: one counter for every request, from 1 up to 2^31-2, then 1 again', async () => {
  const { client, internals } = await bound();
  const first = internals._nextMessageId();
  await client.compare(salfordPersonDn({ entries: 50, seed: 1 }, 0), 'objectClass', 'person');
  // ldapts' own request took the next id.
  assert.equal(internals._nextMessageId(), first + 2);
  (client as unknown as { messageId: number }).messageId = 2 ** 31 - 3;
  assert.equal(internals._nextMessageId(), 2 ** 31 - 2);
  assert.equal(internals._nextMessageId(), 1);
  await client.unbind();
});

test('messageDetailsByMessageId: a Map by id string of { message, resolve, reject, timeoutTimer, socket }', async () => {
  const { client, internals } = await bound();
  assert.ok(internals.messageDetailsByMessageId instanceof Map);
  const searching = client.search(slapd.baseDn, { filter: '(objectClass=*)', sizeLimit: 5 });
  await inFlight(internals, 1);
  const [key, details] = [...internals.messageDetailsByMessageId][0] as [string, MessageDetails];
  assert.match(key, /^\d+$/);
  assert.ok(details.message instanceof SearchRequest);
  assert.equal(details.message.messageId, Number(key));
  assert.equal(typeof details.resolve, 'function');
  assert.equal(typeof details.reject, 'function');
  assert.equal(details.timeoutTimer, null);
  assert.equal(details.socket, internals.socket);
  await searching.catch(() => undefined);
  assert.equal(internals.messageDetailsByMessageId.size, 0);
  await client.unbind();
});

/** Request details that record how ldapts settles them; its methods need `this`, as the lean path's do. */
class ProbeDetails implements MessageDetails {
  readonly message: MessageDetails['message'];
  readonly socket: net.Socket;
  readonly timeoutTimer = null;
  readonly seen: string[] = [];

  constructor(message: MessageDetails['message'], socket: net.Socket) {
    this.message = message;
    this.socket = socket;
  }

  resolve(response?: Parameters<MessageDetails['resolve']>[0]): void {
    this.seen.push(`resolve ${response?.constructor.name} ${response?.status}`);
  }

  reject(err: Error): void {
    this.seen.push(`reject ${err.message}`);
  }
}

test('details are settled by method calls: resolve(response) with the parsed final response', async () => {
  const { client, internals } = await bound();
  const id = internals._nextMessageId();
  const message = new DeleteRequest({ messageId: id, dn: 'cn=nobody,o=Salford,c=gb' });
  const details = new ProbeDetails(message, internals.socket as net.Socket);
  internals.messageDetailsByMessageId.set(String(id), details);
  internals.socket?.write(message.write());
  await inFlight(internals, 0);
  assert.deepEqual(details.seen, ['resolve DeleteResponse 32']);
  await client.unbind();
});

test('socketDataHandler: an own instance field, attached on connect and moved to the socket StartTLS makes', async () => {
  const client = new Client({ url: slapd.url });
  const internals = internalsOf(client);
  assert.ok(Object.hasOwn(client, 'socketDataHandler'));
  // Replaced before connecting: ldapts attaches whatever the field holds.
  const original = internals.socketDataHandler;
  const chunks: number[] = [];
  internals.socketDataHandler = function (this: net.Socket, data: Buffer): void {
    chunks.push(data.length);
    original(data);
  };
  const replaced = internals.socketDataHandler;
  await client.startTLS(startTlsOptions({ url: slapd.url, caFile: slapd.caFile ?? '' }));
  const secure = internals.socket as net.Socket;
  assert.ok(secure instanceof tls.TLSSocket, 'StartTLS replaced the socket');
  assert.ok(secure.listeners('data').includes(replaced), 'the field is what reads the TLS socket');
  await client.bind(slapd.rootDn, slapd.rootPw);
  assert.ok(chunks.length >= 2, 'the StartTLS and the bind answers came through the field');
  assert.equal(internals.connected, true);
  await client.unbind();
  assert.equal(internals.connected, false);
  assert.equal(internals.socket, undefined);
});

test('messageParser.read: keeps a partial message in `buffer`, emits each whole one, rejects by id on a parse error', async () => {
  const { client, internals } = await bound();
  const parser = internals.messageParser;
  assert.equal(typeof parser.read, 'function');
  const messages: unknown[] = [];
  const listen = (m: unknown): number => messages.push(m);
  parser.on('message', listen);
  // A searchResultDone for id 7, in two parts.
  const done = Buffer.from([
    0x30, 0x0c, 0x02, 0x01, 0x07, 0x65, 0x07, 0x0a, 0x01, 0x00, 0x04, 0x00, 0x04, 0x00,
  ]);
  parser.read(done.subarray(0, 5), internals.messageDetailsByMessageId);
  assert.ok(parser.buffer !== undefined && parser.buffer.length === 5);
  parser.read(done.subarray(5), internals.messageDetailsByMessageId);
  assert.equal(parser.buffer, undefined);
  assert.ok(messages[0] instanceof SearchResponse);
  parser.off('message', listen);
  // An unknown protocol op for a request in flight fails that request.
  const failed: Error[] = [];
  internals.messageDetailsByMessageId.set('9', {
    message: new SearchRequest({ messageId: 9, filter: FilterParser.parseString('(cn=*)') }),
    resolve: () => undefined,
    reject: (err) => failed.push(err),
    timeoutTimer: null,
    socket: internals.socket as net.Socket,
  });
  parser.read(
    Buffer.from([0x30, 0x05, 0x02, 0x01, 0x09, 0x79, 0x00]),
    internals.messageDetailsByMessageId,
  );
  assert.match(failed[0]?.message ?? '', /Protocol Operation not supported: 0x79/);
  assert.equal(internals.messageDetailsByMessageId.size, 0);
  await client.unbind();
});

test('a close or socket error rejects requests naming their class and protocolOperation', async () => {
  // The lean path registers ldapts' own request classes so these errors read exactly the same.
  const operations = [
    new SearchRequest({ messageId: 0, filter: FilterParser.parseString('(cn=*)') }),
    new CompareRequest({ messageId: 0 }),
    new ModifyRequest({ messageId: 0 }),
    new DeleteRequest({ messageId: 0 }),
  ].map((m) => `${m.constructor.name} 0x${m.protocolOperation.toString(16)}`);
  assert.deepEqual(operations, [
    'SearchRequest 0x63',
    'CompareRequest 0x6e',
    'ModifyRequest 0x66',
    'DeleteRequest 0x4a',
  ]);
  const closing = await bound();
  const cut = closing.client.compare(slapd.baseDn, 'cn', 'x');
  await inFlight(closing.internals, 1);
  closing.internals.socket?.destroy();
  await assert.rejects(cut, {
    message:
      'Connection closed before message response was received. Message type: CompareRequest (0x6e)',
  });
  const failing = await bound();
  const broken = failing.client.compare(slapd.baseDn, 'cn', 'x');
  await inFlight(failing.internals, 1);
  failing.internals.socket?.emit('error', new Error('read ECONNRESET'));
  await assert.rejects(broken, {
    message: 'Socket error. Message type: CompareRequest (0x6e)\nread ECONNRESET',
  });
});

test('the writer and filter encoding the lean path reuses: BerWriter({ size }).buffer, Filter.write', () => {
  const filter = FilterParser.parseString('(&(uid=a)(cn=b*)(!(sn>=c)))');
  // A small writer grows; its buffer holds exactly the filter, as a SearchRequest carries it.
  const writer = new BerWriter({ size: 8 });
  filter.write(writer);
  assert.equal(writer.buffer[0], 0xa0);
  const request = new SearchRequest({ messageId: 1, filter }).write();
  assert.ok(request.includes(writer.buffer));
  assert.equal(request.length - request.indexOf(writer.buffer) - writer.buffer.length, 2);
  assert.ok(
    StatusCodeParser.parse(new SearchResponse({ messageId: 1, status: 32 })) instanceof
      NoSuchObjectError,
  );
  // The lean path reuses one writer per search operation: it empties its private write position
  // and open sequences.
  const fields = writer as unknown as { currentOffset: number; sequenceOffsets: number[] };
  assert.equal(fields.currentOffset, writer.buffer.length);
  assert.deepEqual(fields.sequenceOffsets, []);
  fields.currentOffset = 0;
  FilterParser.parseString('(cn=x)').write(writer);
  assert.equal(writer.buffer.toString('hex'), 'a3070402636e040178');
});

test('the lean path over StartTLS: requests after the upgrade are read from the TLS socket', async () => {
  const { client } = await bound(true);
  const encoder = new SearchEncoder({
    scope: 'base',
    derefAliases: 'never',
    sizeLimit: 0,
    timeLimitS: 0,
    typesOnly: false,
    attributes: [],
  });
  const filter = FilterParser.parseString('(objectClass=*)');
  const dn = salfordPersonDn({ entries: 50, seed: 1 }, 3);
  const results = await Promise.all(
    Array.from({ length: 20 }, () => sendLean(client, encoder.prepare(dn, filter))),
  );
  assert.deepEqual(results, Array(20).fill(1));
  await client.unbind();
});
