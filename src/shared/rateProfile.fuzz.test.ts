import { test } from 'node:test';
import fc from 'fast-check';
import { fuzz, joined, maybeTruncated, numberText, oddText } from '../core/testing/fuzzCheck.ts';
import { ApiError } from './errors.ts';
import { parseRateProfile } from './rateProfile.ts';
import { validateRateProfile } from './validation.ts';

// --rate-profile files: "SECONDS RATE" or "SECONDS FROM TO" lines, comments, odd numbers and junk.
const line = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(numberText, numberText, fc.option(numberText))
      .map(([a, b, c]) => [a, b, c].filter((x) => x !== null).join(' ')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '# ramp', '  ', '\t10\t100', '10,100', '10 100 200 300'),
  },
  { weight: 1, arbitrary: oddText },
);
const text = maybeTruncated(
  joined(
    line.map((l) => `${l}\n`),
    8,
  ),
);

test('rate profiles: parse and validate, or raise a validation error naming the option, quickly', async () => {
  await fuzz(
    'rate profile',
    text,
    (t) => validateRateProfile(parseRateProfile(t, '--rate-profile'), 10),
    (err) => err instanceof ApiError && err.kind === 'validation' && typeof err.field === 'string',
  );
});
