// The Universal Scalability Law, X(N) = lambda N / (1 + sigma (N - 1) + kappa N (N - 1)), fitted by least squares.
import type { UslFit } from '../../shared/capacity.ts';
import { nelderMead } from './nelderMead.ts';

/** Fewest steps a fit is made from: three parameters need more points than that to say anything. */
export const USL_MIN_POINTS = 5;

/** One closed step's throughput at its concurrency. */
export interface ConcurrencyPoint {
  concurrency: number;
  opsPerSec: number;
}

/** Throughput the law predicts at concurrency `n`. */
export function uslOpsPerSec(
  fit: Pick<UslFit, 'sigma' | 'kappa' | 'lambdaOpsPerSec'>,
  n: number,
): number {
  return (fit.lambdaOpsPerSec * n) / (1 + fit.sigma * (n - 1) + fit.kappa * n * (n - 1));
}

/**
 * Fits sigma (contention, 0..1), kappa (coherency, >= 0) and lambda by non-linear least squares on
 * throughput: lambda is solved exactly for each (sigma, kappa), which a simplex minimises from the
 * linearised fit's answer. Refused, with why, on fewer than 5 points or fewer than 3 concurrencies.
 */
export function fitUsl(points: readonly ConcurrencyPoint[]): UslFit | { refused: string } {
  if (points.length < USL_MIN_POINTS) {
    return {
      refused: `a USL fit needs at least ${USL_MIN_POINTS} steps; there are ${points.length}`,
    };
  }
  if (new Set(points.map((p) => p.concurrency)).size < 3) {
    return { refused: 'a USL fit needs at least 3 different concurrencies' };
  }
  if (points.some((p) => !(p.concurrency >= 1) || !(p.opsPerSec > 0))) {
    return { refused: 'a USL fit needs every step at concurrency >= 1 with some throughput' };
  }
  // Scales kappa so both unknowns move the model about as much, which the simplex needs.
  const scale = Math.max(...points.map((p) => p.concurrency)) ** 2;
  const [sigma0, kappa0] = linearisedStart(points);
  const fitted = nelderMead(
    ([s = 0, k = 0]) => residuals(points, bounded(s), Math.max(0, k) / scale).sse,
    [sigma0, kappa0 * scale],
    [0.05, Math.max(0.05, kappa0 * scale * 0.5)],
  );
  const sigma = bounded(fitted[0] ?? 0);
  const kappa = Math.max(0, fitted[1] ?? 0) / scale;
  const { sse, lambda } = residuals(points, sigma, kappa);
  const meanX = points.reduce((sum, p) => sum + p.opsPerSec, 0) / points.length;
  const sst = points.reduce((sum, p) => sum + (p.opsPerSec - meanX) ** 2, 0);
  const params = { sigma, kappa, lambdaOpsPerSec: lambda };
  const peakConcurrency = kappa > 0 ? Math.sqrt((1 - sigma) / kappa) : null;
  return {
    ...params,
    peakConcurrency,
    predictedPeakOpsPerSec: peakPrediction(params, peakConcurrency),
    rSquared: sst === 0 ? (sse === 0 ? 1 : 0) : 1 - sse / sst,
  };
}

function bounded(sigma: number): number {
  return Math.min(1, Math.max(0, sigma));
}

/** Peak throughput at N*, or the asymptote lambda / sigma when nothing turns the curve down. */
function peakPrediction(
  params: Pick<UslFit, 'sigma' | 'kappa' | 'lambdaOpsPerSec'>,
  peakConcurrency: number | null,
): number | null {
  if (peakConcurrency !== null) return uslOpsPerSec(params, Math.max(1, peakConcurrency));
  return params.sigma > 0 ? params.lambdaOpsPerSec / params.sigma : null;
}

/** Squared error with lambda at its least-squares value for this sigma and kappa (the model is linear in it). */
function residuals(
  points: readonly ConcurrencyPoint[],
  sigma: number,
  kappa: number,
): { sse: number; lambda: number } {
  const shape = points.map((p) =>
    uslOpsPerSec({ sigma, kappa, lambdaOpsPerSec: 1 }, p.concurrency),
  );
  const lambda =
    points.reduce((sum, p, i) => sum + p.opsPerSec * (shape[i] ?? 0), 0) /
    shape.reduce((sum, f) => sum + f * f, 0);
  const sse = points.reduce((sum, p, i) => sum + (p.opsPerSec - lambda * (shape[i] ?? 0)) ** 2, 0);
  return { sse, lambda };
}

/**
 * Sigma and kappa from the law rearranged as N lambda / X - 1 = sigma (N - 1) + kappa N (N - 1),
 * lambda taken from the lowest concurrency's throughput per client: exact on exact data, a start
 * for the non-linear fit otherwise.
 */
function linearisedStart(points: readonly ConcurrencyPoint[]): [number, number] {
  const lowest = points.reduce((a, b) => (b.concurrency < a.concurrency ? b : a));
  const lambda = lowest.opsPerSec / lowest.concurrency;
  let aa = 0;
  let ab = 0;
  let bb = 0;
  let ay = 0;
  let by = 0;
  for (const p of points) {
    const a = p.concurrency - 1;
    const b = p.concurrency * (p.concurrency - 1);
    const y = (p.concurrency * lambda) / p.opsPerSec - 1;
    aa += a * a;
    ab += a * b;
    bb += b * b;
    ay += a * y;
    by += b * y;
  }
  const det = aa * bb - ab * ab;
  if (det === 0) return [0, 0];
  return [bounded((ay * bb - by * ab) / det), Math.max(0, (aa * by - ab * ay) / det)];
}
