import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from './errors.ts';
import { parseRateProfile } from './rateProfile.ts';

test('line format: holds and ramps, comments and blank lines ignored', () => {
  const steps = parseRateProfile('# warm up\n5 500\n\n10 500 2000  # ramp\n10 2000\n');
  assert.deepEqual(steps, [
    { durationS: 5, fromOpsPerSec: 500, toOpsPerSec: 500 },
    { durationS: 10, fromOpsPerSec: 500, toOpsPerSec: 2000 },
    { durationS: 10, fromOpsPerSec: 2000, toOpsPerSec: 2000 },
  ]);
});

test('JSON format; a missing toOpsPerSec holds the rate', () => {
  assert.deepEqual(parseRateProfile('[{"durationS": 3, "fromOpsPerSec": 100}]'), [
    { durationS: 3, fromOpsPerSec: 100, toOpsPerSec: 100 },
  ]);
});

test('bad lines name the line and say what to write', () => {
  assert.throws(
    () => parseRateProfile('5 500\nten 100'),
    (err: unknown) =>
      err instanceof ApiError && err.field === 'rateProfile' && /line 2/.test(err.message),
  );
  assert.throws(() => parseRateProfile('[1,'), /not valid JSON/);
  assert.throws(() => parseRateProfile('# only a comment'), /no steps/);
});
