import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { berInteger, tlv } from '../../responder/ber.ts';
import { RESPONSE_TAG, encodeResult } from '../../responder/ldapMessages.ts';
import { entryMessage, referenceMessage, resultMessage } from '../../testing/ldapResponses.ts';
import { ResponseFramer } from './frame.ts';
import type { FrameSink } from './frame.ts';

/** Lean ops of the stream: id 2 a search, id 3 a compare. */
class RecordingSink implements FrameSink {
  readonly events: string[] = [];
  /** Handed-over bytes as given (not copied), to check what a reused read buffer leaves in them. */
  readonly handed: Buffer[] = [];

  countable(messageId: number, opTag: number): boolean {
    if (messageId !== 2) return false;
    this.events.push(`count ${messageId} ${opTag.toString(16)}`);
    return true;
  }

  finish(messageId: number, opTag: number, resultCode: number): boolean {
    const taken =
      (messageId === 2 && opTag === RESPONSE_TAG.searchDone && resultCode === 0) ||
      (messageId === 3 && opTag === RESPONSE_TAG.compare && (resultCode === 5 || resultCode === 6));
    if (messageId === 2 || messageId === 3) {
      this.events.push(`finish ${messageId} ${opTag.toString(16)} ${resultCode} ${taken}`);
    }
    return taken;
  }

  handOver(bytes: Buffer): void {
    this.handed.push(bytes);
    this.events.push(`ldapts ${bytes.length}`);
  }

  refuse(err: Error): void {
    this.events.push(`refused ${(err as { code?: string }).code ?? ''}: ${err.message}`);
  }

  /** Everything ldapts got, joined. */
  ldaptsBytes(): string {
    return Buffer.concat(this.handed).toString('hex');
  }
}

const bigEntry = entryMessage(2, 'uid=user.1,ou=People,o=x', {
  description: ['x'.repeat(300)],
  cn: ['a'],
});
const reference = referenceMessage(2, 'ldap://elsewhere/');
const bindDone = resultMessage(1, RESPONSE_TAG.bind, 0);
const foreignEntry = entryMessage(9, 'cn=other', { cn: ['b'] });
const searchDone = resultMessage(2, RESPONSE_TAG.searchDone, 0);
const compareMissing = resultMessage(3, RESPONSE_TAG.compare, 32, 'no such object');
// Message id with a long-form length (valid BER ldapts reads, not this framing): ldapts' to read.
const oddId = tlv(
  0x30,
  Buffer.from([0x02, 0x81, 0x01, 0x03]),
  encodeResult(RESPONSE_TAG.compare, 6),
);
const compareTrue = resultMessage(3, RESPONSE_TAG.compare, 6);
// A result code of 248 takes two bytes: ldapts reads it.
const searchWideCode = resultMessage(2, RESPONSE_TAG.searchDone, 248);
const stream = [
  bigEntry,
  reference,
  bindDone,
  foreignEntry,
  searchDone,
  compareMissing,
  oddId,
  compareTrue,
  searchWideCode,
];
const whole = Buffer.concat(stream);

const expectedEvents = [
  'count 2 64',
  'count 2 73',
  `ldapts ${bindDone.length}`,
  `ldapts ${foreignEntry.length}`,
  'finish 2 65 0 true',
  'finish 3 6f 32 false',
  `ldapts ${compareMissing.length}`,
  `ldapts ${oddId.length}`,
  'finish 3 6f 6 true',
  'finish 2 65 -1 false',
  `ldapts ${searchWideCode.length}`,
];
const expectedLdapts = Buffer.concat([
  bindDone,
  foreignEntry,
  compareMissing,
  oddId,
  searchWideCode,
]).toString('hex');

/** Feeds `bytes` cut at `cuts` (sorted offsets) and returns the sink. */
function feed(bytes: Buffer, cuts: number[], copyKept = false): RecordingSink {
  const sink = new RecordingSink();
  const framer = new ResponseFramer(sink);
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut <= from) continue;
    if (copyKept) {
      // A reused read buffer: the same memory, overwritten once the call returns.
      const chunk = Buffer.from(bytes.subarray(from, cut));
      framer.receive(chunk, true);
      chunk.fill(0xee);
    } else {
      framer.receive(bytes.subarray(from, cut));
    }
    from = cut;
  }
  return sink;
}

test('framing: lean entries are counted, lean results taken, everything else goes whole to ldapts', () => {
  const sink = feed(whole, []);
  assert.deepEqual(sink.events, expectedEvents);
  assert.equal(sink.ldaptsBytes(), expectedLdapts);
});

test('framing: the same events however TCP cuts the stream, one cut at every byte', () => {
  for (let cut = 1; cut < whole.length; cut++) {
    const sink = feed(whole, [cut]);
    assert.deepEqual(sink.events, expectedEvents, `cut at ${cut}`);
    assert.equal(sink.ldaptsBytes(), expectedLdapts, `cut at ${cut}`);
  }
});

test('framing: byte by byte, and any random cuts, with plain or reused read buffers', () => {
  const everyByte = Array.from({ length: whole.length }, (_, i) => i);
  assert.deepEqual(feed(whole, everyByte).events, expectedEvents);
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.integer({ min: 1, max: whole.length - 1 }), { maxLength: 12 }),
      fc.boolean(),
      (cuts, copyKept) => {
        const sink = feed(
          whole,
          cuts.sort((a, b) => a - b),
          copyKept,
        );
        assert.deepEqual(sink.events, expectedEvents);
        assert.equal(sink.ldaptsBytes(), expectedLdapts);
      },
    ),
  );
});

test('framing: bytes that cannot start an LDAPMessage refuse the stream at once, however it is cut, and nothing after them is kept', () => {
  const cases: [string, Buffer][] = [
    // Indefinite length (0x80): forbidden by RFC 4511 5.1; ldapts' reader threw on it and kept every later byte.
    ['30 80', Buffer.from([0x30, 0x80, 0x02, 0x01, 0x02])],
    // Five length bytes.
    ['30 85', Buffer.from([0x30, 0x85, 0, 0, 0, 0, 3])],
    // A zero tag: ldapts' parser took it for "no message yet" and waited for ever.
    ['00 03', Buffer.from([0x00, 0x03])],
    // Another tag than SEQUENCE.
    ['61', encodeResult(RESPONSE_TAG.bind, 0)],
  ];
  for (const [start, broken] of cases) {
    const after = Buffer.concat([broken, searchDone, compareTrue]);
    for (let cut = 1; cut < after.length; cut++) {
      const sink = feed(Buffer.concat([bindDone, after]), [bindDone.length + cut]);
      assert.equal(sink.ldaptsBytes(), bindDone.toString('hex'), start);
      assert.equal(sink.events.length, 2, start);
      assert.match(
        sink.events[1] as string,
        new RegExp(
          `^refused decodingError: the server's bytes are not LDAP messages: a message cannot start with ${start.slice(0, 2)}`,
        ),
      );
    }
  }
});

test('framing: a message over the size limit refuses the stream at its header, whatever its length claims and however much follows', () => {
  const limit = 1000;
  for (const claimed of [limit + 1, 20 << 20, 0x7fff_ffff, 0xffff_ffff]) {
    const header = Buffer.from([0x30, 0x84, 0, 0, 0, 0]);
    header.writeUInt32BE(claimed - 6, 2);
    const sink = new RecordingSink();
    const framer = new ResponseFramer(sink, limit);
    framer.receive(Buffer.concat([bindDone, header]));
    // Endless bytes after it: none is kept or handed over.
    for (let i = 0; i < 100; i++) framer.receive(Buffer.alloc(64 << 10, 0x41));
    assert.deepEqual(sink.events, [
      `ldapts ${bindDone.length}`,
      `refused messageTooLarge: the server sent a message of ${claimed} bytes, more than the ${limit} bytes accepted`,
    ]);
  }
  // At the limit a message is taken, a counted entry as much as one ldapts reads; a new socket starts afresh.
  const atLimit = entryMessage(9, 'cn=big', { description: ['x'.repeat(900)] });
  const sink = new RecordingSink();
  const framer = new ResponseFramer(sink, atLimit.length);
  framer.receive(atLimit);
  assert.deepEqual(sink.events, [`ldapts ${atLimit.length}`]);
  framer.receive(Buffer.from([0x30, 0x84, 0x00]));
  assert.equal(sink.events.length, 1, 'an unfinished header waits');
  framer.reset();
  framer.receive(bindDone);
  assert.equal(sink.events.at(-1), `ldapts ${bindDone.length}`);
});

test('framing: reset forgets a half-received message (its socket is gone)', () => {
  const sink = new RecordingSink();
  const framer = new ResponseFramer(sink);
  framer.receive(searchDone.subarray(0, 5));
  framer.reset();
  framer.receive(compareTrue);
  assert.deepEqual(sink.events, ['finish 3 6f 6 true']);
  // A counted entry's remaining bytes are not skipped on the next socket either.
  framer.receive(bigEntry.subarray(0, 20));
  framer.reset();
  framer.receive(searchDone);
  assert.deepEqual(sink.events.slice(1), ['count 2 64', 'finish 2 65 0 true']);
});

test('framing: message ids are read as ldapts reads them (two-complement, 1 to 4 bytes)', () => {
  const ids: number[] = [];
  const sink: FrameSink = {
    countable: () => false,
    finish: (messageId) => {
      ids.push(messageId);
      return true;
    },
    handOver: () => undefined,
    refuse: (err) => assert.fail(err),
  };
  const framer = new ResponseFramer(sink);
  for (const id of [1, 127, 128, 255, 256, 65_535, 65_536, 2 ** 31 - 1]) {
    framer.receive(resultMessage(id, RESPONSE_TAG.delete, 0));
  }
  // 0xff in one byte is -1 to ldapts: never a lean op's id.
  framer.receive(tlv(0x30, Buffer.from([0x02, 0x01, 0xff]), encodeResult(RESPONSE_TAG.delete, 0)));
  framer.receive(tlv(0x30, berInteger(-5), encodeResult(RESPONSE_TAG.delete, 0)));
  assert.deepEqual(ids, [1, 127, 128, 255, 256, 65_535, 65_536, 2 ** 31 - 1]);
});
