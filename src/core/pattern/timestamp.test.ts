import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { Prng } from '../datagen/prng.ts';
import { compileDateFormat } from './dateFormat.ts';
import { failAt, PatternError } from './errors.ts';
import { formatGeneralizedTime, parseGeneralizedTime } from './timestamp.ts';
import { parseValuePattern } from './valuePattern.ts';

const ctx = (seed = 1) => ({ rng: new Prng(seed), entry: () => '', unique: () => '' });
// Dates UnboundID can write as four-digit generalized time.
const YEAR_0 = new Date(Date.UTC(2000, 0, 1)).setUTCFullYear(0);
const YEAR_10000 = Date.UTC(10000, 0, 1);
const instant = fc.integer({ min: Date.UTC(1000, 0, 1), max: YEAR_10000 - 1 });

describe('generalized time', () => {
  test('formatting then parsing gives the same instant, to the millisecond', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const text = formatGeneralizedTime(ms);
        assert.match(text, /^\d{14}\.\d{3}Z$/);
        assert.equal(parseGeneralizedTime(text), ms);
      }),
    );
    assert.equal(formatGeneralizedTime(YEAR_0 + 1), '00000101000000.001Z');
  });

  const cases: [string, string | undefined][] = [
    ['20180102030405.678Z', '2018-01-02T03:04:05.678Z'],
    ['20180102030405Z', '2018-01-02T03:04:05.000Z'],
    ['20180102030405.5Z', '2018-01-02T03:04:05.500Z'],
    ['20180102030405,25Z', '2018-01-02T03:04:05.250Z'],
    ['201801020304Z', '2018-01-02T03:04:00.000Z'],
    ['2018010203Z', '2018-01-02T03:00:00.000Z'],
    ['20180102030405+0130', '2018-01-02T01:34:05.000Z'],
    ['20180102030405-05', '2018-01-02T08:04:05.000Z'],
    ['20180230000000Z', undefined],
    ['20181301000000Z', undefined],
    ['20180101240000Z', undefined],
    ['2018', undefined],
    ['20180101000000', undefined],
    ['', undefined],
  ];
  for (const [text, iso] of cases) {
    test(`${text || '(empty)'} reads as ${iso ?? 'invalid'}`, () => {
      const ms = parseGeneralizedTime(text);
      assert.equal(ms === undefined ? undefined : new Date(ms).toISOString(), iso);
    });
  }
});

describe('random timestamps', () => {
  test('[timestamp:min=..:max=..] stays within [min, max] in every output format', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 1, max: 10 * 365 * 86_400_000 }),
        fc.integer(),
        (min, span, seed) => {
          const max = Math.min(min + span, YEAR_10000 - 1);
          fc.pre(max > min);
          const range = `min=${formatGeneralizedTime(min)}:max=${formatGeneralizedTime(max)}`;
          const c = ctx(seed);
          for (let i = 0; i < 5; i++) {
            const ms = Number(
              parseValuePattern(`[timestamp:${range}:format=milliseconds]`).next(c),
            );
            assert.ok(ms >= min && ms <= max, `${ms} outside ${min}..${max}`);
            const s = Number(parseValuePattern(`[timestamp:${range}:format=seconds]`).next(c));
            assert.ok(s >= Math.floor(min / 1000) && s <= Math.floor(max / 1000));
            const gt = parseGeneralizedTime(parseValuePattern(`[timestamp:${range}]`).next(c));
            assert.ok(gt !== undefined && gt >= min && gt <= max);
            const text = parseValuePattern(
              `[timestamp:${range}:format=yyyyMMddHHmmss.SSS'Z']`,
            ).next(c);
            const back = parseGeneralizedTime(text);
            assert.ok(back !== undefined && back >= min && back <= max, text);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  test('both bounds can be drawn: the range is inclusive', () => {
    const seen = new Set(
      Array.from({ length: 200 }, () => 0).map((_, i) =>
        parseValuePattern(
          '[timestamp:min=20180101000000.000Z:max=20180101000000.001Z:format=milliseconds]',
        ).next(ctx(i)),
      ),
    );
    assert.deepEqual([...seen].sort(), ['1514764800000', '1514764800001']);
  });

  test('[timestamp] and format=milliseconds/seconds give the current time', () => {
    const before = Date.now();
    const gt = parseGeneralizedTime(parseValuePattern('[timestamp]').next(ctx()));
    const ms = Number(parseValuePattern('[timestamp:format=milliseconds]').next(ctx()));
    const s = Number(parseValuePattern('[timestamp:format=seconds]').next(ctx()));
    const after = Date.now();
    assert.ok(gt !== undefined && gt >= before && gt <= after);
    assert.ok(ms >= before && ms <= after);
    assert.ok(s >= Math.floor(before / 1000) && s <= Math.floor(after / 1000));
  });
});

describe('SimpleDateFormat outputs match Java (time zone UTC)', () => {
  const morning = Date.UTC(2018, 2, 4, 5, 6, 7, 89); // Sunday 4 March 2018
  const midnight = Date.UTC(2018, 2, 4, 0, 6, 7, 0);
  const afternoon = Date.UTC(2018, 11, 31, 13, 0, 0, 5);
  const cases: [string, number, string][] = [
    ["yyyy-MM-dd'T'HH:mm:ss.SSSZ", morning, '2018-03-04T05:06:07.089+0000'],
    ['yyyyMMddHHmmss', morning, '20180304050607'],
    ['y', morning, '2018'],
    ['yy', morning, '18'],
    ['yyy', morning, '2018'],
    ['yyyyy', morning, '02018'],
    ['M MM MMM MMMM', morning, '3 03 Mar March'],
    ['L LLL LLLL', morning, '3 Mar March'],
    ['d dd D DDD F', morning, '4 04 63 063 1'],
    ['E EEE EEEE u', morning, 'Sun Sun Sunday 7'],
    ['H k K h a', morning, '5 5 5 5 AM'],
    ['H k K h a', midnight, '0 24 0 12 AM'],
    ['HH kk KK hh a', afternoon, '13 13 01 01 PM'],
    ['D', afternoon, '365'],
    ['S SS SSS', morning, '89 89 089'],
    ['z zzzz Z X XX XXX', morning, 'UTC Coordinated Universal Time +0000 Z Z Z'],
    ['G', morning, 'AD'],
    ["'at' HH 'o''clock'", morning, "at 05 o'clock"],
    ["''", morning, "'"],
    ["'T''T'", morning, "T'T"],
    ['dd/MM/yy, HH:mm', afternoon, '31/12/18, 13:00'],
  ];
  for (const [pattern, ms, java] of cases) {
    test(`${pattern} gives ${java}`, () => {
      assert.equal(compileDateFormat(pattern, failAt(pattern, 1, 'date format'))(ms), java);
    });
  }

  test('unsupported letters and long ISO zones are rejected where they stand', () => {
    for (const [pattern, column] of [
      ['yyyy-ww', 6],
      ['XXXX', 1],
      ["HH 'x", 4],
    ] as const) {
      assert.throws(
        () => compileDateFormat(pattern, failAt(pattern, 1, 'date format')),
        (err: unknown) => err instanceof PatternError && err.column === column,
        pattern,
      );
    }
  });
});
