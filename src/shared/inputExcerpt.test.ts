import assert from 'node:assert/strict';
import { test } from 'node:test';
import { binaryContent, inputExcerpt, jsonSyntaxProblem } from './inputExcerpt.ts';

const ELF = Uint8Array.from([
  0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e,
]);

/** True when `text` holds a control character (C0, DEL or C1) a terminal would act on. */
function hasControl(text: string): boolean {
  return /\p{Cc}/u.test(text);
}

test('printable text is quoted, line ends escaped, long text cut', () => {
  assert.equal(inputExcerpt('Recent Searches/Sec,Avg'), '"Recent Searches/Sec,Avg"');
  assert.equal(
    inputExcerpt('{\n  "a": 1\r\n}'),
    '"{\\n  \\"a\\": 1\\r\\n}"'.replaceAll('\\"', '"'),
  );
  assert.equal(inputExcerpt('x'.repeat(100), { maxChars: 10 }), `"${'x'.repeat(10)}…"`);
  assert.equal(inputExcerpt('café ünïcode'), '"café ünïcode"');
});

test('binary input is shown as hex bytes with their offsets, never raw', () => {
  assert.equal(
    inputExcerpt(ELF),
    'bytes 0-15: 7f 45 4c 46 02 01 01 03 00 00 00 00 00 00 00 00 ...',
  );
  // Binary text decoded with replacement characters, as a browser's File.text() gives it.
  const decoded = new TextDecoder().decode(Uint8Array.from([0x7f, 0x45, 0xff, 0x00]));
  assert.equal(inputExcerpt(decoded, { byteOffset: 100 }), 'bytes 100-105: 7f 45 ef bf bd 00');
  assert.equal(
    inputExcerpt('ok\u001b[2Jcleared'),
    'bytes 0-12: 6f 6b 1b 5b 32 4a 63 6c 65 61 72 65 64',
  );
  // A right-to-left override would reorder the rest of the terminal line.
  assert.match(inputExcerpt('abc\u202edef'), /^bytes 0-8: 61 62 63 e2 80 ae 64 65 66$/);
  assert.equal(inputExcerpt(new Uint8Array(0)), '""');
});

test('a multi-byte character cut at the end of the bytes read is still text', () => {
  const bytes = new TextEncoder().encode('é'.repeat(200));
  assert.equal(inputExcerpt(bytes, { maxChars: 3 }), '"ééé…"');
});

test('JSON syntax errors name the place and quote it printably', () => {
  const problem = (text: string): string => {
    try {
      JSON.parse(text);
    } catch (err) {
      return jsonSyntaxProblem(err, text);
    }
    return assert.fail('parsed');
  };
  const binary = new TextDecoder().decode(ELF);
  const elf = problem(binary);
  assert.equal(hasControl(elf), false, elf);
  assert.match(elf, /unexpected character 'U\+007F' near position 0: bytes 0-15: 7f 45 4c 46/);
  assert.equal(
    problem('{"a": 1,, }'),
    'Expected double-quoted property name at position 8 (line 1 column 9): ", }"',
  );
  const control = problem('{"workload": "abc\u0001def"}');
  assert.equal(hasControl(control), false, control);
  assert.match(control, /^Bad control character in string literal at position 17 .*: bytes 17-/);
  assert.equal(problem(''), 'Unexpected end of JSON input');
  const long = problem(`{"a": [${'1,'.repeat(40)}1], "c": x}`);
  assert.match(long, /^unexpected character 'x' near position \d+: ".*x}"$/);
});

test('binary content is found by its first control character, with its byte offset', () => {
  assert.equal(binaryContent('a,b\r\n\tc\fd'), null);
  assert.equal(binaryContent('café\n'), null);
  assert.equal(
    binaryContent('é'.repeat(10) + '\u0000'),
    'a control byte 0x00 at offset 20, in bytes 12-20: c3 a9 c3 a9 c3 a9 c3 a9 00',
  );
  assert.equal(binaryContent(`${'x'.repeat(9000)}\u0000`), null, 'only the start is looked at');
});

test('bytes a decoder replaced are never shown as the bytes of its replacement character', () => {
  // A file of random bytes read as UTF-8: 7f 43 then an invalid byte, then a NUL.
  const decoded = new TextDecoder().decode(Uint8Array.from([0x7f, 0x43, 0xff, 0x2d, 0x00]));
  assert.equal(binaryContent(decoded), 'a control byte 0x7f at offset 0, in bytes 0-1: 7f 43');
  // After a replaced byte, byte offsets are unknown: the place is given in characters.
  assert.equal(
    binaryContent(new TextDecoder().decode(Uint8Array.from([0x41, 0xff, 0x42, 0x00, 0x43]))),
    'a control byte 0x00 at character 3, after bytes that are not UTF-8',
  );
});

test('printable text can be quoted otherwise, or bare', () => {
  assert.equal(inputExcerpt('cn=x', { quote: "'" }), "'cn=x'");
  assert.equal(inputExcerpt('notes', { quote: '' }), 'notes');
  assert.equal(inputExcerpt('a\u0000', { quote: '' }), 'bytes 0-1: 61 00');
});
