// Welch's t-test for two sets of repeats (unequal variances), with Student's t distribution from the
// regularized incomplete beta function: whether a baseline and a candidate differ beyond their noise.

/** Lanczos coefficients for g = 7, n = 9 (about 15 significant digits for positive arguments). */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos approximation). */
export function logGamma(x: number): number {
  if (x < 0.5) {
    // Reflection keeps the series in its accurate range: Γ(x)Γ(1-x) = π / sin(πx).
    return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  }
  const z = x - 1;
  let sum = LANCZOS[0] as number;
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] as number) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const MAX_ITERATIONS = 300;
const EPSILON = 1e-15;
const TINY = 1e-300;

/** The continued fraction of the incomplete beta function, by the modified Lentz method (Numerical Recipes 6.4). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITERATIONS; m++) {
    const m2 = 2 * m;
    // Even step of the recurrence.
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    // Odd step.
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b) for a, b > 0 and 0 <= x <= 1. */
export function regularizedIncompleteBeta(a: number, b: number, x: number): number {
  if (!(a > 0 && b > 0) || Number.isNaN(x) || x < 0 || x > 1)
    throw new RangeError(`incomplete beta needs a, b > 0 and 0 <= x <= 1 (got ${a}, ${b}, ${x})`);
  if (x === 0) return 0;
  if (x === 1) return 1;
  const front = Math.exp(
    logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x),
  );
  // The fraction converges fast only below the mean of the beta distribution: use the symmetry above it.
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** P(|T| >= |t|) for Student's t with `df` (> 0, not necessarily whole) degrees of freedom. */
export function studentTTwoSidedP(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`Student's t needs df > 0 (got ${df})`);
  if (Number.isNaN(t)) return NaN;
  if (!Number.isFinite(t)) return 0;
  return regularizedIncompleteBeta(df / 2, 0.5, df / (df + t * t));
}

/** Welch's t-test of two samples: statistic, Welch-Satterthwaite degrees of freedom, two-sided p-value. */
export interface WelchResult {
  /** (mean of a - mean of b) / standard error: positive when a's mean is above b's. */
  t: number;
  df: number;
  /** Two-sided: the chance of a difference at least this large if both came from one mean. */
  pValue: number;
}

function meanAndVariance(values: readonly number[]): { mean: number; variance: number } {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
  return { mean, variance };
}

/**
 * Welch's unequal-variances t-test of `a` against `b` (as scipy's `ttest_ind(a, b, equal_var=False)`).
 * Null when either side has fewer than two values or a value is not finite: there is no variance
 * to test against. When neither side varies, the standard error is zero and the data alone decide:
 * equal means give t = 0 and p = 1, different means t = ±Infinity and p = 0 (df is then
 * n_a + n_b - 2, the limit for equal variances).
 */
export function welchTTest(a: readonly number[], b: readonly number[]): WelchResult | null {
  if (a.length < 2 || b.length < 2) return null;
  if (![...a, ...b].every(Number.isFinite)) return null;
  const x = meanAndVariance(a);
  const y = meanAndVariance(b);
  const seA = x.variance / a.length;
  const seB = y.variance / b.length;
  const se2 = seA + seB;
  const difference = x.mean - y.mean;
  if (se2 === 0) {
    const df = a.length + b.length - 2;
    if (difference === 0) return { t: 0, df, pValue: 1 };
    return { t: difference > 0 ? Infinity : -Infinity, df, pValue: 0 };
  }
  const t = difference / Math.sqrt(se2);
  const df = (se2 * se2) / ((seA * seA) / (a.length - 1) + (seB * seB) / (b.length - 1));
  return { t, df, pValue: studentTTwoSidedP(t, df) };
}
