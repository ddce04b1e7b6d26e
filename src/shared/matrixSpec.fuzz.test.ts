import { test } from 'node:test';
import fc from 'fast-check';
import { ApiError } from './errors.ts';
import { fuzz, looseRecord, mostly, numberText, oddValue } from '../core/testing/fuzzCheck.ts';
import { estimateMatrixS, expandMatrixCells, validateMatrixSpec } from './matrixSpec.ts';

/** A list of mostly valid items with the odd bad one, rarely far too long. */
const axis = <T>(item: fc.Arbitrary<T>, maxLength = 3) =>
  fc.oneof(
    {
      weight: 50,
      arbitrary: fc.uniqueArray(mostly(item, oddValue), {
        minLength: 1,
        maxLength,
        selector: (v) => JSON.stringify(v),
      }),
    },
    { weight: 1, arbitrary: fc.array(item, { minLength: 99, maxLength: 102 }) },
    { weight: 1, arbitrary: fc.constant([]) },
  );
const badCount = fc.oneof(fc.constantFrom(0, -1, 10_000_001, 2 ** 31, NaN), fc.double());
const count = (min: number, max: number) => mostly(fc.integer({ min, max }), badCount);

const server = mostly(
  fc.oneof(
    looseRecord({
      lab: mostly(fc.constantFrom('openldap', '389ds', 'opendj'), fc.constantFrom('ad', '')),
    }),
    looseRecord({ targetId: mostly(fc.constantFrom('t1', 't2'), fc.constantFrom('', ' ')) }),
  ),
  fc.constant({ lab: 'openldap', targetId: 't1' }),
);
const policy = fc.oneof(
  mostly(
    fc.constantFrom('persistent', 'per-op', 'rebind', 'reconnect:10'),
    fc.oneof(
      fc.constantFrom('reconnect:0', 'reconnect:', ' rebind ', 'bogus'),
      numberText.map((n) => `reconnect:${n}`),
    ),
  ),
  looseRecord({
    kind: mostly(fc.constantFrom('persistent', 'reconnect', 'per-op'), fc.constant('x')),
    everyOps: count(1, 1000),
  }),
);

const matrix = looseRecord({
  id: mostly(
    fc.constantFrom('user/a', 'builtin/salford'),
    fc.constantFrom('user/', 'x/y', 'user/a b'),
  ),
  name: mostly(fc.constantFrom('Salford at 10K', 'm'), fc.constantFrom('', ' ', 'x'.repeat(201))),
  description: fc.string({ maxLength: 10 }),
  servers: axis(server),
  sizes: axis(count(1, 10_000_000)),
  indexProfiles: axis(
    mostly(fc.constantFrom('salford-indexed', 'none', 'mvault'), fc.constant('')),
  ),
  shape: mostly(fc.constantFrom('salford', 'flat'), fc.constant('tree')),
  load: mostly(fc.constantFrom('offline', 'protocol'), fc.constant('ldap')),
  workloads: axis(mostly(fc.constantFrom('salford/S.1', 'read-random', 'user/x'), fc.constant(''))),
  connections: axis(count(1, 10_000)),
  depth: count(1, 1000),
  policies: axis(policy),
  repeats: count(1, 20),
  warmupS: count(0, 3600),
  durationS: count(1, 86_400),
  seed: count(0, 2 ** 31 - 1),
  studyConcurrency: fc.boolean(),
  poolEntries: count(1, 10_000_000),
});

test('matrix files: validation accepts or raises a validation error naming a field, quickly', async () => {
  await fuzz(
    'matrix spec',
    matrix,
    (input) => {
      const spec = validateMatrixSpec(input);
      // An accepted matrix must also expand and estimate without surprises.
      estimateMatrixS(spec, undefined, expandMatrixCells(spec));
    },
    (err) => err instanceof ApiError && err.kind === 'validation' && typeof err.field === 'string',
  );
});
