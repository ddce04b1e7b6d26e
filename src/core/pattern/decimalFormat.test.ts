import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { Prng } from '../datagen/prng.ts';
import { compileDecimalFormat } from './decimalFormat.ts';
import { failAt, PatternError } from './errors.ts';
import { parseValuePattern } from './valuePattern.ts';

/** DecimalFormat(format).format(value), our way. */
function format(pattern: string, value: number): string {
  return compileDecimalFormat(pattern, failAt(pattern, 1, 'number format'))(value);
}

// What java.text.DecimalFormat(pattern).format((long) value) prints in the US locale.
const JAVA: [pattern: string, value: number, java: string][] = [
  ['0000', 5, '0005'],
  ['0000', 0, '0000'],
  ['0000', 12345, '12345'],
  ['0000', -5, '-0005'],
  ['#,##0', 0, '0'],
  ['#,##0', 999, '999'],
  ['#,##0', 1000, '1,000'],
  ['#,##0', 1234567, '1,234,567'],
  ['#,##0', -1234, '-1,234'],
  ['#,##,###', 1234567, '1,234,567'],
  ['00,00', 5, '00,05'],
  ['00,00', 12345, '1,23,45'],
  ["'id'000", 5, 'id005'],
  ["'id'000", -5, '-id005'],
  ["'#'0", 7, '#7'],
  ["# o''clock", 5, "5 o'clock"],
  ["'o''clock' 0", 5, "o'clock 5"],
  ['0 EUR', 5, '5 EUR'],
  ['0.00', 5, '5.00'],
  ['0.00', 0, '0.00'],
  ['0.00', -5, '-5.00'],
  ['#,##0.00', 1234, '1,234.00'],
  ['0.0#', 5, '5.0'],
  ['0.#', 5, '5'],
  ['0.', 5, '5.'],
  ['#', 0, '0'],
  ['#', 42, '42'],
  ['#.##', 0, '0'],
  ['#.##', 5, '5'],
  ['.00', 0, '.00'],
  ['.00', 5, '5.00'],
  // DecimalFormat reads ".##" as ".0#": one fraction digit is always shown.
  ['.##', 5, '5.0'],
  ['0%', 5, '500%'],
  ['0‰', 5, '5000‰'],
  ['%0', -5, '-%500'],
  ['0;(0)', 5, '5'],
  ['0;(0)', -5, '(5)'],
  ['#,##0.00;(#,##0.00)', -1234, '(1,234.00)'],
  // A negative subpattern with the positive affixes means "prefix '-'".
  ['0;0', -5, '-5'],
  ['0;', -5, '-5'],
  ['005', 3, '035'],
  ['0', 9007199254740991, '9007199254740991'],
  ['0%', 9007199254740991, '900719925474099100%'],
];

describe('DecimalFormat outputs match Java', () => {
  for (const [pattern, value, java] of JAVA) {
    test(`${pattern} formats ${value} as ${java}`, () => {
      assert.equal(format(pattern, value), java);
    });
  }

  test('range tokens use the same formats', () => {
    const ctx = { rng: new Prng(3), entry: () => '', unique: () => '' };
    for (const [pattern, value, java] of JAVA) {
      if (pattern.includes(']')) continue;
      assert.equal(parseValuePattern(`[${value}:${value}%${pattern}]`).next(ctx), java, pattern);
    }
  });
});

describe('DecimalFormat properties', () => {
  test('0…0 pads to its width and reads back as the value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: -1e15, max: 1e15 }),
        (width, value) => {
          const out = format('0'.repeat(width), value);
          assert.equal(Number(out), value);
          assert.ok(out.replace('-', '').length >= width);
          if (Math.abs(value) < 10 ** (width - 1)) assert.equal(out.replace('-', '').length, width);
        },
      ),
    );
  });

  test('#,##0 puts a comma every three digits and nowhere else', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (value) => {
        const out = format('#,##0', value);
        assert.match(out, /^-?\d{1,3}(,\d{3})*$/);
        assert.equal(Number(out.replace(/,/g, '')), value);
      }),
    );
  });

  test('malformed formats fail with a PatternError inside the format, never anything else', () => {
    const pieces = ['0', '#', ',', '.', "'", ';', '%', '‰', 'E', '¤', '-', 'a', ' ', "''"];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 10 }),
        fc.integer(),
        (parts, value) => {
          const pattern = parts.join('');
          let run: (v: number) => string;
          try {
            run = compileDecimalFormat(pattern, failAt(pattern, 1));
          } catch (err) {
            assert.ok(err instanceof PatternError);
            assert.ok(err.column >= 1 && err.column <= pattern.length + 1);
            return;
          }
          assert.equal(typeof run(value), 'string');
        },
      ),
      { numRuns: 1000 },
    );
  });
});
