// The open-model search's knobs, their defaults and the checks on what a user gives.
import { invalid } from '../../shared/errors.ts';
import type { Threshold } from '../../shared/thresholds.ts';
import { requireSlos } from './slo.ts';

/** Rate multiplier between steps up (and down, when the first rate already fails). */
export const DEFAULT_GROWTH_FACTOR = 2;

/** Bisection stops when (fail - pass) / pass is at most this (`--precision 2%`). */
export const DEFAULT_PRECISION = 0.02;

/** Most steps one search runs, confirmation included (`--max-steps`). */
export const DEFAULT_MAX_STEPS = 20;

/** Lowest rate a search steps down to before it says nothing passed. */
export const MIN_RATE_OPS_PER_SEC = 1;

/** What a caller gives an open-model search. */
export interface OpenSearchOptions {
  slos: readonly Threshold[];
  /** The first rate: a short closed probe's throughput or the client's calibrated ceiling. */
  firstRateOpsPerSec: number;
  growthFactor?: number;
  precision?: number;
  /** Highest rate a step may schedule; null for none. */
  maxRateOpsPerSec?: number | null;
  maxSteps?: number;
  /** Re-run the best passing rate once before reporting it (default true). */
  confirm?: boolean;
}

/** Options with every default filled in and checked. */
export interface OpenSearchSettings {
  slos: readonly Threshold[];
  firstRateOpsPerSec: number;
  growthFactor: number;
  precision: number;
  maxRateOpsPerSec: number;
  maxSteps: number;
  confirm: boolean;
}

/** Fills defaults and refuses values a search cannot run with, naming the option and its range. */
export function openSearchSettings(options: OpenSearchOptions): OpenSearchSettings {
  const growthFactor = options.growthFactor ?? DEFAULT_GROWTH_FACTOR;
  const precision = options.precision ?? DEFAULT_PRECISION;
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  const maxRate = options.maxRateOpsPerSec ?? Number.POSITIVE_INFINITY;
  requireSlos(options.slos, 'slo');
  const first = options.firstRateOpsPerSec;
  if (!(first > 0) || !Number.isFinite(first)) {
    throw invalid(
      'firstRateOpsPerSec',
      `firstRateOpsPerSec must be a rate above 0 ops/s, got ${first}`,
    );
  }
  if (!(growthFactor > 1) || !Number.isFinite(growthFactor)) {
    throw invalid('growthFactor', `growthFactor must be above 1, got ${growthFactor}`);
  }
  if (!(precision > 0 && precision < 1)) {
    throw invalid(
      'precision',
      `precision must be above 0% and below 100%, got ${precision * 100}%`,
    );
  }
  if (!Number.isInteger(maxSteps) || maxSteps < 1) {
    throw invalid('maxSteps', `maxSteps must be a whole number of at least 1, got ${maxSteps}`);
  }
  if (!(maxRate >= MIN_RATE_OPS_PER_SEC)) {
    throw invalid(
      'maxRateOpsPerSec',
      `maxRateOpsPerSec must be at least ${MIN_RATE_OPS_PER_SEC} ops/s, got ${maxRate}`,
    );
  }
  return {
    slos: options.slos,
    firstRateOpsPerSec: Math.min(
      Math.floor(maxRate),
      Math.max(MIN_RATE_OPS_PER_SEC, Math.round(first)),
    ),
    growthFactor,
    precision,
    // Whole rates keep the steps' labels and the bisection's end readable.
    maxRateOpsPerSec: Math.floor(maxRate),
    maxSteps,
    confirm: options.confirm ?? true,
  };
}
