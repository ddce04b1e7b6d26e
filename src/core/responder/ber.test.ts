import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  berInteger,
  berString,
  lengthSize,
  readTlv,
  tlv,
  tlvInteger,
  tlvString,
  writeHeader,
} from './ber.ts';

test('integers round-trip in the fewest bytes, negatives included', () => {
  for (const value of [0, 1, 127, 128, 255, 256, -1, -128, -129, 2 ** 31 - 1, -(2 ** 31)]) {
    const encoded = berInteger(value);
    const read = readTlv(encoded, 0);
    assert.ok(read);
    assert.equal(tlvInteger(encoded, read), value);
  }
  assert.deepEqual([...berInteger(127)], [0x02, 0x01, 0x7f]);
  assert.deepEqual([...berInteger(128)], [0x02, 0x02, 0x00, 0x80]);
});

test('long lengths are written and read in long form', () => {
  const text = 'x'.repeat(300);
  const encoded = berString(text);
  assert.deepEqual([...encoded.subarray(0, 4)], [0x04, 0x82, 0x01, 0x2c]);
  const read = readTlv(encoded, 0);
  assert.ok(read);
  assert.equal(tlvString(encoded, read), text);
});

test('a TLV cut anywhere reads as incomplete, never as garbage', () => {
  const encoded = tlv(0x30, berInteger(5), berString('y'.repeat(200)));
  for (let cut = 0; cut < encoded.length; cut++) {
    assert.equal(readTlv(encoded.subarray(0, cut), 0), null, `cut at ${cut}`);
  }
  assert.deepEqual(readTlv(encoded, 0), { tag: 0x30, start: 3, end: encoded.length });
});

test('indefinite lengths are refused', () => {
  assert.throws(() => readTlv(Buffer.from([0x30, 0x80, 0x00, 0x00]), 0), /length form/);
});

test('headers written in place match the TLV encoder', () => {
  for (const size of [0, 1, 127, 128, 255, 256, 70_000]) {
    const content = Buffer.alloc(size, 0x61);
    const expected = tlv(0x04, content);
    const buf = Buffer.alloc(expected.length);
    const pos = writeHeader(buf, 0, 0x04, size);
    assert.equal(pos, 1 + lengthSize(size));
    content.copy(buf, pos);
    assert.deepEqual(buf, expected);
  }
});
