// Mean and 95% confidence interval over repeats of one benchmark cell (runner summaries and compare charts).

/** Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom. */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
];

/** The 97.5% quantile of Student's t with `df` degrees of freedom (table up to 30, then a Cornish-Fisher expansion). */
export function studentT975(df: number): number {
  if (df <= T_975.length) return T_975[df - 1] as number;
  const z = 1.959964;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df);
}

/**
 * Mean of `values` and the half-width of its 95% confidence interval (Student t, sample standard
 * deviation): the true mean lies in mean +- ci95HalfWidth. With fewer than two values there is no
 * interval: ci95HalfWidth is NaN (and mean is NaN for none).
 */
export function repeatStats(values: number[]): { mean: number; ci95HalfWidth: number; n: number } {
  const n = values.length;
  if (n === 0) return { mean: NaN, ci95HalfWidth: NaN, n };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n === 1) return { mean, ci95HalfWidth: NaN, n };
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1);
  return { mean, ci95HalfWidth: (studentT975(n - 1) * Math.sqrt(variance)) / Math.sqrt(n), n };
}
