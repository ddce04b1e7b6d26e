import { test } from 'node:test';
import fc from 'fast-check';
import { Prng } from '../datagen/prng.ts';
import { fuzz, joined, maybeTruncated, numberText, oddText } from '../testing/fuzzCheck.ts';
import { PatternError, parseOpenDjPattern, parseValuePattern } from './index.ts';
import type { PatternContext, ValuePattern } from './index.ts';

const num = numberText;
const decimalFormat = joined(
  fc.constantFrom('0', '#', ',', '.', ';', "'", '%', '\u2030', 'E', '-', 'x'),
  8,
);
const dateFormat = joined(
  fc.constantFrom(
    'yyyy',
    'MM',
    'dd',
    'HH',
    'mm',
    'ss',
    'SSS',
    'EEEE',
    'MMMM',
    "'",
    'Z',
    'X',
    'G',
    'a',
    '-',
    ':',
    ' ',
  ),
  6,
);

// Token bodies built from the grammar's own words, numbers and formats, then arbitrary junk.
const tokenBody: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(num, fc.constantFrom('-', ':', '', '--'), num).map(([a, s, b]) => `${a}${s}${b}`),
  fc.tuple(num, num, num).map(([a, b, c]) => `${a}:${b}x${c}`),
  fc.tuple(num, num, decimalFormat).map(([a, b, f]) => `${a}-${b}%${f}`),
  fc.tuple(num, num, num, decimalFormat).map(([a, b, c, f]) => `${a}:${b}x${c}%${f}`),
  fc
    .tuple(num, fc.option(oddText))
    .map(([n, cs]) => (cs === null ? `random:${n}` : `random:${n}:${cs}`)),
  fc
    .tuple(num, num, fc.option(dateFormat))
    .map(([a, b, f]) => `timestamp:min=${a}:max=${b}${f === null ? '' : `:format=${f}`}`),
  fc.constantFrom(
    'timestamp',
    'timestamp:format=seconds',
    'timestamp:format=milliseconds',
    'timestamp:min=20180101000000Z:max=20191231235959.999Z',
    'timestamp:format=yyyyMMdd',
    'uuid',
    'uuid:x',
    'unique',
    'unique:',
    'random',
    'random:',
    'http://x',
    'ref:',
    'entry:',
    '',
  ),
  num.map((n) => `ref:${n}`),
  fc
    .tuple(fc.constantFrom('cn', 'uid', '1.2.3', 'a;b', '-x', ''), fc.option(num))
    .map(([a, n]) => (n === null ? `entry:${a}` : `entry:${a}:${n}`)),
  fc
    .tuple(fc.constantFrom('file', 'randomfile', 'sequentialfile', 'streamfile'), oddText)
    .map(([k, p]) => `${k}:/nonexistent/dirbench-fuzz/${p}`),
  oddText,
);

const piece: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: maybeTruncated(tokenBody.map((b) => `[${b}]`)) },
  { weight: 2, arbitrary: fc.constantFrom('[[', ']]', '[', ']', 'uid=user.', ',', '=') },
  { weight: 1, arbitrary: oddText },
);

const pattern = maybeTruncated(joined(piece, 6));

function context(): PatternContext {
  let unique = 0;
  return { rng: new Prng(7), entry: (a) => `v-${a}`, unique: () => `u${++unique}` };
}

/** Expanding a parsed pattern never throws: every problem must surface at parse time. */
function expandSome(p: ValuePattern): void {
  const ctx = context();
  for (let i = 0; i < 3; i++) p.next(ctx);
}

const isPatternError = (err: unknown): boolean => err instanceof PatternError;

test('value patterns: any text either parses and expands or raises PatternError, quickly', async () => {
  await fuzz(
    'value pattern',
    pattern,
    (text) => expandSome(parseValuePattern(text)),
    isPatternError,
  );
});

// OpenDJ generators: rand(), inc(), randstr() with numbers, file names and junk.
const generator: fc.Arbitrary<string> = maybeTruncated(
  fc.oneof(
    fc.tuple(fc.constantFrom('rand', 'inc'), num, num).map(([g, a, b]) => `${g}(${a},${b})`),
    fc.tuple(fc.constantFrom('rand', 'inc'), oddText).map(([g, f]) => `${g}(/nonexistent/${f})`),
    fc
      .tuple(num, fc.option(oddText))
      .map(([n, cs]) => (cs === null ? `randstr(${n})` : `randstr(${n},${cs})`)),
    fc
      .tuple(fc.constantFrom('rand', 'inc', 'randstr', 'foo', ''), oddText)
      .map(([g, a]) => `${g}(${a})`),
    oddText,
  ),
);
const format = maybeTruncated(
  joined(
    fc.oneof(
      fc.nat(4).map((n) => `{${n}}`),
      fc.constantFrom('{', '}', '{x}', 'uid=user.', '[', ']', '%'),
      oddText,
    ),
    5,
  ),
);

test('OpenDJ format strings and generators: parse and expand or raise PatternError, quickly', async () => {
  await fuzz(
    'OpenDJ pattern',
    fc.tuple(format, fc.array(generator, { maxLength: 3 })),
    ([f, gens]) => expandSome(parseOpenDjPattern(f, gens)),
    isPatternError,
  );
});
