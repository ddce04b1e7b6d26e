import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { Prng } from '../datagen/prng.ts';
import { PatternError, parseValuePattern } from './index.ts';
import type { ParseOptions, ValuePattern } from './index.ts';

const ctx = (seed = 1) => ({ rng: new Prng(seed), entry: () => '', unique: () => '' });

/** `n` values of `pattern` in order. */
function take(pattern: ValuePattern, n: number, seed = 1): string[] {
  const c = ctx(seed);
  return Array.from({ length: n }, () => pattern.next(c));
}

let dir = '';
let fileCount = 0;

/** Writes `content` to a fresh file in the temp dir and returns its absolute path. */
function file(content: string | Buffer): string {
  const path = join(dir, `f${++fileCount}.txt`);
  writeFileSync(path, content);
  return path;
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'dirbench-files-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

// A line: any text without line terminators (and no ']' so it can sit in a pattern name).
const line = fc.string({ maxLength: 12 }).map((s) => s.replace(/[\r\n]/g, ''));
const lines = fc.array(line, { minLength: 1, maxLength: 20 });

describe('[file:] and [randomfile:]', () => {
  test('only ever yield lines of the file, and with enough draws every line', () => {
    fc.assert(
      fc.property(lines, fc.integer(), (content, seed) => {
        const path = file(content.join('\n') + '\n');
        const values = take(parseValuePattern(`[file:${path}]`), 40 * content.length, seed);
        for (const v of values)
          assert.ok(content.includes(v), `${JSON.stringify(v)} is not a line`);
        assert.deepEqual(new Set(values), new Set(content));
        for (const v of take(parseValuePattern(`[randomfile:${path}]`), 10, seed)) {
          assert.ok(content.includes(v));
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('[sequentialfile:]', () => {
  test('yields the lines in order and wraps to the first', () => {
    fc.assert(
      fc.property(lines, fc.boolean(), (content, finalNewline) => {
        // Without a final newline, a last empty line is no line at all (as in Java).
        fc.pre(finalNewline || content[content.length - 1] !== '');
        const path = file(content.join('\n') + (finalNewline ? '\n' : ''));
        const got = take(parseValuePattern(`[sequentialfile:${path}]`), 2 * content.length + 1);
        assert.deepEqual(got, [...content, ...content, content[0]]);
      }),
      { numRuns: 60 },
    );
  });

  test('workers sharing it read each line once per pass between them', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 1, max: 5 }), (content, workers) => {
        const path = file(content.join('\n') + '\n');
        const shares = Array.from({ length: workers }, (_, w) =>
          parseValuePattern(`[sequentialfile:${path}]`, {
            sequence: { offset: w, stride: workers },
          }),
        );
        const c = ctx();
        const together = Array.from({ length: 2 * content.length + workers }, (_, g) =>
          (shares[g % workers] as ValuePattern).next(c),
        );
        assert.deepEqual(
          together,
          together.map((_, g) => content[g % content.length]),
        );
      }),
      { numRuns: 40 },
    );
  });

  test('line ends are read as Java readLine reads them', () => {
    const cases: [string, string[]][] = [
      ['a\nb\n', ['a', 'b']],
      ['a\nb', ['a', 'b']],
      ['a\r\nb\r\n', ['a', 'b']],
      ['a\rb\r', ['a', 'b']],
      ['a\r\rb', ['a', '', 'b']],
      ['a\n\nb', ['a', '', 'b']],
      ['\n', ['']],
      ['\ufeffa\nb', ['a', 'b']],
    ];
    for (const [content, expected] of cases) {
      const path = file(content);
      for (const kind of ['sequentialfile', 'streamfile']) {
        const got = take(parseValuePattern(`[${kind}:${path}]`), expected.length + 1);
        assert.deepEqual(got, [...expected, expected[0]], `${kind} ${JSON.stringify(content)}`);
      }
    }
  });
});

describe('[streamfile:]', () => {
  test('streams a file several times larger than its 64 KiB chunk, in order, and wraps', () => {
    // Multi-byte characters and CRLF make chunk edges fall inside characters and line ends.
    const content = Array.from({ length: 12_000 }, (_, i) => `line ${i} ${'é€'.repeat(i % 7)}`);
    const path = file(content.join('\r\n') + '\r\n');
    assert.ok(statSync(path).size > 4 * 64 * 1024);
    const got = take(parseValuePattern(`[streamfile:${path}]`), content.length + 2);
    assert.deepEqual(got, [...content, content[0], content[1]]);
  });

  test('a line end split across the chunk edge ends one line only', () => {
    const long = 'a'.repeat(64 * 1024 - 1);
    for (const [content, expected] of [
      [`${long}\r\nb\n`, [long, 'b']],
      [`${long}\rb`, [long, 'b']],
      [`${long}éb\nc`, [`${long}éb`, 'c']],
    ] as const) {
      const got = take(parseValuePattern(`[streamfile:${file(content)}]`), expected.length + 1);
      assert.deepEqual(got, [...expected, expected[0]]);
    }
  });

  test('workers sharing a stream skip each other’s lines', () => {
    const content = Array.from({ length: 9000 }, (_, i) => `u${i}`);
    const path = file(content.join('\n'));
    const workers = 3;
    const shares = Array.from({ length: workers }, (_, w) =>
      parseValuePattern(`[streamfile:${path}]`, { sequence: { offset: w, stride: workers } }),
    );
    const c = ctx();
    const together = Array.from({ length: content.length + 6 }, (_, g) =>
      (shares[g % workers] as ValuePattern).next(c),
    );
    assert.deepEqual(
      together,
      together.map((_, g) => content[g % content.length]),
    );
  });
});

describe('file names', () => {
  test('absolute, file:/// and baseDir-relative names read the same file', () => {
    const path = file('x\ny\n');
    const name = path.slice(dir.length + 1);
    const options: ParseOptions = { baseDir: dir };
    for (const ref of [path, `//${path}`, name]) {
      assert.deepEqual(take(parseValuePattern(`[sequentialfile:${ref}]`, options), 3), [
        'x',
        'y',
        'x',
      ]);
    }
  });

  test('unreadable or empty files fail at parse time, with the column of the name', () => {
    const empty = file('');
    for (const [text, reason] of [
      [`[file:${join(dir, 'nope.txt')}]`, 'file not found'],
      [`[streamfile:${join(dir, 'nope.txt')}]`, 'file not found'],
      [`[file:${empty}]`, 'file is empty'],
      [`[sequentialfile:${empty}]`, 'file is empty'],
      [`[streamfile:${empty}]`, 'file is empty'],
      [`[streamfile:${dir}]`, 'is a directory'],
    ] as const) {
      assert.throws(
        () => parseValuePattern(text),
        (err: unknown) =>
          err instanceof PatternError &&
          err.reason.includes(reason) &&
          err.column === text.indexOf(':') + 2,
        text,
      );
    }
  });
});
