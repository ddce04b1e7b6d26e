import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { fuzz } from './fuzzCheck.ts';
import { CI_FUZZ_SEED, FUZZ_SEED_ENV, fuzzSeed, inCi, withFuzzSeed } from './fuzzSeed.ts';

test('the seed: DIRBENCH_FUZZ_SEED when given (in CI too), else fixed in CI, else random', () => {
  assert.equal(fuzzSeed({ [FUZZ_SEED_ENV]: '-123456' }), -123456);
  assert.equal(fuzzSeed({ [FUZZ_SEED_ENV]: '42', CI: 'true' }), 42);
  assert.equal(fuzzSeed({ CI: 'true' }), CI_FUZZ_SEED);
  assert.equal(fuzzSeed({ CI: '1', [FUZZ_SEED_ENV]: '' }), CI_FUZZ_SEED);
  const local = new Set(Array.from({ length: 20 }, () => fuzzSeed({})));
  assert.ok(local.size > 1, 'a workstation gets a new seed per run');
  for (const seed of local) assert.ok(Number.isInteger(seed) && seed === (seed | 0), `${seed}`);
});

test('CI is any CI value but empty, 0 or false', () => {
  assert.equal(inCi({ CI: 'true' }), true);
  assert.equal(inCi({ CI: 'woodpecker' }), true);
  assert.equal(inCi({ CI: 'false' }), false);
  assert.equal(inCi({ CI: 'FALSE' }), false);
  assert.equal(inCi({ CI: '0' }), false);
  assert.equal(inCi({ CI: '' }), false);
  assert.equal(inCi({}), false);
});

test('a seed that is not a 32-bit integer is refused, naming the variable and what to give', () => {
  for (const bad of ['abc', '1.5', '2147483648', '0x', 'NaN']) {
    assert.throws(
      () => fuzzSeed({ [FUZZ_SEED_ENV]: bad }),
      new RegExp(
        `^Error: ${FUZZ_SEED_ENV}=${bad} is not a seed: give the integer a failed fuzz run printed`,
      ),
    );
  }
});

test('a failing check is reported with its seed and how to replay it; the same seed fails the same way', async () => {
  const env = { [FUZZ_SEED_ENV]: '777' };
  const failing = (seed: number): void =>
    fc.assert(
      fc.property(fc.nat(), (n) => n < 1000),
      { seed },
    );
  const first = await withFuzzSeed('nat below 1000', failing, env).then(
    () => assert.fail('the check passed'),
    (err: unknown) => err as Error,
  );
  assert.match(
    first.message,
    /^fuzz nat below 1000 failed with seed 777; rerun the test with DIRBENCH_FUZZ_SEED=777 to replay it\n/,
  );
  assert.match(first.message, /Counterexample: \[1000\]/);
  assert.ok(first.cause instanceof Error);
  const again = await withFuzzSeed('nat below 1000', failing, env).catch((err: unknown) => err);
  assert.equal((again as Error).message, first.message);
  assert.equal(await withFuzzSeed('passing', (seed) => seed, env), 777);
});

test('fuzz() names the seed of a failing run', async () => {
  const saved = process.env[FUZZ_SEED_ENV];
  process.env[FUZZ_SEED_ENV] = '-5';
  try {
    await assert.rejects(
      fuzz(
        'odd numbers',
        fc.nat(),
        (n) => {
          if (n % 2 === 1) throw new TypeError(`odd ${n}`);
        },
        () => false,
        { numRuns: 200 },
      ),
      /^Error: fuzz odd numbers failed with seed -5; rerun the test with DIRBENCH_FUZZ_SEED=-5 to replay it\n.*Counterexample: \[\d*[13579]\]/s,
    );
  } finally {
    if (saved === undefined) Reflect.deleteProperty(process.env, FUZZ_SEED_ENV);
    else process.env[FUZZ_SEED_ENV] = saved;
  }
});
