import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { fitUsl, uslOpsPerSec } from './usl.ts';
import type { ConcurrencyPoint } from './usl.ts';

const TRUE = { sigma: 0.05, kappa: 0.002, lambdaOpsPerSec: 1_000 };
const DOUBLING = [1, 2, 4, 8, 16, 32, 64];

function exactPoints(params: typeof TRUE, concurrencies: readonly number[]): ConcurrencyPoint[] {
  return concurrencies.map((n) => ({ concurrency: n, opsPerSec: uslOpsPerSec(params, n) }));
}

function fitted(points: readonly ConcurrencyPoint[]) {
  const fit = fitUsl(points);
  if ('refused' in fit) throw new Error(fit.refused);
  return fit;
}

test('exact data gives back sigma, kappa and lambda, the peak and R^2 = 1', () => {
  const fit = fitted(exactPoints(TRUE, DOUBLING));
  assert.ok(Math.abs(fit.sigma - 0.05) < 1e-6, String(fit.sigma));
  assert.ok(Math.abs(fit.kappa - 0.002) < 1e-8, String(fit.kappa));
  assert.ok(Math.abs(fit.lambdaOpsPerSec - 1_000) < 1e-3, String(fit.lambdaOpsPerSec));
  const peakN = Math.sqrt(0.95 / 0.002);
  assert.ok(Math.abs((fit.peakConcurrency ?? 0) - peakN) < 1e-3);
  assert.ok(Math.abs((fit.predictedPeakOpsPerSec ?? 0) - uslOpsPerSec(TRUE, peakN)) < 1e-2);
  assert.ok(fit.rSquared > 0.999_999);
});

test('linear scaling with contention only has no peak concurrency; its asymptote is lambda / sigma', () => {
  const fit = fitted(exactPoints({ sigma: 0.1, kappa: 0, lambdaOpsPerSec: 500 }, DOUBLING));
  assert.equal(fit.peakConcurrency, null);
  assert.ok(Math.abs((fit.predictedPeakOpsPerSec ?? 0) - 5_000) < 1);
});

test('a fit is refused on fewer than 5 steps or 3 concurrencies, saying why', () => {
  assert.deepEqual(fitUsl(exactPoints(TRUE, [1, 2, 4, 8])), {
    refused: 'a USL fit needs at least 5 steps; there are 4',
  });
  assert.deepEqual(fitUsl(exactPoints(TRUE, [1, 1, 2, 2, 2])), {
    refused: 'a USL fit needs at least 3 different concurrencies',
  });
  assert.deepEqual(fitUsl([...exactPoints(TRUE, DOUBLING), { concurrency: 3, opsPerSec: 0 }]), {
    refused: 'a USL fit needs every step at concurrency >= 1 with some throughput',
  });
});

test('property: noisy data from a known USL fits with R^2 >= 0.95 and the peak within 10%', () => {
  fc.assert(
    fc.property(
      fc.double({ min: 0, max: 0.3, noNaN: true }),
      fc.double({ min: 4, max: 60, noNaN: true }),
      fc.double({ min: 50, max: 20_000, noNaN: true }),
      fc.array(fc.double({ min: -0.02, max: 0.02, noNaN: true }), { minLength: 12, maxLength: 12 }),
      (sigma, peakN, lambdaOpsPerSec, noise) => {
        // Kappa from the peak concurrency, so every case peaks inside the measured range.
        const kappa = (1 - sigma) / (peakN * peakN);
        const params = { sigma, kappa, lambdaOpsPerSec };
        const concurrencies = DOUBLING.filter((n) => n <= 4 * peakN || n <= 16);
        const points = concurrencies.map((n, i) => ({
          concurrency: n,
          opsPerSec: uslOpsPerSec(params, n) * (1 + (noise[i] ?? 0)),
        }));
        const fit = fitted(points);
        const truePeak = uslOpsPerSec(params, peakN);
        assert.ok(fit.rSquared >= 0.95, `R^2 ${fit.rSquared}`);
        const peak = fit.predictedPeakOpsPerSec ?? Number.POSITIVE_INFINITY;
        assert.ok(Math.abs(peak - truePeak) <= 0.1 * truePeak, `peak ${peak} against ${truePeak}`);
      },
    ),
    { numRuns: 200 },
  );
});
