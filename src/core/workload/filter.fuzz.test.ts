import { test } from 'node:test';
import fc from 'fast-check';
import { FilterParser } from 'ldapts';
import { Prng } from '../datagen/prng.ts';
import { ApiError } from '../../shared/errors.ts';
import { fuzz, joined, maybeTruncated, oddText } from '../testing/fuzzCheck.ts';
import { parseValuePattern } from '../pattern/index.ts';
import { filterPatternField } from './patternFields.ts';

// RFC 4515 pieces: attribute descriptions, match operators, values with escapes and stars, nesting.
const attribute = fc.constantFrom(
  'cn',
  'uid',
  'objectClass',
  '2.5.4.3',
  'cn;lang-en',
  'c n',
  '',
  '-x',
  'é',
);
const operator = fc.constantFrom(
  '=',
  '~=',
  '>=',
  '<=',
  ':=',
  ':dn:=',
  ':caseExactMatch:=',
  ':dn:2.5.13.2:=',
  '>',
  '==',
);
const valuePiece = fc.oneof(
  fc.constantFrom(
    'a',
    'user.1',
    '*',
    '\\2a',
    '\\28',
    '\\29',
    '\\5c',
    '\\00',
    '\\',
    '\\zz',
    '\\2',
    ' ',
  ),
  fc.constantFrom('[1-100]', '[entry:cn]', '[unique]', '[random:3]', '[[', ']]', '[', ']'),
  oddText,
);
const value = joined(valuePiece, 4);
const item = fc.tuple(attribute, operator, value).map(([a, o, v]) => `(${a}${o}${v})`);

const filter: fc.Arbitrary<string> = fc.letrec<{ f: string }>((tie) => ({
  f: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    item,
    fc
      .tuple(fc.constantFrom('&', '|', '!', '', '&&'), fc.array(tie('f'), { maxLength: 3 }))
      .map(([op, parts]) => `(${op}${parts.join('')})`),
    fc.constantFrom('(', ')', '()', '(objectClass=*)', ' ', 'cn=a'),
  ),
})).f;
const text = maybeTruncated(
  fc.oneof(
    filter,
    joined(filter, 3),
    fc.tuple(filter, oddText).map(([a, b]) => a + b),
  ),
);

/** One expansion of the pattern where entry values and unique tokens are plain words. */
function expand(t: string): string {
  const ctx = { rng: new Prng(3), entry: () => 'v', unique: () => 'u1' };
  return parseValuePattern(t).next(ctx);
}

test('filters: the workload check rejects with its own error or accepts what ldapts can parse', async () => {
  await fuzz(
    'filter',
    text,
    (t) => {
      const accepted = filterPatternField(t, 'filter', {});
      // What the check lets through must not fail later, when the search is built for the run.
      FilterParser.parseString(expand(accepted));
    },
    (err) => err instanceof ApiError && err.kind === 'validation' && err.field === 'filter',
  );
});
