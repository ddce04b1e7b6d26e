import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  logGamma,
  regularizedIncompleteBeta,
  studentTTwoSidedP,
  welchTTest,
} from './compareWelch.ts';

/** Asserts |actual - expected| <= relative * |expected| (or `absolute` near zero). */
function near(actual: number, expected: number, relative = 1e-9, absolute = 1e-15): void {
  const tolerance = Math.max(Math.abs(expected) * relative, absolute);
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${actual} is not within ${tolerance} of ${expected}`,
  );
}

test('log-gamma matches factorials and Γ(1/2) = √π', () => {
  near(logGamma(1), 0, 0, 1e-14);
  near(logGamma(5), Math.log(24), 1e-13);
  near(logGamma(20), Math.log(121645100408832000), 1e-13);
  near(logGamma(0.5), Math.log(Math.sqrt(Math.PI)), 1e-13);
  near(logGamma(0.1), Math.log(9.513507698668732), 1e-12);
});

// Reference values from scipy 1.17.1: scipy.special.betainc(a, b, x).
test('the regularized incomplete beta function matches scipy', () => {
  near(regularizedIncompleteBeta(0.5, 0.5, 0.3), 0.36901011956554536);
  near(regularizedIncompleteBeta(2.5, 0.5, 0.9), 0.48958974456442755);
  near(regularizedIncompleteBeta(10, 0.5, 0.2), 1.994982493613096e-8);
  near(regularizedIncompleteBeta(1.7, 3.2, 0.55), 0.8305107411293268);
  near(regularizedIncompleteBeta(50, 0.5, 0.999), 0.7523690199653766);
  assert.equal(regularizedIncompleteBeta(2, 3, 0), 0);
  assert.equal(regularizedIncompleteBeta(2, 3, 1), 1);
  assert.throws(() => regularizedIncompleteBeta(0, 1, 0.5), RangeError);
  assert.throws(() => regularizedIncompleteBeta(1, 1, 1.5), RangeError);
});

// Reference values from scipy 1.17.1: 2 * scipy.stats.t.sf(abs(t), df).
test("Student's t two-sided p-values match scipy, whole and fractional df", () => {
  near(studentTTwoSidedP(2.0, 3.5), 0.12613852257591343);
  near(studentTTwoSidedP(0.3, 1), 0.8144528418445154);
  near(studentTTwoSidedP(5.0, 7.25), 0.0014112006196353448);
  near(studentTTwoSidedP(-1.2, 100), 0.23297456721824167);
  near(studentTTwoSidedP(12.0, 2.2), 0.004783413875517491);
  assert.equal(studentTTwoSidedP(0, 4), 1);
  assert.equal(studentTTwoSidedP(Infinity, 4), 0);
  assert.throws(() => studentTTwoSidedP(1, 0), RangeError);
});

// Reference values from scipy 1.17.1: scipy.stats.ttest_ind(a, b, equal_var=False) -> statistic, df, pvalue.
const SCIPY_WELCH: { name: string; a: number[]; b: number[]; t: number; df: number; p: number }[] =
  [
    {
      name: 'five repeats each, clearly apart',
      a: [1010, 985, 1032, 998, 1005],
      b: [950, 962, 941, 970, 955],
      t: 5.480851676458479,
      df: 6.8161864363640605,
      p: 0.0010116396208688747,
    },
    {
      name: 'unequal sizes and variances, not significant',
      a: [12.1, 14.3, 11.8, 13.5],
      b: [10.2, 10.9, 15.8, 9.1, 12.4, 11.0, 13.3],
      t: 1.079126279383025,
      df: 8.998768671089115,
      p: 0.30860521559943094,
    },
    {
      name: 'two repeats each (df near 1)',
      a: [900, 1100],
      b: [1000, 1050],
      t: -0.24253562503633297,
      df: 1.1245136186770428,
      p: 0.8450283873936709,
    },
    {
      name: 'far apart: a p-value near 1e-15',
      a: [100, 101, 102, 103, 104, 105],
      b: [200, 201, 199, 202, 198, 200],
      t: -101.83542873408325,
      df: 9.307692307692307,
      p: 1.6755600178664874e-15,
    },
    {
      name: 'one side constant',
      a: [5, 5, 5],
      b: [4, 6, 5.5, 3.5],
      t: 0.42008402520840293,
      df: 3.0,
      p: 0.7026969438943617,
    },
  ];

for (const c of SCIPY_WELCH) {
  test(`Welch's t-test matches scipy: ${c.name}`, () => {
    const result = welchTTest(c.a, c.b);
    assert.ok(result);
    near(result.t, c.t);
    near(result.df, c.df);
    near(result.pValue, c.p, 1e-8);
  });
}

test('identical samples: t = 0, p = 1', () => {
  const result = welchTTest([1, 2, 3], [1, 2, 3]);
  // scipy 1.17.1 gives statistic 0.0, df 4.0, pvalue 1.0.
  assert.deepEqual(result, { t: 0, df: 4, pValue: 1 });
});

test('zero variance on both sides: equal means p = 1, different means p = 0', () => {
  // scipy gives nan for the first (0 / 0) and -inf, p 0.0 for the second; DirBench reads the data as they are.
  assert.deepEqual(welchTTest([5, 5], [5, 5, 5]), { t: 0, df: 3, pValue: 1 });
  assert.deepEqual(welchTTest([5, 5], [6, 6, 6]), { t: -Infinity, df: 3, pValue: 0 });
  assert.deepEqual(welchTTest([7, 7], [6, 6]), { t: Infinity, df: 2, pValue: 0 });
});

test('fewer than two values on a side, or a value that is not finite: no test', () => {
  assert.equal(welchTTest([1], [1, 2, 3]), null);
  assert.equal(welchTTest([1, 2], []), null);
  assert.equal(welchTTest([1, NaN], [1, 2]), null);
  assert.equal(welchTTest([1, 2], [1, Infinity]), null);
});
