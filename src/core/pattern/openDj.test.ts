import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { Prng } from '../datagen/prng.ts';
import { assertPatternError } from '../testing/patternErrorAssert.ts';
import { patternFilesFixture } from '../testing/patternFilesFixture.ts';
import { openDjToValuePattern, parseOpenDjPattern, PatternError } from './index.ts';

const ctx = (seed = 1) => ({ rng: new Prng(seed), entry: () => '', unique: () => '' });
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const dir = patternFilesFixture('dirbench-opendj-');

describe('translation', () => {
  const cases: [format: string, generators: string[], pattern: string][] = [
    // The PingDS/OpenDJ documentation examples.
    [
      'uid=user.{1},ou=people,dc=example,dc=com',
      ['rand(0,2000)'],
      'uid=user.[0-1999],ou=people,dc=example,dc=com',
    ],
    ['description:{2}', ['rand(0,2000)', 'randstr(16)'], `description:[random:16:${ALNUM}]`],
    ['(uid=user.{})', ['rand(0,2000)'], '(uid=user.[0-1999])'],
    ['(uid={1})', ['rand(names.txt)'], '(uid=[file:names.txt])'],
    ['(uid={1})', ['inc(names.txt)'], '(uid=[sequentialfile:names.txt])'],
    ['(uid=user.{1})', ['inc(0,99)'], '(uid=user.[0:99])'],
    ['{1}', ['inc(5,5)'], '[5:5]'],
    ['{1}', ['rand(5,6)'], '[5-5]'],
    ['{1}', ['rand(-10,-5)'], '[-10--6]'],
    ['{1}', ['rand( 1 , 5 )'], '[1-4]'],
    ['{1}-{1}-{2}-{1}', ['rand(1,10)', 'inc(1,3)'], '[1-9]-[ref:1]-[1:3]-[ref:1]'],
    // Later [ref:N] count earlier refs as bracketed components, as UnboundID does.
    ['{2}{1}{2}{1}', ['randstr(3,abc)', 'rand(0,5)'], '[0-4][random:3:abc][ref:1][ref:2]'],
    ['{}-{}', ['inc(1,2)', 'inc(5,6)'], '[1:2]-[5:6]'],
    ['{1}', ['randstr(4,[a-c][0-2]x)'], '[random:4:abc012x]'],
    ['{1}', ['randstr(2,aab[a-c])'], '[random:2:abc]'],
    ['{1}', ['randstr(2,:-)'], '[random:2::-]'],
    // Static arguments are literal text; integers print as Java prints an int.
    ['cn={1},{2}', ['Babs Jensen', '007'], 'cn=Babs Jensen,7'],
    ['{1}{2}', ['+5', '-0'], '50'],
    ['{1}', ['99999999999'], '99999999999'],
    ['[{1}]', ['a[b]'], '[[a[[b]]]]'],
    ['a}b{1}', ['x'], 'a}bx'],
    ['no placeholders [here]', ['rand(0,1)'], 'no placeholders [[here]]'],
    ['', [], ''],
  ];
  for (const [format, generators, pattern] of cases) {
    test(`${JSON.stringify(format)} with ${JSON.stringify(generators)} is ${pattern}`, () => {
      assert.equal(openDjToValuePattern(format, generators), pattern);
    });
  }

  test('literal format text without placeholders expands to itself', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => !s.includes('{')),
        (text) => {
          const pattern = parseOpenDjPattern(text, []);
          assert.equal(pattern.isStatic, true);
          assert.equal(pattern.next(ctx()), text);
        },
      ),
    );
  });

  test('static arguments appear verbatim wherever they are used', () => {
    fc.assert(
      fc.property(
        fc
          .string({ maxLength: 20 })
          .filter((s) => !/^[A-Za-z][A-Za-z0-9]*\(/.test(s) && !/^[+-]?\d+$/.test(s)),
        (value) => {
          assert.equal(parseOpenDjPattern('<{1}|{1}>', [value]).next(ctx()), `<${value}|${value}>`);
        },
      ),
    );
  });
});

describe('generated values', () => {
  test('rand(min,max) draws min..max-1 (OpenDJ: nextInt(max - min) + min)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 2 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer(),
        (min, span, seed) => {
          const max = Math.min(min + span, 2 ** 31 - 1);
          const c = ctx(seed);
          const pattern = parseOpenDjPattern('{1}', [`rand(${min},${max})`]);
          for (let i = 0; i < 20; i++) {
            const v = Number(pattern.next(c));
            assert.ok(
              Number.isInteger(v) && v >= min && v < max,
              `${v} outside ${min}..${max - 1}`,
            );
          }
        },
      ),
    );
    const seen = new Set(
      Array.from({ length: 300 }, (_, i) => parseOpenDjPattern('{1}', ['rand(0,3)']).next(ctx(i))),
    );
    assert.deepEqual([...seen].sort(), ['0', '1', '2']);
  });

  test('inc(min,max) counts min..max inclusive, then wraps to min', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 30 }),
        (min, span) => {
          const pattern = parseOpenDjPattern('{1}', [`inc(${min},${min + span})`]);
          const cycle = Array.from({ length: span + 1 }, (_, i) => String(min + i));
          const c = ctx();
          assert.deepEqual(
            Array.from({ length: 2 * cycle.length + 1 }, () => pattern.next(c)),
            [...cycle, ...cycle, cycle[0]],
          );
        },
      ),
    );
  });

  test('randstr(N) draws N characters from [A-Z][a-z][0-9]; randstr(N,set) from the set', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer(), (n, seed) => {
        const c = ctx(seed);
        assert.match(
          parseOpenDjPattern('{1}', [`randstr(${n})`]).next(c),
          new RegExp(`^[A-Za-z0-9]{${n}}$`),
        );
        assert.match(
          parseOpenDjPattern('{1}', [`randstr(${n},[0-9]-)`]).next(c),
          new RegExp(`^[0-9-]{${n}}$`),
        );
      }),
    );
  });

  test('rand(FILE) yields lines of the file, inc(FILE) the lines in order', () => {
    const options = { baseDir: dir() };
    const c = ctx();
    for (let i = 0; i < 20; i++) {
      assert.ok(
        ['alice', 'bob', 'carol'].includes(
          parseOpenDjPattern('{1}', ['rand(names.txt)'], options).next(c),
        ),
      );
    }
    const inc = parseOpenDjPattern('uid={1}', ['inc(names.txt)'], options);
    assert.deepEqual(
      [1, 2, 3, 4].map(() => inc.next(c)),
      ['uid=alice', 'uid=bob', 'uid=carol', 'uid=alice'],
    );
  });

  test('every use of {N} in one expansion has the same value', () => {
    const gens = fc.constantFrom(
      'rand(0,1000000)',
      'randstr(8)',
      'inc(0,1000)',
      'rand(names.txt)',
      'static',
    );
    fc.assert(
      fc.property(
        fc.array(gens, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        fc.integer(),
        (generators, uses, seed) => {
          const picks = uses.map((u) => (u % generators.length) + 1);
          const pattern = parseOpenDjPattern(picks.map((k) => `{${k}}`).join('|'), generators, {
            baseDir: dir(),
          });
          const c = ctx(seed);
          for (let round = 0; round < 3; round++) {
            const values = pattern.next(c).split('|');
            const first = new Map<number, string>();
            picks.forEach((k, i) => {
              const seen = first.get(k);
              if (seen === undefined) first.set(k, values[i] as string);
              else assert.equal(values[i], seen);
            });
          }
        },
      ),
    );
  });
});

describe('malformed format strings and generators', () => {
  // [format, generators, column, part of the reason]: the caret is under the format string.
  const formatCases: [string, string[], number, string][] = [
    ['{a', [], 1, "'{' must start a placeholder"],
    ['uid={1', ['x'], 5, "'{' must start a placeholder"],
    ['x{0}', ['x'], 3, 'count generators from {1}'],
    ['a{3}', ['x', 'y'], 2, '{3} has no generator: 2 -g arguments given'],
    ['{1}', [], 1, '0 -g arguments given'],
    ['{}{}', ['x'], 3, 'has no generator'],
  ];
  // [generator, column, part of the reason]: used as {1}, the caret is under the generator.
  const generatorCases: [string, number, string][] = [
    ['rand(1,1)', 8, 'needs max > min'],
    ['rand(5,1)', 8, 'max is exclusive'],
    ['inc(5,1)', 7, 'inc(min,max) needs max >= min'],
    ['rand(a,5)', 6, "rand min 'a' is not an integer"],
    ['rand(1, x)', 9, "rand max 'x' is not an integer"],
    ['rand(1,99999999999)', 8, "outside Java's int range"],
    ['rand(1,2,3)', 9, 'takes two numbers'],
    ['rand()', 6, 'needs a file name or min,max'],
    ['rand(1,5', 5, "unclosed '('"],
    ['rand(a)b)', 7, "unexpected ')'"],
    ['rand(a]b)', 7, "file name contains ']'"],
    ['random(1,5)', 1, "unknown generator 'random'"],
    ['randstr(0)', 9, 'between 1 and'],
    ['randstr(x)', 9, 'randstr length'],
    ['randstr(5,)', 11, 'character set is empty'],
    ['randstr(5,[a-])', 11, 'written [x-y]'],
    ['randstr(5,[z-a])', 12, '[z-a] is empty'],
    ['randstr(5,a]b)', 12, "']' cannot be one of the characters"],
    ['randstr(5,[!-~])', 11, "']' cannot be one of the characters"],
  ];
  type Case = [string, string[], string, string, number, string];
  // [format, generators, what, the text the caret is under, column, part of the reason]
  const cases: Case[] = [
    ...formatCases.map(([format, generators, column, reason]): Case => {
      return [format, generators, 'OpenDJ format string', format, column, reason];
    }),
    ...generatorCases.map(([generator, column, reason]): Case => {
      return ['{1}', [generator], 'OpenDJ generator', generator, column, reason];
    }),
    // An unused generator is still checked, as OpenDJ parses every -g argument.
    ['static', ['inc(x,1)'], 'OpenDJ generator', 'inc(x,1)', 5, "inc min 'x'"],
  ];
  for (const [format, generators, what, text, column, reason] of cases) {
    test(`${format} with ${JSON.stringify(generators)}: ${reason}`, () => {
      for (const run of [
        () => openDjToValuePattern(format, generators),
        () => parseOpenDjPattern(format, generators),
      ]) {
        assert.throws(run, (err: unknown) => {
          assertPatternError(err, { what, pattern: text, column, reason });
          return true;
        });
      }
    });
  }

  test('an unreadable file is reported in its generator, under the file name', () => {
    for (const [gen, reason] of [
      ['rand(missing.txt)', 'file not found'],
      ['inc(empty.txt)', 'file is empty'],
    ] as const) {
      assert.doesNotThrow(() => openDjToValuePattern('uid={1}', [gen]));
      assert.throws(
        () => parseOpenDjPattern('uid={1}', [gen], { baseDir: dir() }),
        (err: unknown) =>
          err instanceof PatternError &&
          err.what === 'OpenDJ generator' &&
          err.pattern === gen &&
          err.column === gen.indexOf('(') + 2 &&
          err.reason.includes(reason),
      );
    }
  });

  test('random format strings and generators parse or fail with a PatternError pointing into them', () => {
    const formatPiece = fc.constantFrom(
      '{',
      '}',
      '{1}',
      '{2}',
      '{}',
      '{0}',
      '[',
      ']',
      'uid=',
      'x',
      '9',
    );
    const generator = fc.oneof(
      fc.constantFrom(
        'rand(',
        'inc(',
        'randstr(',
        'random(',
        ')',
        ',',
        '1',
        '-5',
        '[a-z]',
        ']',
        'names.txt',
        'x',
      ),
      fc.string({ maxLength: 3 }),
    );
    fc.assert(
      fc.property(
        fc.array(formatPiece, { maxLength: 8 }),
        fc.array(fc.array(generator, { maxLength: 5 }), { maxLength: 3 }),
        (pieces, gens) => {
          const format = pieces.join('');
          const generators = gens.map((g) => g.join(''));
          try {
            parseOpenDjPattern(format, generators, { baseDir: dir() }).next(ctx());
          } catch (err) {
            assert.ok(err instanceof PatternError, String(err));
            assert.ok([format, ...generators].includes(err.pattern), `caret under ${err.pattern}`);
            assert.ok(err.column >= 1 && err.column <= err.pattern.length + 1);
            assert.ok(['OpenDJ format string', 'OpenDJ generator'].includes(err.what), err.what);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
