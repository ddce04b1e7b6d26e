import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { Prng } from '../datagen/prng.ts';
import { assertPatternError } from '../testing/patternErrorAssert.ts';
import { patternFilesFixture } from '../testing/patternFilesFixture.ts';
import { PatternError, parseValuePattern } from './index.ts';
import type { ParseOptions, PatternContext, ValuePattern } from './index.ts';
import { thrownBy } from '../testing/thrownBy.ts';

/** A context with a seeded random source; [entry:A] yields "<A>", [unique] u1, u2, ... */
function context(seed = 1): PatternContext {
  let unique = 0;
  return { rng: new Prng(seed), entry: (a) => `<${a}>`, unique: () => `u${++unique}` };
}

/** `n` values of `pattern` in order. */
function take(pattern: ValuePattern, n: number, ctx: PatternContext = context()): string[] {
  return Array.from({ length: n }, () => pattern.next(ctx));
}

/** Escapes literal text so it expands to itself. */
function escape(text: string): string {
  return text.replace(/\[/g, '[[').replace(/\]/g, ']]');
}

/** The error parsing `text` raises (fails the test when it parses). */
function parseError(text: string, options?: ParseOptions): PatternError {
  return thrownBy(
    () => parseValuePattern(text, options),
    PatternError,
    `expected ${JSON.stringify(text)} to be rejected`,
  );
}

const dir = patternFilesFixture('dirbench-pattern-');

describe('literal text', () => {
  test('any text escaped with [[ and ]] expands to itself and is static', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const pattern = parseValuePattern(escape(text));
        assert.equal(pattern.isStatic, true);
        assert.equal(pattern.next(context()), text);
        assert.equal(pattern.next(context()), text);
      }),
    );
  });

  test('escaped text around a token keeps its place', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (head, tail) => {
        const pattern = parseValuePattern(`${escape(head)}[7:7]${escape(tail)}`);
        assert.equal(pattern.isStatic, false);
        assert.equal(pattern.next(context()), `${head}7${tail}`);
      }),
    );
  });

  test('[[ and ]] are single brackets, also next to tokens', () => {
    assert.equal(parseValuePattern('[[Hello]]').next(context()), '[Hello]');
    assert.equal(parseValuePattern('[[[3:3]]]').next(context()), '[3]');
    assert.equal(parseValuePattern('a]]]][[[[b').next(context()), 'a]][[b');
  });
});

describe('random numeric ranges', () => {
  test('values stay inside [lo, hi] and print as plain integers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer(),
        (lo, span, seed) => {
          const hi = lo + span;
          const pattern = parseValuePattern(`[${lo}-${hi}]`);
          for (const value of take(pattern, 20, context(seed))) {
            assert.equal(String(Number(value)), value);
            assert.ok(Number(value) >= lo && Number(value) <= hi, `${value} outside ${lo}..${hi}`);
          }
        },
      ),
    );
  });

  test('every value of a small range turns up, roughly evenly', () => {
    const counts = new Map<string, number>();
    for (const v of take(parseValuePattern('[1-6]'), 6000)) counts.set(v, (counts.get(v) ?? 0) + 1);
    assert.deepEqual([...counts.keys()].sort(), ['1', '2', '3', '4', '5', '6']);
    for (const n of counts.values()) assert.ok(n > 800 && n < 1200, `count ${n}`);
  });

  test('a one-value range always gives that value', () => {
    assert.deepEqual(take(parseValuePattern('[-3--3]'), 3), ['-3', '-3', '-3']);
  });

  test('a format pads and groups every drawn value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.integer(), (lo, seed) => {
        const hi = lo + 5000;
        const ctx = context(seed);
        for (const v of take(parseValuePattern(`[${lo}-${hi}%00000]`), 5, ctx)) {
          assert.match(v, /^\d{5,6}$/);
          assert.ok(Number(v) >= lo && Number(v) <= hi);
        }
        for (const v of take(parseValuePattern(`[${lo}-${hi}%#,##0]`), 5, ctx)) {
          assert.match(v, /^\d{1,3}(,\d{3})*$/);
          const n = Number(v.replace(/,/g, ''));
          assert.ok(n >= lo && n <= hi);
        }
        for (const v of take(parseValuePattern(`[${lo}-${hi}%'id'000]`), 5, ctx)) {
          assert.match(v, /^id\d{3,}$/);
          assert.ok(Number(v.slice(2)) >= lo && Number(v.slice(2)) <= hi);
        }
      }),
    );
  });
});

describe('sequential ranges', () => {
  /** The values [lo:hi x inc] walks through in one cycle, ascending or descending. */
  function cycle(lo: number, hi: number, inc: number): number[] {
    const out: number[] = [];
    if (hi >= lo) for (let v = lo; v <= hi; v += inc) out.push(v);
    else for (let v = lo; v >= hi; v -= inc) out.push(v);
    return out;
  }

  // [what, smallest span, +1 ascending or -1 descending, the step suffix for a span and step]
  const directions: [string, number, 1 | -1, (span: number, inc: number) => string][] = [
    [
      'ascending ranges give lo, lo+inc, ... up to hi, then wrap to lo',
      0,
      1,
      // Without a suffix some of the time: [lo:hi] steps by 1 too.
      (span, inc) => (inc === 1 && span % 2 === 0 ? '' : `x${inc}`),
    ],
    [
      'descending ranges walk down from the first bound and wrap to it',
      1,
      -1,
      (_span, inc) => `x${inc}`,
    ],
  ];
  for (const [what, minSpan, sign, suffix] of directions) {
    test(what, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: -1000, max: 1000 }),
          fc.integer({ min: minSpan, max: 60 }),
          fc.integer({ min: 1, max: 7 }),
          (first, span, inc) => {
            const last = first + sign * span;
            const expected = cycle(first, last, inc);
            const got = take(
              parseValuePattern(`[${first}:${last}${suffix(span, inc)}]`),
              expected.length * 2 + 1,
            );
            assert.deepEqual(got.map(Number), [...expected, ...expected, expected[0]]);
          },
        ),
      );
    });
  }

  test('the documented examples: [0:1000x5%0000], and the 1002nd value of [0:1000] and [1000:0]', () => {
    assert.deepEqual(take(parseValuePattern('[0:1000x5%0000]'), 4), [
      '0000',
      '0005',
      '0010',
      '0015',
    ]);
    assert.equal(take(parseValuePattern('[0:1000]'), 1002)[1001], '0');
    assert.equal(take(parseValuePattern('[1000:0]'), 1002)[1001], '1000');
  });

  test('an increment larger than the range keeps returning the first bound, like UnboundID', () => {
    assert.deepEqual(take(parseValuePattern('[5:7x10]'), 3), ['5', '5', '5']);
  });

  test('K workers sharing one sequence produce each value exactly once per cycle', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        (workers, span, inc, descending) => {
          const text = descending ? `[${span}:0x${inc}]` : `[0:${span}x${inc}]`;
          const single = take(parseValuePattern(text), 1000);
          const n = cycle(descending ? span : 0, descending ? 0 : span, inc).length;
          const shares = Array.from({ length: workers }, (_, w) =>
            parseValuePattern(text, { sequence: { offset: w, stride: workers } }),
          );
          const ctx = context();
          // Round-robin: global value g is worker g % K's (g / K)-th value.
          const together = Array.from({ length: 3 * n + workers }, (_, g) =>
            (shares[g % workers] as ValuePattern).next(ctx),
          );
          assert.deepEqual(together, single.slice(0, together.length));
          assert.equal(new Set(together.slice(0, n)).size, n);
        },
      ),
    );
  });

  test('sequence options are checked', () => {
    assert.throws(
      () => parseValuePattern('[0:5]', { sequence: { offset: 0, stride: 0 } }),
      RangeError,
    );
    assert.throws(
      () => parseValuePattern('[0:5]', { sequence: { offset: -1, stride: 2 } }),
      RangeError,
    );
  });
});

describe('random characters, UUIDs, back-references', () => {
  test('[random:N:set] gives N characters from the set; the default set is lowercase letters', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes(']')),
        fc.integer(),
        (n, set, seed) => {
          const token = `[random:${n}:${set}]`;
          // A '[' right after the opening bracket would read as an escape.
          fc.pre(!token.startsWith('[['));
          const ctx = context(seed);
          for (const v of take(parseValuePattern(token), 5, ctx)) {
            assert.equal(v.length, n);
            for (const ch of v) assert.ok(set.includes(ch), `${ch} not in ${set}`);
          }
          for (const v of take(parseValuePattern(`[random:${n}]`), 5, ctx)) {
            assert.match(v, new RegExp(`^[a-z]{${n}}$`));
          }
        },
      ),
    );
  });

  test('[uuid] is an RFC 4122 version 4 UUID', () => {
    const values = take(parseValuePattern('[uuid]'), 500);
    for (const v of values) {
      assert.match(v, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    assert.equal(new Set(values).size, values.length);
  });

  test('[ref:N] repeats the Nth bracketed value of the same expansion, refs counting too', () => {
    const kinds = ['[1-1000000000]', '[random:8]', '[uuid]', '[0:99999]', '[-50-50%000]'];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...kinds), { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.integer(),
        (tokens, picks, seed) => {
          const parts = [...tokens];
          // Each ref points at any earlier bracketed component, a ref included.
          for (const p of picks) parts.push(`[ref:${(p % parts.length) + 1}]`);
          const pattern = parseValuePattern(parts.join('|'));
          const ctx = context(seed);
          for (let round = 0; round < 3; round++) {
            const values = pattern.next(ctx).split('|');
            assert.equal(values.length, parts.length);
            parts.forEach((part, i) => {
              const ref = /^\[ref:(\d+)\]$/.exec(part);
              if (ref !== null) assert.equal(values[i], values[Number(ref[1]) - 1]);
            });
          }
        },
      ),
    );
  });

  test('the same seed gives the same sequence of values', () => {
    const text =
      'uid=[1-1000000],[random:6:abc],[uuid],[0:10],[ref:1],[timestamp:min=20200101000000Z:max=20210101000000Z]';
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const a = take(parseValuePattern(text), 20, context(seed));
        const b = take(parseValuePattern(text), 20, context(seed));
        assert.deepEqual(a, b);
      }),
      { numRuns: 50 },
    );
  });
});

describe('DirBench tokens', () => {
  test('[entry:ATTR] and [entry:ATTR:N] read the entry; [unique] is fresh each time', () => {
    const pattern = parseValuePattern('[entry:cn]/[entry:cn:2]/[entry:mail]/[unique]');
    assert.deepEqual(pattern.entryAttributes, ['cn', 'mail']);
    assert.equal(pattern.usesUnique, true);
    const ctx = context();
    assert.equal(pattern.next(ctx), '<cn>/<c/<mail>/u1');
    assert.equal(pattern.next(ctx), '<cn>/<c/<mail>/u2');
    assert.equal(parseValuePattern('[1-5]').usesUnique, false);
  });
});

describe('every documented form parses', () => {
  const forms = [
    'Hello',
    '[[Hello]]',
    '[0:1000]',
    '[1000:0]',
    '[0:1000x5%0000]',
    '[0-1000]',
    '[0-1000%0000]',
    '[random:5]',
    '[random:4:0123456789abcdef]',
    '[random:5:abcdefghijklmnopqrstuvwxyz]',
    '[timestamp]',
    '[timestamp:format=milliseconds]',
    '[timestamp:format=seconds]',
    "[timestamp:format=yyyy-MM-dd'T'HH:mm:ss.SSSZ]",
    '[timestamp:min=20180101000000.000Z:max=20181231235959.999Z:format=yyyyMMddHHmmss]',
    '[timestamp:min=20180101000000.000Z:max=20181231235959.999Z]',
    '[uuid]',
    'dc=example,dc=com',
    '[1000:9999]',
    '(uid=user.[1-1000000])',
    'uid=user.[1-1000000],ou=org[1-10],dc=example,dc=com',
    'uid=user.[1-1000000],ou=org[ref:1],dc=example,dc=com',
    '[entry:uid]',
    '[entry:cn:3]',
    'cn=[unique]',
  ];
  for (const form of forms) {
    test(form, () => {
      const pattern = parseValuePattern(form);
      assert.equal(pattern.source, form);
      assert.equal(typeof pattern.next(context()), 'string');
    });
  }

  test('the file forms parse, with plain, relative and file:/// paths', () => {
    const abs = join(dir(), 'names.txt');
    for (const name of ['file', 'randomfile', 'sequentialfile', 'streamfile']) {
      for (const path of [abs, `//${abs}`, 'names.txt']) {
        const v = parseValuePattern(`[${name}:${path}]`, { baseDir: dir() }).next(context());
        assert.ok(['alice', 'bob', 'carol'].includes(v), `${name}:${path} gave ${v}`);
      }
    }
  });
});

describe('malformed patterns', () => {
  // [pattern, 1-based column of the caret, part of the reason]
  const cases: [string, number, string][] = [
    ['abc[def', 4, "unclosed '['"],
    ['abc]def', 4, "unmatched ']'"],
    ['[1-5]]', 6, "unmatched ']'"],
    ['x[]', 3, 'empty brackets'],
    ['[foo]', 2, "unknown token name 'foo'"],
    ['[foo:bar]', 2, "unknown token name 'foo'"],
    ['[http://example.com/x]', 2, 'http URLs are not supported'],
    ['[1-x]', 4, 'range upper bound is not a number'],
    ['[-]', 2, 'range lower bound is not a number'],
    ['[12]', 4, "range needs '-' or ':'"],
    ['[1y-5]', 3, "unexpected 'y' in range"],
    ['[99999999999999999-1]', 2, 'beyond ±2^53'],
    ['[5-1]', 4, 'upper bound is below lower bound'],
    ['[1-5x2]', 5, "unexpected 'x' in range"],
    ['[0:10x0]', 7, 'increment must not be 0'],
    ['[0:10x-2]', 7, 'increment must be positive'],
    ['[0:10x]', 7, 'range increment is not a number'],
    ['[0:10%]', 7, 'empty number format'],
    ['[0:10%#0#]', 9, "'#' after '0' in the integer part"],
    ['[1-5%0.#0]', 9, "'0' after '#' in the fraction part"],
    ['[1-5%0.0.0]', 9, 'second decimal point'],
    ['[1-5%#,]', 7, 'grouping separator ends the integer part'],
    ['[1-5%0E3]', 7, "scientific notation ('E')"],
    ['[1-5%0%%]', 8, "more than one '%'"],
    ["[1-5%'id0]", 6, 'unclosed quote in number format'],
    ['[1-5%0;0;0]', 9, "more than one ';'"],
    ['[1-5%abc]', 9, 'no digit placeholder'],
    ['[ref:1]', 6, 'refers to itself'],
    ['[1-5][ref:3]', 11, 'refers forward'],
    ['[ref:0]', 6, 'must be between 1'],
    ['[ref:x]', 6, 'not a positive integer'],
    ['[file:]', 7, 'file path is empty'],
    ['[file:missing.txt]', 7, 'file not found'],
    ['[sequentialfile:empty.txt]', 17, 'file is empty'],
    ['[streamfile:empty.txt]', 13, 'file is empty'],
    ['[file:.]', 7, 'is a directory'],
    ['[random]', 8, 'random needs a length'],
    ['[random:0]', 9, 'must be between 1'],
    ['[random:x]', 9, 'not a positive integer'],
    ['[random:5:]', 11, 'character set is empty'],
    ['[random:2000000]', 9, 'at most 1000000'],
    ['[uuid:4]', 6, 'uuid takes no options'],
    ['[unique:x]', 8, 'unique takes no options'],
    ['[entry:]', 8, 'entry attribute name is not valid'],
    ['[entry:cn:0]', 11, 'entry prefix length'],
    ['[entry:cn:3:4]', 12, 'at most ATTR:N'],
    ['[timestamp:bogus]', 12, 'min=, max= or format='],
    ['[timestamp:min=20180101000000Z]', 12, 'min= without max='],
    ['[timestamp:min=2018:max=20190101000000Z]', 16, 'min is not a generalized time'],
    ['[timestamp:min=20180101000000Z:max=20181301000000Z]', 36, 'max is not a generalized time'],
    ['[timestamp:min=20180102000000Z:max=20180101000000Z]', 36, 'max must be later than min'],
    ['[timestamp:min=20180101000000Z:max=20180101000000Z]', 36, 'max must be later than min'],
    ['[timestamp:format=]', 19, 'empty date format'],
    ['[timestamp:format=yyyy-qq]', 24, "unsupported date format letter 'q'"],
    ["[timestamp:format=yyyy'T]", 23, 'unclosed quote in date format'],
    ['[timestamp:format=x:min=20180101000000Z:max=20190101000000Z]', 12, 'format must come after'],
  ];
  for (const [text, column, reason] of cases) {
    test(`${text} fails at column ${column}: ${reason}`, () => {
      const err = parseError(text, { baseDir: dir() });
      assertPatternError(err, { what: 'value pattern', pattern: text, column, reason });
    });
  }

  test('random text either parses or fails with a PatternError inside the text', () => {
    // Bracketed bodies built from token fragments reach the token parsers, not just the bracket scan.
    const bodyPiece = fc.oneof(
      fc.constantFrom(':', '-', 'x', '%', ',', '.', '#', "'", ';', '=', '0', '1', '42', '-7', 'E'),
      fc.constantFrom('random:', 'ref:', 'uuid', 'unique', 'entry:', 'file:', 'streamfile:'),
      fc.constantFrom('sequentialfile:', 'timestamp', ':format=', ':min=', ':max=', 'names.txt'),
      fc.constantFrom('yyyy', 'MM', "'T'", 'XXXX', '20180101000000Z', '20190101000000.5Z', 'cn'),
      fc.string({ maxLength: 2 }).map((s) => s.replace(/[[\]]/g, '')),
    );
    const piece = fc.oneof(
      fc.constantFrom('[', ']', '[[', ']]', 'uid=', 'a'),
      fc.string({ maxLength: 3 }),
      fc.array(bodyPiece, { maxLength: 8 }).map((body) => `[${body.join('')}]`),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const text = pieces.join('');
        let pattern: ValuePattern;
        try {
          pattern = parseValuePattern(text, { baseDir: dir() });
        } catch (err) {
          assert.ok(err instanceof PatternError, `not a PatternError: ${String(err)}`);
          assert.ok(
            err.column >= 1 && err.column <= text.length + 1,
            `column ${err.column} of ${text}`,
          );
          return;
        }
        const ctx = context();
        for (let i = 0; i < 3; i++) assert.equal(typeof pattern.next(ctx), 'string');
      }),
      { numRuns: 2000 },
    );
  });
});
