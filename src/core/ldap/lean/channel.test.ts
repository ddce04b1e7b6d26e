import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { Client } from 'ldapts';
import type { WorkloadOperation } from '../../../shared/workload.ts';
import { Prng } from '../../datagen/prng.ts';
import { OpWatch, watched } from '../../loadgen/opDeadline.ts';
import { berInteger, readTlv, tlv } from '../../responder/ber.ts';
import { RESPONSE_TAG, encodeMessage } from '../../responder/ldapMessages.ts';
import { entryMessage, referenceMessage, resultMessage } from '../../testing/ldapResponses.ts';
import { OpContext } from '../../workload/opContext.ts';
import { compileCompare } from '../../workload/ops/compare.ts';
import { compileDelete } from '../../workload/ops/delete.ts';
import { compileModify } from '../../workload/ops/modify.ts';
import type { OpFactory, OpTools } from '../../workload/ops/opTypes.ts';
import { compileSearch } from '../../workload/ops/search.ts';
import { OwnEntries } from '../../workload/ownEntries.ts';
import { parseValuePattern } from '../../pattern/index.ts';
import { internalsOf } from '../clientInternals.ts';
import { ConnectionCounters } from '../connectionCounters.ts';
import { failureCodeName } from '../failure.ts';
import { gatedFactories } from '../socketGate.ts';
import { keepOnLdapts, sendLean } from './channel.ts';
import { DeleteEncoder } from './encode.ts';

/** What the fake server does with a request for `dn`: writes answers, closes, or stays silent. */
type Answer = (id: number, socket: net.Socket) => void;

const entry = (id: number, n: number): Buffer =>
  entryMessage(id, `uid=user.${n},o=x`, { cn: [`user ${n}`] });

/** Answers by DN; the result tag is the one the request's kind expects. */
function answerFor(dn: string, doneTag: number): Answer {
  switch (dn) {
    case 'many':
      return (id, s) =>
        s.write(
          Buffer.concat([
            entry(id, 1),
            entry(id, 2),
            referenceMessage(id, 'ldap://elsewhere/'),
            entry(id, 3),
            resultMessage(id, doneTag, 0),
          ]),
        );
    case 'reversed':
      // The bytes of `many` with other values at the same offsets.
      return (id, s) =>
        s.write(
          Buffer.concat([entry(id, 3), entry(id, 2), entry(id, 1), resultMessage(id, doneTag, 0)]),
        );
    case 'split':
      // Byte by byte, each in its own write: the framing must join them.
      return (id, s) => {
        const bytes = Buffer.concat([entry(id, 1), resultMessage(id, doneTag, 0)]);
        let at = 0;
        const next = (): void => {
          if (at >= bytes.length || s.destroyed) return;
          s.write(bytes.subarray(at, at + 1));
          at++;
          setImmediate(next);
        };
        next();
      };
    case 'limited':
      return (id, s) =>
        s.write(
          Buffer.concat([entry(id, 1), entry(id, 2), resultMessage(id, doneTag, 4, 'limit')]),
        );
    case 'missing':
      return (id, s) => s.write(resultMessage(id, doneTag, 32, 'no such entry'));
    case 'busy':
      return (id, s) => s.write(resultMessage(id, doneTag, 51, 'try later'));
    case 'true':
      return (id, s) => s.write(resultMessage(id, doneTag, 6));
    case 'false':
      return (id, s) => s.write(resultMessage(id, doneTag, 5));
    case 'wide':
      // Result code 248 in two bytes: ldapts reads it (NoResultError).
      return (id, s) =>
        s.write(
          encodeMessage(
            id,
            tlv(
              doneTag,
              berInteger(248, 0x0a),
              tlv(0x04, Buffer.alloc(0)),
              tlv(0x04, Buffer.alloc(0)),
            ),
          ),
        );
    case 'intermediate':
      // An IntermediateResponse ldapts does not know: it fails the op as a parse error.
      return (id, s) => s.write(encodeMessage(id, tlv(0x79, Buffer.alloc(0))));
    case 'close':
      return (_id, s) => s.destroy();
    case 'hang':
      return () => undefined;
    default:
      return (id, s) => s.write(resultMessage(id, doneTag, 0));
  }
}

/** The result tag each request kind is answered with. */
const DONE_TAG: Record<number, number> = {
  0x63: RESPONSE_TAG.searchDone,
  0x6e: RESPONSE_TAG.compare,
  0x66: RESPONSE_TAG.modify,
  0x4a: RESPONSE_TAG.delete,
};

/** An LDAP server on loopback that binds anyone and answers by DN (see answerFor). */
function startFakeServer(): Promise<net.Server> {
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    let pending = Buffer.alloc(0);
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const message = readTlv(pending, 0);
        if (message === null) return;
        const idTlv = readTlv(pending, message.start, message.end);
        const op = idTlv === null ? null : readTlv(pending, idTlv.end, message.end);
        if (idTlv === null || op === null) return;
        const id = pending.readIntBE(idTlv.start, idTlv.end - idTlv.start);
        // A delete's op is its DN; the others open with it.
        const dnTlv = op.tag === 0x4a ? op : readTlv(pending, op.start, op.end);
        const dn = dnTlv === null ? '' : pending.toString('utf8', dnTlv.start, dnTlv.end);
        const opTag = op.tag;
        pending = pending.subarray(message.end);
        if (opTag === 0x60) socket.write(resultMessage(id, RESPONSE_TAG.bind, 0));
        else if (opTag === 0x42) socket.end();
        else answerFor(dn, DONE_TAG[opTag] ?? 0x65)(id, socket);
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let server: net.Server;
let url = '';
before(async () => {
  server = await startFakeServer();
  url = `ldap://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
/** Open server-side sockets: closed at the end, so a failed test's connections cannot keep the process alive. */
const sockets = new Set<net.Socket>();
after(
  () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
);

async function boundClient(lean: boolean): Promise<Client> {
  const client = new Client({ url });
  await client.bind('', '');
  if (!lean) keepOnLdapts(client);
  return client;
}

const tools: OpTools = {
  pattern: (text) => parseValuePattern(text),
  own: new OwnEntries(),
  params: { url: '', startTls: false, bindDn: '', password: '', tcpNoDelay: true },
  counters: new ConnectionCounters(),
  passwordFiles: {},
};

function compile(operation: WorkloadOperation): OpFactory {
  switch (operation.kind) {
    case 'search':
      return compileSearch(operation, tools);
    case 'compare':
      return compileCompare(operation, tools);
    case 'modify':
      return compileModify(operation, tools);
    case 'delete':
      return compileDelete(operation, tools);
    default:
      throw new Error(`not a lean kind: ${operation.kind}`);
  }
}

/** What an op came to: its entries, or its error as failure.ts classifies and explains it. */
async function outcome(client: Client, factory: OpFactory): Promise<string> {
  const ctx = new OpContext(new Prng(1), null, 'u.');
  try {
    return `ok ${await factory(ctx).run(client)}`;
  } catch (err) {
    const e = err as Error;
    return `${failureCodeName(err)} ${e.constructor.name}: ${e.message}`;
  }
}

/** The outcome of `operation` on a fresh client on each path, lean first. */
async function bothPaths(operation: WorkloadOperation): Promise<[string, string]> {
  const results: string[] = [];
  for (const lean of [true, false]) {
    const client = await boundClient(lean);
    results.push(await outcome(client, compile(operation)));
    await client.unbind().catch(() => undefined);
  }
  return results as [string, string];
}

const search = (base: string, sizeLimit = 0): WorkloadOperation => ({
  kind: 'search',
  base,
  scope: 'sub',
  filter: '(objectClass=*)',
  attributes: [],
  sizeLimit,
});

test('searches end the same on the lean and the ldapts path: entries, limits, errors, odd answers', async () => {
  const expected: Record<string, string> = {
    many: 'ok 3',
    split: 'ok 1',
    none: 'ok 0',
    missing: 'noSuchObject NoSuchObjectError: no such entry Code: 0x20',
    busy: 'busy BusyError: try later Code: 0x33',
    limited: 'sizeLimitExceeded SizeLimitExceededError: limit Code: 0x4',
    wide: 'noResult NoResultError:  Code: 0xf8',
    close:
      'connectionClosed Error: Connection closed before message response was received. Message type: SearchRequest (0x63)',
  };
  for (const [dn, want] of Object.entries(expected)) {
    const [lean, ldapts] = await bothPaths(search(dn));
    assert.equal(lean, ldapts, dn);
    assert.equal(lean, want, dn);
  }
  // With a size limit asked for, sizeLimitExceeded is a success (as in searchrate) with what came.
  assert.deepEqual(await bothPaths(search('limited', 2)), ['ok 2', 'ok 2']);
  // An answer a search cannot have: ldapts' parser knows no 0x79, the framing knows it is not a search's.
  const [lean, ldapts] = await bothPaths(search('intermediate'));
  assert.match(ldapts, /^decodingError MessageParserError: Protocol Operation not supported: 0x79/);
  assert.match(lean, /^decodingError UnexpectedResponseError: .* \(0x63\) .* wrong kind \(0x79\)$/);
});

test('compare, modify and delete end the same on both paths', async () => {
  const compare = (entryDn: string): WorkloadOperation => ({
    kind: 'compare',
    entryDn,
    attribute: 'cn',
    value: 'x',
  });
  assert.deepEqual(await bothPaths(compare('true')), ['ok 0', 'ok 0']);
  assert.deepEqual(await bothPaths(compare('false')), ['ok 0', 'ok 0']);
  const missing = await bothPaths(compare('missing'));
  assert.equal(missing[0], missing[1]);
  assert.match(missing[0], /^noSuchObject NoSuchObjectError/);
  const modify = (entryDn: string): WorkloadOperation => ({
    kind: 'modify',
    entryDn,
    changes: [{ operation: 'replace', attribute: 'description', values: ['a', 'b'] }],
  });
  assert.deepEqual(await bothPaths(modify('ok')), ['ok 0', 'ok 0']);
  const busy = await bothPaths(modify('busy'));
  assert.equal(busy[0], busy[1]);
  assert.match(busy[0], /^busy BusyError/);
  const del = (entryDn: string): WorkloadOperation => ({ kind: 'delete', entryDn });
  assert.deepEqual(await bothPaths(del('ok')), ['ok 0', 'ok 0']);
  const gone = await bothPaths(del('missing'));
  assert.equal(gone[0], gone[1]);
  assert.match(gone[0], /^noSuchObject NoSuchObjectError/);
  const closed = await bothPaths(del('close'));
  assert.equal(closed[0], closed[1]);
  assert.match(closed[0], /DeleteRequest \(0x4a\)$/);
});

test('pipelined: lean and ldapts requests share one connection and one message id counter', async () => {
  const client = await boundClient(true);
  const ctx = new OpContext(new Prng(1), null, 'u.');
  const many = compile(search('many'));
  const running = [many(ctx).run(client), client.compare('true', 'cn', 'x'), many(ctx).run(client)];
  // Sent in one turn: corked into one write, released on the next tick.
  const socket = internalsOf(client).socket as net.Socket;
  assert.equal(socket.writableCorked, 1);
  assert.deepEqual(await Promise.all(running), [3, true, 3]);
  assert.equal(socket.writableCorked, 0);
  // ldapts' own operations still work beside the lean ones, and nothing is left pending anywhere.
  assert.equal((await client.search('none', { filter: '(cn=*)' })).searchEntries.length, 0);
  assert.equal(internalsOf(client).messageDetailsByMessageId.size, 0);
  const ids = new Set<number>();
  for (let i = 0; i < 3; i++) ids.add(internalsOf(client)._nextMessageId());
  assert.equal(ids.size, 3);
  await client.unbind();
});

test('a socket error fails lean requests with the error ldapts gives its own', async () => {
  const client = await boundClient(true);
  const ctx = new OpContext(new Prng(1), null, 'u.');
  const leanOp = compile(search('hang'))(ctx).run(client);
  const ldaptsOp = client.compare('hang', 'cn', 'x');
  // ldapts registers its request a microtask later than the lean path does.
  await Promise.resolve();
  assert.equal(internalsOf(client).messageDetailsByMessageId.size, 2);
  internalsOf(client).socket?.emit(
    'error',
    Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
  );
  const [lean, ldapts] = await Promise.allSettled([leanOp, ldaptsOp]);
  assert.equal(lean.status, 'rejected');
  assert.equal(ldapts.status, 'rejected');
  assert.equal(failureCodeName(lean.reason), failureCodeName(ldapts.reason));
  assert.equal(failureCodeName(lean.reason), 'ECONNRESET');
  assert.equal(
    (lean.reason as Error).message,
    'Socket error. Message type: SearchRequest (0x63)\nread ECONNRESET',
  );
});

test('the op-timeout sweep fails an unanswered lean op as timeout, like an ldapts one', async () => {
  const client = await boundClient(true);
  const ctx = new OpContext(new Prng(1), null, 'u.');
  const watch = new OpWatch(80);
  try {
    const leanOp = watched(watch.slot(), compile(search('hang'))(ctx).run(client));
    const ldaptsOp = watched(watch.slot(), client.compare('hang', 'cn', 'x'));
    const settled = await Promise.allSettled([leanOp, ldaptsOp]);
    assert.deepEqual(
      settled.map((s) => (s.status === 'rejected' ? failureCodeName(s.reason) : 'answered')),
      ['timeout', 'timeout'],
    );
  } finally {
    watch.stop();
    await client.unbind();
  }
});

test('a client that is not connected, or kept on ldapts, is left to ldapts', async () => {
  const prepared = new DeleteEncoder().prepare('cn=a');
  const unconnected = new Client({ url });
  assert.equal(sendLean(unconnected, prepared), null);
  const kept = await boundClient(false);
  assert.equal(sendLean(kept, prepared), null);
  await kept.unbind();
  // After a close the lean path steps aside: ldapts' own call decides (here: it reconnects).
  const client = await boundClient(true);
  await client.unbind();
  assert.equal(sendLean(client, prepared), null);
});

test('a message ldapts had begun to receive when the lean path took over is finished, not lost', async () => {
  const client = await boundClient(true);
  const internals = internalsOf(client);
  // ldapts' own search, unanswered by the server; its answer is played in by hand, in two parts.
  const ldaptsSearch = client.search('hang', { filter: '(cn=*)' });
  await new Promise<void>((resolve) => {
    const check = (): void => {
      if (internals.messageDetailsByMessageId.size === 1) resolve();
      else setImmediate(check);
    };
    check();
  });
  const id = Number([...internals.messageDetailsByMessageId.keys()][0]);
  const answer = Buffer.concat([entry(id, 1), entry(id, 2), resultMessage(id, 0x65, 0)]);
  internals.messageParser.read(answer.subarray(0, 10), internals.messageDetailsByMessageId);
  assert.ok(internals.messageParser.buffer !== undefined, 'ldapts holds the first part');
  // The first lean op installs the lean path; the rest of the answer then arrives on the socket.
  const lean = sendLean(client, new DeleteEncoder().prepare('ok'));
  assert.ok(lean !== null);
  internals.socket?.emit('data', answer.subarray(10));
  assert.equal((await ldaptsSearch).searchEntries.length, 2);
  assert.equal(await lean, 0);
  await client.unbind();
});

test('reused read buffer: whatever ldapts keeps of a read is a copy, before and after the lean path takes over', async () => {
  for (const lean of [true, false]) {
    const client = new Client({
      url,
      ...gatedFactories(true, new ConnectionCounters(), { reuseReads: true }),
    });
    await client.bind('', '');
    if (!lean) keepOnLdapts(client);
    const ctx = new OpContext(new Prng(1), null, 'u.');
    const many = compile(search('many'));
    assert.equal(await many(ctx).run(client), 3);
    // ldapts' own search keeps the raw value buffers of `cn`: views of what it was handed.
    const kept = await client.search('many', {
      filter: '(cn=*)',
      explicitBufferAttributes: ['cn'],
    });
    // Other answers land in the shared buffer where those values were; they must not change.
    const reversed = compile(search('reversed'));
    for (let i = 0; i < 3; i++) assert.equal(await reversed(ctx).run(client), 3);
    assert.deepEqual(
      kept.searchEntries.map((e) => (e.cn as Buffer).toString()),
      ['user 1', 'user 2', 'user 3'],
      lean ? 'lean path' : 'ldapts path',
    );
    await client.unbind();
  }
});
